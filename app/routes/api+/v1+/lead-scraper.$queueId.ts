import { type LoaderFunctionArgs } from '@remix-run/node'
import { getLeadImportByQueueable } from '#app/models/lead-import/lead-import.server.ts'
import { listReviewLeads } from '#app/models/lead-import/lead-review.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'

export const action = methodNotAllowed

// GET ?page=&search= → { import, leads[], total, existing, page, pageCount }: a lead import's
// people, each with the contact it already is (existingContactId). 404 for another organization's.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const found = await getLeadImportByQueueable(actor.organizationId, params.queueId ?? '')
	if (!found) return apiError(404, 'not_found', 'Import not found')
	const url = new URL(request.url)
	const review = await listReviewLeads(actor.organizationId, found.id, {
		search: (url.searchParams.get('search') ?? '').slice(0, 200),
		page: Number(url.searchParams.get('page')) || 1,
	})
	const { queueable, ...record } = found
	return Response.json({ import: { ...record, status: queueable?.status ?? null }, ...review })
}
