import { type ActionFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { addContactsToTag } from '#app/models/tag/tag.server.ts'
import { contactFilterOfBulkBody } from '#app/schemas/contact-filter.ts'
import { AddContactsToTagSchema } from '#app/schemas/tag.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { contact_ids: [ids] | 'all', search?, tags?, campaign?, list?, exclude_ids? } → { added }.
// With 'all' the filter fields are the ones the user saw; contacts already tagged are skipped.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, AddContactsToTagSchema)
	const added = await addContactsToTag(actor.organizationId, params.tagId ?? '', {
		selection: body.contact_ids,
		filter: contactFilterOfBulkBody(body),
		excludeIds: body.exclude_ids,
	})
	if (added === null) return apiError(404, 'not_found', 'Tag not found')
	return Response.json({ added })
}
