import { type ModelUsage } from '#app/integrations/openai/openai-client.server.ts'
import { recordAssistantUsage } from '#app/models/assistant/assistant-usage.server.ts'

/** The import's model calls count in the organization's assistant usage; a failed write only logs. */
export function recordImportUsage(organizationId: string) {
	return (usage: ModelUsage) => {
		recordAssistantUsage({ organizationId, ...usage }).catch((error: unknown) => {
			console.error(`company import: recording model usage for ${organizationId} failed`, error)
		})
	}
}
