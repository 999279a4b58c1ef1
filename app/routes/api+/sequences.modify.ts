import { type ActionFunctionArgs } from '@remix-run/node'
import { AssistantError, isAssistantAbort } from '#app/integrations/openai/openai-client.server.ts'
import { modifySequenceForContact } from '#app/models/assistant/modify-sequence.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { ASSISTANT_MESSAGES, ModifySequenceBodySchema } from '#app/schemas/assistant.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/sequences/modify (unversioned, as the spec's client calls it): { prompt, contact,
// existingSequence } → { steps: [{ subject, body, daysAfter }], writer }, applied by position.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, ModifySequenceBodySchema)
	try {
		const result = await modifySequenceForContact({
			organizationId: actor.organizationId,
			sender: { name: actor.name, email: actor.email },
			contactId: body.contact.id,
			instruction: body.prompt,
			existing: body.existingSequence,
			signal: request.signal,
		})
		if (!result) return apiError(404, 'not_found', ASSISTANT_MESSAGES.contactNotFound)
		return Response.json(result)
	} catch (error) {
		if (isAssistantAbort(error)) return apiError(499, 'aborted', 'The request was cancelled')
		if (error instanceof AssistantError) return apiError(502, 'assistant_failed', error.message)
		throw error
	}
}
