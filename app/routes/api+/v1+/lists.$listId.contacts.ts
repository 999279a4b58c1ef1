import { type ActionFunctionArgs } from '@remix-run/node'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import { addContactsToList, findList } from '#app/models/list/list.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { contactFilterOfBulkBody } from '#app/schemas/contact-filter.ts'
import { AddContactsToListSchema, contactsAddedToListMessage } from '#app/schemas/list.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { contactIds: [ids] | 'all', search?, tags?, campaign?, list?, exclude_ids? }
// → { added, message }. With 'all' the filter fields are the ones the user saw. Administrators only.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const forbidden = listPermissionError(actor, 'add')
	if (forbidden) return apiError(403, 'forbidden', forbidden)
	const list = await findList(actor.organizationId, params.listId ?? '')
	if (!list) return apiError(404, 'not_found', 'List not found')
	const body = await parseJsonBody(request, AddContactsToListSchema)
	const { added } = await addContactsToList(
		actor.organizationId,
		list.id,
		body.contactIds,
		contactFilterOfBulkBody(body),
		body.exclude_ids,
	)
	return Response.json({ added, message: contactsAddedToListMessage(added) })
}
