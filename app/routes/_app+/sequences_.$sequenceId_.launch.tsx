import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { PreflightReport } from '#app/components/preflight/preflight-report.tsx'
import {
	findSequenceId,
	launchSequence,
	PreflightProblemsError,
	preflightSequence,
} from '#app/models/preflight/launch.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { PREFLIGHT_MESSAGES } from '#app/schemas/preflight.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

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
	const form = await request.formData()
	try {
		await launchSequence({ actor, sequenceId, acknowledgeProblems: form.get('acknowledgeProblems') === 'on' })
	} catch (error) {
		if (error instanceof PreflightProblemsError)
			return data({ error: PREFLIGHT_MESSAGES.acknowledgeRequired }, { status: 400 })
		throw error
	}
	return redirectWithToast('/sequences', { type: 'success', title: 'Sequence updated successfully' })
}

export default function SequenceLaunchRoute() {
	const { check } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<Link
				to={`/sequences/${check.target.id}`}
				className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
			>
				<ArrowLeft className="size-4" aria-hidden="true" />
				Back to the sequence
			</Link>
			<PageHeader className="mb-0" title={`Pre-flight check — ${check.target.name}`} />
			<PreflightReport
				check={check}
				launchLabel="Activate sequence"
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
