import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AcceptInvitation, InvitationError } from '#app/components/invitations/accept-invitation.tsx'
import { leaveWarning, listInvitationsFor } from '#app/models/organization/accept-invite.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import {
	acceptInvitationAnswer,
	invitationView,
	warningView,
} from '#app/routes/_auth+/__accept-invitation.server.ts'

// Invitations to the signed-in user's email from other organizations: someone already in an
// organization is not moved by signing in, so the app's banner leads here to accept (decision 040).
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const [invitations, warning] = await Promise.all([listInvitationsFor(actor), leaveWarning(actor.userId)])
	return { invitations: invitations.map(invitationView), warning: warningView(warning) }
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const inviteId = (await request.formData()).get('inviteId')
	if (typeof inviteId !== 'string' || !inviteId)
		return data({ error: 'Invitation is required' }, { status: 400 })
	return acceptInvitationAnswer(actor, inviteId)
}

export default function InvitationsRoute() {
	const { invitations, warning } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
			<h1 className="text-2xl font-semibold tracking-tight">Invitations</h1>
			<InvitationError message={actionData && 'error' in actionData ? actionData.error : null} />
			{invitations.length ? (
				invitations.map((invitation) => (
					<AcceptInvitation key={invitation.id} invitation={invitation} warning={warning} />
				))
			) : (
				<p className="text-sm text-muted-foreground">You have no pending invitations.</p>
			)}
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Invitations · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
