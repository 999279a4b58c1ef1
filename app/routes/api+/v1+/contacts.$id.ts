import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { deleteContact, getContact, updateContact } from '#app/models/contact/contact.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CONTACT_MESSAGES, ContactUpdateSchema } from '#app/schemas/contact.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

function notFound() {
	return apiError(404, 'not_found', CONTACT_MESSAGES.contactNotFound)
}

// GET: the contact with tags, tagIds and campaigns; `?company=true` brings the whole company.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const withCompany = new URL(request.url).searchParams.get('company') === 'true'
	const contact = withCompany
		? await getContact(actor.organizationId, params.id ?? '', { company: true })
		: await getContact(actor.organizationId, params.id ?? '')
	if (!contact) throw notFound()
	return Response.json(contact)
}

// PUT: changes the given fields (tagIds replaces the tags); DELETE removes the contact.
// Another organization's contact, companyId or tagIds → 404; a taken email → 409.
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireApiActor(request)
	const id = params.id ?? ''
	if (request.method === 'DELETE') {
		if (!(await deleteContact(actor.organizationId, id))) return notFound()
		return Response.json({ message: 'Contact deleted successfully' })
	}
	if (request.method !== 'PUT') return methodNotAllowed()
	const input = await parseJsonBody(request, ContactUpdateSchema)
	const result = await updateContact(actor.organizationId, id, input)
	if (!result.ok) return apiError(result.failure.status, result.failure.error, result.failure.message)
	return Response.json(result.contact)
}
