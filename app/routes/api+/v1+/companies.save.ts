import { type ActionFunctionArgs } from '@remix-run/node'
import { saveCompanies } from '#app/models/company-import/save-imported-companies.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CompanySaveSchema } from '#app/schemas/company-import.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST { companies[] } → { savedResults: [{ id, name }], successCount, errorCount, duplicateCount,
// totalCompanies, errors: [{ index, field, message }] }, all in one transaction; a company the
// organization already has (same slug) is a duplicate, never saved twice.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { companies } = await parseJsonBody(request, CompanySaveSchema)
	return Response.json(await saveCompanies(actor.organizationId, actor.userId, companies))
}
