import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { findContactsPage } from '#app/models/contact/contact-list.server.ts'
import { createContact } from '#app/models/contact/contact.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { contactFilterFromSearchParams, CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { ContactCreateSchema } from '#app/schemas/contact.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const CONTACTS_API_MAX_TAKE = 1000

/** A whole number from the query; garbage is the default, oversize is the maximum. */
function intParam(value: string | null, fallback: number, max: number) {
	const number = value === null || value === '' ? fallback : Number(value)
	if (!Number.isInteger(number) || number < 0) return null
	return Math.min(number, max)
}

// GET: search, tag / tags (comma list), campaign, list, sortBy (firstName | createdAt),
// sortDirection, take (100, at most 1000), skip → { data, meta: { total, take, skip } }.
// `company` and `campaigns` (the spec's include flags) are accepted: rows always carry
// the company { id, name } and campaigns [{ campaign: { id, name } }].
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const params = new URL(request.url).searchParams
	const take = intParam(params.get('take'), CONTACTS_PAGE_SIZE, CONTACTS_API_MAX_TAKE)
	const skip = intParam(params.get('skip'), 0, Number.MAX_SAFE_INTEGER)
	if (!take)
		throw apiError(400, 'validation_error', `take must be a whole number from 1 to ${CONTACTS_API_MAX_TAKE}`)
	if (skip === null) throw apiError(400, 'validation_error', 'skip must be a whole number')
	const filter = contactFilterFromSearchParams(params)
	const { contacts, total } = await findContactsPage(actor.organizationId, filter, { take, skip })
	return Response.json({ data: contacts, meta: { total, take, skip } })
}

// POST: the contact create payload → 201 with the contact (its id included). Another
// organization's companyId or tagIds → 404; an email already in the organization → 409.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, ContactCreateSchema)
	const result = await createContact(actor.organizationId, actor.userId, input)
	if (!result.ok) return apiError(result.failure.status, result.failure.error, result.failure.message)
	return Response.json(result.contact, { status: 201 })
}
