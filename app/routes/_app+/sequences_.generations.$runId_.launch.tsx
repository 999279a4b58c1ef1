import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PreflightPage } from '#app/components/preflight/preflight-page.tsx'
import { findGenerationRunId } from '#app/models/assistant/generation-run-progress.server.ts'
import { launchGenerationRun, preflightGenerationRun } from '#app/models/preflight/launch.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { launchFromPreflightForm } from './__preflight-launch.server.ts'

// The pre-flight check of a Generate Sequences run's drafts — a campaign's launch when the run is
// a campaign's (decision 051). Activate drafts leads here when the check finds problems.

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const check = await preflightGenerationRun(actor.organizationId, params.runId ?? '')
	if (!check) throw new Response('Generation not found', { status: 404 })
	return { check }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const runId = await findGenerationRunId(actor.organizationId, params.runId ?? '')
	if (!runId) throw new Response('Generation not found', { status: 404 })
	return launchFromPreflightForm(
		request,
		(acknowledgeProblems) => launchGenerationRun({ actor, runId, acknowledgeProblems }),
		(activated) => {
			const count = activated ?? 0
			return redirectWithToast(`/sequences/generations/${runId}`, {
				type: count > 0 ? 'success' : 'info',
				title:
					count === 0
						? 'No drafts to activate'
						: `${count.toLocaleString('en-US')} ${count === 1 ? 'sequence' : 'sequences'} activated`,
			})
		},
	)
}

export default function GenerationRunLaunchRoute() {
	const { check } = useLoaderData<typeof loader>()
	const drafts = `${check.sequences.toLocaleString('en-US')} ${check.sequences === 1 ? 'draft' : 'drafts'}`
	return (
		<PreflightPage
			check={check}
			backTo={`/sequences/generations/${check.target.id}`}
			backLabel="Back to the drafts"
			launchLabel={`Activate ${drafts}`}
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Pre-flight check · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
