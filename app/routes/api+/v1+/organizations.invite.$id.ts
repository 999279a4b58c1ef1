import { type ActionFunctionArgs } from '@remix-run/node'
import { cancelInvite } from '#app/models/organization/invites.server.ts'
import { requireApiActor, requireOrganizationManager } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

export function loader() {
	return methodNotAllowed()
}

// DELETE: cancels the invite; 404 when it is not this organization's.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'DELETE') return methodNotAllowed()
	const actor = await requireApiActor(request)
	requireOrganizationManager(actor)
	const cancelled = await cancelInvite(actor.organizationId, params.id ?? '')
	if (!cancelled) return apiError(404, 'not_found', 'Invite not found')
	return Response.json({ id: params.id, cancelled: true })
}
