import { type LoaderFunctionArgs } from '@remix-run/node'
import { getListWithContacts } from '#app/models/list/list.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { takeSkipFromSearchParams } from '#app/utils/pagination.ts'

export const action = methodNotAllowed

// GET /lists/:slug?take&skip → { id, slug, name, description, contacts, meta: { total, take, skip } }.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const { take, skip } = takeSkipFromSearchParams(new URL(request.url).searchParams, CONTACTS_PAGE_SIZE)
	const list = await getListWithContacts(actor.organizationId, params.slug ?? '', { take, skip })
	if (!list) return apiError(404, 'not_found', 'List not found')
	const { total, createdAt: _createdAt, ...rest } = list
	return Response.json({ ...rest, meta: { total, take, skip } })
}
