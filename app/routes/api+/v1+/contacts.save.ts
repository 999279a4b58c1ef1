import { type ActionFunctionArgs } from '@remix-run/node'
import { saveLeads, SaveLeadsRefusal } from '#app/models/lead-import/save-leads.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { SaveLeadsBodySchema } from '#app/schemas/lead-import.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

export const loader = methodNotAllowed

// POST { contacts: [import contact…], tagIds?, listId? } → { successCount, existingCount,
// duplicateCount, skippedCount, errorCount, skippedCompanies, savedResults[], message, warnings }.
// Each contact is checked on its own (a bad one fails alone); the save is one transaction.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, SaveLeadsBodySchema)
	try {
		const summary = await saveLeads({
			organizationId: actor.organizationId,
			userId: actor.userId,
			contacts: body.contacts,
			tagIds: body.tagIds,
			listId: body.listId ?? null,
		})
		return Response.json(summary, { status: summary.successCount > 0 ? 201 : 200 })
	} catch (error) {
		if (error instanceof SaveLeadsRefusal)
			return apiError(error.code === 'nothing_to_save' ? 400 : 404, error.code, error.message)
		throw error
	}
}
