import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
	getReplyIntentActions,
	updateReplyIntentActions,
} from '#app/models/reply-intent/reply-intent-settings.server.ts'
import { canManageOrganization, requireApiActor } from '#app/models/session/auth.server.ts'
import { REPLY_ACTIONS_FORBIDDEN, ReplyIntentActionsSchema } from '#app/schemas/reply-intent-settings.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/v1/settings/reply-actions → { data: { OUT_OF_OFFICE, NOT_NOW, … } }: what happens after
// each kind of reply (decision 052). PATCH with some of them (owners and admins) → the whole set.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const actions = await getReplyIntentActions(actor.organizationId)
	if (!actions) return apiError(404, 'not_found', 'Organization not found')
	return Response.json({ data: actions })
}

export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'PATCH') return methodNotAllowed()
	const actor = await requireApiActor(request)
	if (!canManageOrganization(actor)) return apiError(403, 'forbidden', REPLY_ACTIONS_FORBIDDEN)
	const changes = await parseJsonBody(request, ReplyIntentActionsSchema.strict())
	return Response.json({ data: await updateReplyIntentActions(actor.organizationId, changes) })
}
