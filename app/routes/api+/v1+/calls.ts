import { type LoaderFunctionArgs } from '@remix-run/node'
import { listDueCalls } from '#app/models/phone-call/list-due-calls.server.ts'
import { canManageOrganization, requireApiActor } from '#app/models/session/auth.server.ts'
import { hasPhoneCalls } from '#app/models/user/feature-flags.server.ts'
import { CALL_MESSAGES, CallScopeSchema } from '#app/schemas/phone-call.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET /api/v1/calls[?scope=all] → { data: { scope, timeZone, overdue, today, upcoming } }: the calls
// due for the signed-in user (decision 030). scope=all (owners and admins) lists the organization's.
// Behind the sequence:phone flag: 404 without it.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	if (!(await hasPhoneCalls(actor.userId))) return apiError(404, 'not_found', 'Not found')
	const scope = CallScopeSchema.parse(new URL(request.url).searchParams.get('scope') ?? undefined)
	if (scope === 'all' && !canManageOrganization(actor))
		return apiError(403, 'forbidden', CALL_MESSAGES.scopeForbidden)
	const list = await listDueCalls({ organizationId: actor.organizationId, userId: actor.userId, scope })
	return Response.json({ data: list })
}
