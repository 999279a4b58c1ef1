import { type ActionFunctionArgs } from '@remix-run/node'
import { LeadImportInputError, startLeadLinkImport } from '#app/models/lead-import/lead-import.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { LeadLinkImportSchema } from '#app/schemas/lead-import.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { url, text? | contacts?, instructions?, source?, urlClassification?, type LINK|LINKEDIN_POST,
// postFilter? } → 202 { queueableId, importId }. Without text or contacts the job reads the page
// through the safe fetcher; a LinkedIn post's authors come from the companion as `contacts`.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, LeadLinkImportSchema)
	try {
		const started = await startLeadLinkImport(actor, input)
		return Response.json({ queueableId: started.queueableId, importId: started.id }, { status: 202 })
	} catch (error) {
		if (error instanceof LeadImportInputError) return apiError(error.status, error.code, error.message)
		throw error
	}
}
