import { type ActionFunctionArgs } from '@remix-run/node'
import { preflightSequence } from '#app/models/preflight/launch.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST → the draft's pre-flight check (decision 051): its send calendar and every problem with its
// fix. Nothing changes; PUT /sequences/:id { status: 'ACTIVE' } launches it.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const check = await preflightSequence(actor.organizationId, params.id ?? '')
	if (!check) return apiError(404, 'not_found', SEQUENCE_MESSAGES.sequenceNotFound)
	return Response.json(check)
}
