import { type ActionFunctionArgs } from '@remix-run/node'
import { LeadImportInputError, startLeadTextImport } from '#app/models/lead-import/lead-import.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { LeadTextImportSchema } from '#app/schemas/lead-import.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { text, instructions? } → 202 { queueableId, importId }: the job extracts the people;
// follow it at GET /api/v1/queueables/:id, read them at GET /api/v1/lead-scraper/:queueId.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, LeadTextImportSchema)
	try {
		const started = await startLeadTextImport(actor, input)
		return Response.json({ queueableId: started.queueableId, importId: started.id }, { status: 202 })
	} catch (error) {
		if (error instanceof LeadImportInputError) return apiError(error.status, error.code, error.message)
		throw error
	}
}
