import { type ActionFunctionArgs } from '@remix-run/node'
import { preflightGenerationRun } from '#app/models/preflight/launch.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST → the pre-flight check of the run's drafts (a campaign's run is the campaign's launch):
// the send calendar and every problem with its fix. POST …/activate launches them.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const check = await preflightGenerationRun(actor.organizationId, params.id ?? '')
	if (!check) return apiError(404, 'not_found', 'Generation not found')
	return Response.json(check)
}
