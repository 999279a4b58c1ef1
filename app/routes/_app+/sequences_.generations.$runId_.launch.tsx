import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { PreflightReport } from '#app/components/preflight/preflight-report.tsx'
import { findGenerationRunId } from '#app/models/assistant/generation-run-progress.server.ts'
import {
	launchGenerationRun,
	PreflightProblemsError,
	preflightGenerationRun,
} from '#app/models/preflight/launch.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { PREFLIGHT_MESSAGES } from '#app/schemas/preflight.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

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
	const form = await request.formData()
	let activated: number | null
	try {
		activated = await launchGenerationRun({
			actor,
			runId,
			acknowledgeProblems: form.get('acknowledgeProblems') === 'on',
		})
	} catch (error) {
		if (error instanceof PreflightProblemsError)
			return data({ error: PREFLIGHT_MESSAGES.acknowledgeRequired }, { status: 400 })
		throw error
	}
	const count = activated ?? 0
	return redirectWithToast(`/sequences/generations/${runId}`, {
		type: count > 0 ? 'success' : 'info',
		title:
			count === 0
				? 'No drafts to activate'
				: `${count.toLocaleString('en-US')} ${count === 1 ? 'sequence' : 'sequences'} activated`,
	})
}

export default function GenerationRunLaunchRoute() {
	const { check } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<Link
				to={`/sequences/generations/${check.target.id}`}
				className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
			>
				<ArrowLeft className="size-4" aria-hidden="true" />
				Back to the drafts
			</Link>
			<PageHeader className="mb-0" title={`Pre-flight check — ${check.target.name}`} />
			<PreflightReport
				check={check}
				launchLabel={`Activate ${check.sequences.toLocaleString('en-US')} ${check.sequences === 1 ? 'draft' : 'drafts'}`}
				error={actionData?.error}
				busy={navigation.state !== 'idle'}
			/>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Pre-flight check · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
