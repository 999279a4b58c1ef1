import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { deleteCompany, getCompany, updateCompany } from '#app/models/company/company.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { COMPANY_MESSAGES, CompanyApiUpdateSchema } from '#app/schemas/company.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

function notFound() {
	return apiError(404, 'not_found', COMPANY_MESSAGES.notFound)
}

// GET: one company of the organization (another organization's id is 404).
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const company = await getCompany(actor.organizationId, params.id ?? '')
	if (!company) throw notFound()
	return Response.json(company)
}

// PUT: changes the given fields; DELETE: removes the company and keeps its contacts.
export async function action({ request, params }: ActionFunctionArgs) {
	const id = params.id ?? ''
	if (request.method === 'DELETE') {
		const actor = await requireApiActor(request)
		if (!(await deleteCompany(actor.organizationId, id))) return notFound()
		return Response.json({ message: COMPANY_MESSAGES.deleted })
	}
	if (request.method !== 'PUT') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, CompanyApiUpdateSchema)
	const result = await updateCompany(actor.organizationId, id, body)
	if (!result.ok) {
		return result.reason === 'not_found'
			? notFound()
			: apiError(409, 'RecordAlreadyExists', COMPANY_MESSAGES.duplicate)
	}
	return Response.json(result.company)
}
