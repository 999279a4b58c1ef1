import { type ActionFunctionArgs } from '@remix-run/node'
import { requireApiPlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'
import { setPlanStatus } from '#app/models/admin/set-plan-status.server.ts'
import { SetPlanStatusSchema } from '#app/schemas/admin.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// PUT { planStatus: ACTIVE | TRIAL | NONE } → { id, name, planStatus }; audited. Administrators only.
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireApiPlatformAdmin(request)
	if (request.method !== 'PUT' && request.method !== 'PATCH') return methodNotAllowed()
	const input = await parseJsonBody(request, SetPlanStatusSchema)
	const updated = await setPlanStatus(actor, params.id ?? '', input.planStatus)
	if (!updated) return apiError(404, 'not_found', 'Organization not found')
	return Response.json(updated)
}
