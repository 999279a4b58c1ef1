import { type ActionFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { addTagsToContact } from '#app/models/tag/tag.server.ts'
import { AddTagsToContactSchema } from '#app/schemas/tag.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { tagIds } adds tags to one contact → { added, tags: [{ id, name }] } (all its tags now).
// A contact or any tag of another organization is a 404 and nothing changes.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { tagIds } = await parseJsonBody(request, AddTagsToContactSchema)
	const result = await addTagsToContact(actor.organizationId, params.id ?? '', tagIds)
	if (!result.ok) {
		return apiError(
			404,
			'not_found',
			result.reason === 'contact_not_found' ? 'Contact not found' : 'Tag not found',
		)
	}
	return Response.json({ added: result.added, tags: result.tags })
}
