import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AcceptInvitation, InvitationError } from '#app/components/invitations/accept-invitation.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#app/components/ui/card.tsx'
import { findInvitationByToken, leaveWarning } from '#app/models/organization/accept-invite.server.ts'
import { getActor, requireActor } from '#app/models/session/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { acceptInvitationAnswer, invitationView, warningView } from './__accept-invitation.server.ts'

// The emailed invitation link (decision 040). Signed out: who invites whom, and Sign in, which comes
// back here. Signed in as the invited email: Accept, with what joining leaves behind. A first
// sign-in joins on its own (sign-in.server.ts), so the page then finds the user already a member.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const invitation = await findInvitationByToken(params.token ?? '')
	if (!invitation) return data({ state: 'invalid' as const }, { status: 404 })
	const actor = await getActor(request)
	if (actor?.organizationId === invitation.organizationId)
		return redirectWithToast('/contacts', {
			type: 'success',
			title: `You are a member of ${invitation.organizationName}`,
		})
	if (invitation.state === 'accepted') return data({ state: 'invalid' as const }, { status: 404 })
	const view = invitationView(invitation)
	if (invitation.state === 'expired')
		return data({ state: 'expired' as const, invitation: view }, { status: 410 })
	if (!actor) {
		const signIn = `/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`
		return { state: 'signed-out' as const, invitation: view, signIn }
	}
	if (actor.email.toLowerCase() !== invitation.email)
		return { state: 'other-email' as const, invitation: view, signedInAs: actor.email }
	const warning = warningView(await leaveWarning(actor.userId))
	return { state: 'valid' as const, invitation: view, warning }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const invitation = await findInvitationByToken(params.token ?? '')
	if (!invitation)
		return data({ error: 'This invitation is no longer valid. Ask for a new one.' }, { status: 404 })
	return acceptInvitationAnswer(actor, invitation.id)
}

export default function InvitationRoute() {
	const loaded = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
			<Card className="w-full max-w-lg">
				<CardHeader>
					<h1 className="text-2xl font-semibold tracking-tight">Invitation to Reachout</h1>
				</CardHeader>
				<CardContent className="flex flex-col gap-4">
					<InvitationError message={actionData && 'error' in actionData ? actionData.error : null} />
					<InvitationState loaded={loaded} />
				</CardContent>
			</Card>
		</main>
	)
}

function InvitationState({ loaded }: { loaded: ReturnType<typeof useLoaderData<typeof loader>> }) {
	if (loaded.state === 'invalid')
		return (
			<p className="text-sm">
				This invitation link is no longer valid: it was replaced by a newer email, cancelled or already used.
				Ask the person who invited you to resend it.
			</p>
		)
	const { invitation } = loaded
	if (loaded.state === 'expired')
		return (
			<p className="text-sm">
				The invitation to join {invitation.organizationName} has expired (invitations are valid for 7 days).
				Ask {invitation.invitedByName ?? 'the person who invited you'} to resend it.
			</p>
		)
	if (loaded.state === 'signed-out')
		return (
			<>
				<p className="text-sm">
					{invitation.invitedByName ?? 'A teammate'} invited {invitation.email} to join{' '}
					<strong>{invitation.organizationName}</strong>. Sign in with that email address to join.
				</p>
				<Link to={loaded.signIn} className={buttonVariants()}>
					Sign in to join {invitation.organizationName}
				</Link>
			</>
		)
	if (loaded.state === 'other-email')
		return (
			<>
				<p className="text-sm">
					This invitation is for {invitation.email}, but you are signed in as {loaded.signedInAs}. Sign out,
					then open the link again and sign in as {invitation.email}.
				</p>
				<Form method="post" action="/logout">
					<Button type="submit" variant="outline">
						Sign out
					</Button>
				</Form>
			</>
		)
	return <AcceptInvitation invitation={invitation} warning={loaded.warning} />
}

export const meta: MetaFunction = () => [{ title: 'Invitation · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
