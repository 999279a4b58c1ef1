import { type ActionFunctionArgs } from '@remix-run/node'
import {
	CompanyImportInputError,
	startCompanyTextImport,
} from '#app/models/company-import/company-import.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CompanyTextImportSchema } from '#app/schemas/company-import.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST { text, skipCompanyEnrichment, userInstructions } → 202 { queueableId, totalCompanies: 0,
// importId }: the job extracts the companies (model or offline); follow it at
// GET /api/v1/queueables/:id (metadata.totalCompanies once they are known).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, CompanyTextImportSchema)
	try {
		const started = await startCompanyTextImport({
			organizationId: actor.organizationId,
			userId: actor.userId,
			text: input.text,
			instructions: input.userInstructions,
			skipEnrichment: input.skipCompanyEnrichment,
		})
		return Response.json(
			{ queueableId: started.queueableId, totalCompanies: started.totalCompanies, importId: started.id },
			{ status: 202 },
		)
	} catch (error) {
		if (error instanceof CompanyImportInputError) return apiError(400, 'validation_error', error.message)
		throw error
	}
}
