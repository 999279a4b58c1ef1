import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { createTag, listTags } from '#app/models/tag/tag.server.ts'
import { CreateTagSchema, TagListQuerySchema, tagListQueryFromSearchParams } from '#app/schemas/tag.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET ?take&skip&search&select=id,name → { data: [{ id, name, contactCount }], meta: { current_page, last_page, total } }.
// `select` limits each item to the named fields (id,name skips counting contacts).
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const parsed = TagListQuerySchema.safeParse(tagListQueryFromSearchParams(new URL(request.url).searchParams))
	if (!parsed.success) {
		return apiError(400, 'validation_error', parsed.error.issues[0]?.message ?? 'Invalid query')
	}
	const { take, skip, search, select } = parsed.data
	const withCounts = !select || select.includes('contactCount')
	const { tags, total } = await listTags(actor.organizationId, { take, skip, search, withCounts })
	const data = select
		? tags.map((tag) =>
				Object.fromEntries(select.map((field) => [field, (tag as Record<string, unknown>)[field]])),
			)
		: tags
	return Response.json({
		data,
		meta: {
			current_page: Math.floor(skip / take) + 1,
			last_page: Math.max(1, Math.ceil(total / take)),
			total,
		},
	})
}

// POST { name } → 201 { message: 'Tag created successfully!', id, name }. A name the
// organization already has (ignoring case) is not an error: 200 with that tag and
// message 'Tag already exists', so inline creation simply selects it.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { name } = await parseJsonBody(request, CreateTagSchema)
	const { tag, created } = await createTag(actor.organizationId, name)
	return Response.json(
		{ message: created ? 'Tag created successfully!' : 'Tag already exists', id: tag.id, name: tag.name },
		{ status: created ? 201 : 200 },
	)
}
