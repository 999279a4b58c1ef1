import { type LoaderFunctionArgs } from '@remix-run/node'
import { findCandidateGroup, listGroupCandidates } from '#app/models/contact/contact-candidates.server.ts'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CandidateGroupKindSchema } from '#app/schemas/add-contacts.ts'
import { CONTACTS_PAGE_SIZE, contactFilterFromSearchParams } from '#app/schemas/contact-filter.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { takeSkipFromSearchParams } from '#app/utils/pagination.ts'

export const action = methodNotAllowed

// GET /resources/candidates/:kind/:group?search&tags&sortBy&sortDirection&take&skip
// → { data, meta: { total, take, skip } }: the Add Contacts dialog's rows for a list or a
// campaign, each with `added` (already a member) and `ineligibleReason` (a campaign's channel rules);
// meta.addable counts the matching contacts not yet members (Add All's number).
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const kind = CandidateGroupKindSchema.safeParse(params.kind)
	if (!kind.success) return apiError(404, 'not_found', 'Not found')
	// Only administrators add contacts to lists (the spec), so only they are offered any.
	const forbidden = kind.data === 'list' ? listPermissionError(actor, 'add') : null
	if (forbidden) return apiError(403, 'forbidden', forbidden)
	const group = await findCandidateGroup(actor.organizationId, kind.data, params.group ?? '')
	if (!group)
		return apiError(404, 'not_found', kind.data === 'list' ? 'List not found' : 'Campaign not found')
	const url = new URL(request.url)
	const page = takeSkipFromSearchParams(url.searchParams, CONTACTS_PAGE_SIZE)
	const filter = contactFilterFromSearchParams(url.searchParams)
	const { rows, total, addable } = await listGroupCandidates(actor.organizationId, group, filter, page)
	return Response.json({ data: rows, meta: { total, addable, take: page.take, skip: page.skip } })
}
