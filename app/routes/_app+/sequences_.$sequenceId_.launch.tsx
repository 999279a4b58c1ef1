import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PreflightPage } from '#app/components/preflight/preflight-page.tsx'
import { findSequenceId, launchSequence, preflightSequence } from '#app/models/preflight/launch.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { launchFromPreflightForm } from './__preflight-launch.server.ts'

// A draft's pre-flight check (decision 051): where Activate sequence leads when the check finds
// problems, and a page of its own without JavaScript. Launch (or Launch anyway, acknowledged).

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const check = await preflightSequence(actor.organizationId, params.sequenceId ?? '')
	if (!check) throw new Response('Sequence not found', { status: 404 })
	return { check }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	// Only the 404 here: launchSequence runs the check itself.
	const sequenceId = await findSequenceId(actor.organizationId, params.sequenceId ?? '')
	if (!sequenceId) throw new Response('Sequence not found', { status: 404 })
	return launchFromPreflightForm(
		request,
		(acknowledgeProblems) => launchSequence({ actor, sequenceId, acknowledgeProblems }),
		() => redirectWithToast('/sequences', { type: 'success', title: 'Sequence updated successfully' }),
	)
}

export default function SequenceLaunchRoute() {
	const { check } = useLoaderData<typeof loader>()
	return (
		<PreflightPage
			check={check}
			backTo={`/sequences/${check.target.id}`}
			backLabel="Back to the sequence"
			launchLabel="Activate sequence"
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Pre-flight check · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
