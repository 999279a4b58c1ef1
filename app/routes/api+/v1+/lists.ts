import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import { createList, listLists } from '#app/models/list/list.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CreateListSchema } from '#app/schemas/list.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET: the organization's lists, newest first, with their contact counts.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const lists = await listLists(actor.organizationId)
	return Response.json({ data: lists })
}

// POST { name, description? } → 201 { id, slug, name, description }. Administrators only.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const forbidden = listPermissionError(actor, 'create')
	if (forbidden) return apiError(403, 'forbidden', forbidden)
	const input = await parseJsonBody(request, CreateListSchema)
	const list = await createList(actor.organizationId, actor.userId, input)
	return Response.json(list, { status: 201 })
}
