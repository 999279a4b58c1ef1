import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { countCompanies, createCompany, listCompanies } from '#app/models/company/company.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import {
	COMPANY_MESSAGES,
	CompanyApiCreateSchema,
	companyListQueryFromSearchParams,
} from '#app/schemas/company.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// GET: take (default 20, at most 1000), skip, search → { data, meta: { total, current_page, last_page } }.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const query = companyListQueryFromSearchParams(new URL(request.url).searchParams)
	if (!query.success) {
		throw apiError(400, 'validation_error', query.error.issues[0]?.message ?? 'Invalid query')
	}
	const { take, skip, search } = query.data
	const [data, total] = await Promise.all([
		listCompanies(actor.organizationId, { take, skip, search }),
		countCompanies(actor.organizationId, { search }),
	])
	return Response.json({
		data,
		meta: {
			total,
			current_page: Math.floor(skip / take) + 1,
			last_page: Math.max(1, Math.ceil(total / take)),
		},
	})
}

// POST: the company save payload → 201 with the created company; the same name again → 409.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, CompanyApiCreateSchema)
	const result = await createCompany(actor.organizationId, actor.userId, body)
	if (!result.ok) return apiError(409, 'RecordAlreadyExists', COMPANY_MESSAGES.duplicate)
	return Response.json(result.company, { status: 201 })
}
