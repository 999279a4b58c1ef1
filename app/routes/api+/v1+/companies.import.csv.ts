import { type ActionFunctionArgs } from '@remix-run/node'
import {
	CompanyImportInputError,
	startCompanyCsvImport,
} from '#app/models/company-import/company-import.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { isTrueFlag } from '#app/utils/upload-form.server.ts'
import { readCompanyCsvForm } from './__company-csv-form.server.ts'

// POST multipart: file (one CSV ≤ 1 MB), skipCompanyEnrichment, optional columnMapping (JSON:
// field → column index or header) → 202 { queueableId, totalCompanies, importId }. The import
// starts at once with the given or guessed mapping; follow it at GET /api/v1/queueables/:id.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const upload = await readCompanyCsvForm(request)
	if (upload instanceof Response) return upload
	try {
		const started = await startCompanyCsvImport({
			organizationId: actor.organizationId,
			userId: actor.userId,
			file: upload.file,
			skipEnrichment: isTrueFlag(upload.form.get('skipCompanyEnrichment')),
			columnMapping: upload.mapping,
			waitForUnsureMapping: false,
		})
		return Response.json(
			{ queueableId: started.queueableId, totalCompanies: started.totalCompanies, importId: started.id },
			{ status: 202 },
		)
	} catch (error) {
		if (error instanceof CompanyImportInputError) return apiError(400, 'invalid_file', error.message)
		throw error
	}
}
