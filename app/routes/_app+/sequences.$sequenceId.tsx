import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, type ShouldRevalidateFunction, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { GooglePermissionsNotice } from '#app/components/mail/google-permissions-dialog.tsx'
import { ConfirmNotice } from '#app/components/sequences/sequence-drawer/drawer-notices.tsx'
import { SequenceDrawerPage } from '#app/components/sequences/sequence-drawer/sequence-drawer.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '#app/components/ui/sheet.tsx'
import { requireActor } from '#app/models/session/auth.server.ts'
import { loadDrawer } from './__sequence-drawer-loader.server.ts'
import { runDrawerAction } from './__sequence-drawer.server.ts'

// The sequence drawer over the Sequences list. The loader is the drawer's data (also loaded by
// the View Sequences dialog's fetcher); the action takes every change the drawer makes, one
// intent per form (see __sequence-drawer.server.ts beside this route).

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	return loadDrawer(actor, params.sequenceId ?? '', new URL(request.url))
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	return runDrawerAction(actor, params.sequenceId ?? '', await request.formData())
}

/**
 * After the drawer deleted its sequence (Delete, Cancel generation, the last step removed), this
 * page's loader would only answer "Sequence not found" and unmount the drawer before it reads the
 * fetcher's result and closes itself; it closes to the list instead, which loads fresh.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
	if ((actionResult as { sequenceDeleted?: boolean } | undefined)?.sequenceDeleted) return false
	return defaultShouldRevalidate
}

export default function SequenceDrawerRoute() {
	const loaderData = useLoaderData<typeof loader>()
	const { drawer, returnTo, closeTo, editId, confirm, confirmKind, confirmStepId, permissions } = loaderData
	if (!drawer) {
		return (
			<Sheet open>
				<SheetContent inline aria-labelledby="sequence-drawer-missing" aria-describedby={undefined}>
					<SheetHeader>
						<SheetTitle id="sequence-drawer-missing">Sequence not found</SheetTitle>
						<SheetDescription>This sequence does not exist or was deleted.</SheetDescription>
					</SheetHeader>
					<Link to={closeTo} className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
						Back to sequences
					</Link>
				</SheetContent>
			</Sheet>
		)
	}
	const notice =
		confirm === 'delete' ? (
			<ConfirmNotice returnTo={returnTo} intent="delete" />
		) : confirm === 'delete-step' &&
		  confirmStepId &&
		  (confirmKind === 'email' || confirmKind === 'linkedin' || confirmKind === 'phone') ? (
			<ConfirmNotice returnTo={returnTo} intent="delete-step" kind={confirmKind} stepId={confirmStepId} />
		) : permissions ? (
			<GooglePermissionsNotice redirectTo={returnTo} />
		) : null
	return (
		<SequenceDrawerPage
			key={drawer.sequence.id}
			data={drawer}
			returnTo={returnTo}
			closeTo={closeTo}
			editId={editId}
			notice={notice}
		/>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{
		title: data?.drawer
			? `${data.drawer.sequence.subject || 'Sequence'} · Sequences · Reachout`
			: 'Sequence · Reachout',
	},
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
