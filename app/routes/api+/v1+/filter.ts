import { type ActionFunctionArgs } from '@remix-run/node'
import { filterCompanies } from '#app/models/company-import/filter/filter-companies.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CompanyFilterRequestSchema } from '#app/schemas/company-filter.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST { data, filterInstructions, filterType: "companies" } → { indices } into data: the review
// table's "Filter by instructions" (model when configured, else the offline matcher).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { data, filterInstructions } = await parseJsonBody(request, CompanyFilterRequestSchema)
	const { indices, matcher } = await filterCompanies({
		organizationId: actor.organizationId,
		companies: data,
		instructions: filterInstructions,
		signal: request.signal,
	})
	return Response.json({ indices, matcher })
}
