import { type ActionFunctionArgs } from '@remix-run/node'
import {
	activateGenerationRun,
	getGenerationRun,
} from '#app/models/assistant/generation-run-progress.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST → { activated }: every draft of the run starts sending (reviewed together).
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const run = await getGenerationRun(actor.organizationId, params.id ?? '')
	if (!run) return apiError(404, 'not_found', 'Generation not found')
	const activated = await activateGenerationRun(actor.organizationId, run.id)
	return Response.json({ activated, message: activatedMessage(activated) })
}

export function activatedMessage(count: number) {
	return count === 1 ? '1 sequence activated' : `${count.toLocaleString('en-US')} sequences activated`
}
