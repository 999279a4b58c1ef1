import { type ActionFunctionArgs } from '@remix-run/node'
import { launchGenerationRun, PreflightProblemsError } from '#app/models/preflight/launch.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { AcknowledgeProblemsSchema } from '#app/schemas/preflight.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { preflightProblemsResponse } from './__sequence-api.server.ts'

export const loader = methodNotAllowed

// POST { acknowledgeProblems? } → { activated }: every draft of the run starts sending (reviewed
// together), after the pre-flight check: its problems answer 409 preflight_problems unless
// acknowledged (decision 051).
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { acknowledgeProblems } = await parseJsonBody(request, AcknowledgeProblemsSchema)
	try {
		const activated = await launchGenerationRun({ actor, runId: params.id ?? '', acknowledgeProblems })
		if (activated === null) return apiError(404, 'not_found', 'Generation not found')
		return Response.json({ activated, message: activatedMessage(activated) })
	} catch (error) {
		if (error instanceof PreflightProblemsError) return preflightProblemsResponse(error)
		throw error
	}
}

export function activatedMessage(count: number) {
	return count === 1 ? '1 sequence activated' : `${count.toLocaleString('en-US')} sequences activated`
}
