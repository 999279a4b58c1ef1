import { isModelConfigured, type ModelUsage } from '#app/integrations/openai/openai-client.server.ts'
import { looksLikeHtml } from '#app/utils/editor-json/email-body.ts'
import { htmlToEditorJson } from '#app/utils/editor-json/from-html.ts'
import { editorJsonToText } from '#app/utils/editor-json/to-text.ts'
import { assistantContext } from './grounding.server.ts'
import { modifySequenceWithModel } from './model-writer.server.ts'
import { modifySequenceOffline } from './offline-writer.ts'
import { type ModifyRequest } from './sequence-draft.ts'

export type ModifiedSequence = {
	steps: Array<{ subject: string; body: string; daysAfter: number }>
	/** Who wrote it: the configured model's name, or "offline" (the UI says so). */
	writer: string
}

/**
 * `POST /api/sequences/modify`: the existing email steps rewritten from the user's instruction,
 * grounded in the contact, their company and the organization (read here, not from the client),
 * by the model when one is configured, else by the offline writer. Null: not this
 * organization's contact.
 */
export async function modifySequenceForContact({
	organizationId,
	sender,
	contactId,
	instruction,
	existing,
	signal,
	onUsage,
}: {
	organizationId: string
	sender: { name: string; email: string }
	contactId: string
	instruction: string
	existing: Array<{ subject: string; body: string; daysAfter: number }>
	signal?: AbortSignal
	onUsage?: (usage: ModelUsage) => void
}): Promise<ModifiedSequence | null> {
	const context = await assistantContext({ organizationId, contactId, query: instruction })
	if (!context) return null
	const request: ModifyRequest = {
		...context,
		sender,
		instruction,
		useOrganizationPrompt: true,
		existing: existing.map((step) => ({ ...step, body: plainText(step.body) })),
	}
	if (!isModelConfigured()) return { steps: modifySequenceOffline(request), writer: 'offline' }
	const { steps } = await modifySequenceWithModel(request, { organizationId, signal, onUsage })
	return { steps, writer: process.env.OPENAI_MODEL ?? 'model' }
}

/** The drawer sends stored HTML bodies; the writers read and write plain text. */
function plainText(body: string) {
	return looksLikeHtml(body) ? editorJsonToText(htmlToEditorJson(body)) : body
}
