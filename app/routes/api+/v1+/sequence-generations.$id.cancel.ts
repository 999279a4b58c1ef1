import { type ActionFunctionArgs } from '@remix-run/node'
import { cancelGenerationRun } from '#app/models/assistant/generation-run-progress.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST → { cancelled }: the sequences still generating are removed; written drafts stay.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const cancelled = await cancelGenerationRun(actor.organizationId, params.id ?? '')
	if (cancelled === null) return apiError(404, 'not_found', 'Generation not found')
	return Response.json({ cancelled })
}
