import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getListWithContacts } from '#app/models/list/list.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

const PageSchema = z.object({
	take: z.coerce.number().int().min(1).max(CONTACTS_PAGE_SIZE).catch(CONTACTS_PAGE_SIZE),
	skip: z.coerce.number().int().min(0).catch(0),
})

export const action = methodNotAllowed

// GET /lists/:slug?take&skip → { id, slug, name, description, contacts, meta: { total, take, skip } }.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const url = new URL(request.url)
	const { take, skip } = PageSchema.parse({
		take: url.searchParams.get('take') ?? undefined,
		skip: url.searchParams.get('skip') ?? undefined,
	})
	const list = await getListWithContacts(actor.organizationId, params.slug ?? '', { take, skip })
	if (!list) return apiError(404, 'not_found', 'List not found')
	const { total, createdAt: _createdAt, ...rest } = list
	return Response.json({ ...rest, meta: { total, take, skip } })
}
