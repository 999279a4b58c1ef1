import type { Task } from 'graphile-worker'
import { ReadLinkedInReplyIntentPayloadSchema } from '#app/jobs/read-linkedin-reply-intent.ts'
import { readLinkedInReplyIntent } from '#app/models/linkedin/linkedin-reply-intent.server.ts'

/** After a LinkedIn reply stopped its sequence: what it meant, and what follows (decision 052). */
export const readLinkedInReplyIntentTask: Task = async (payload, helpers) => {
	const { messageId } = ReadLinkedInReplyIntentPayloadSchema.parse(payload)
	const result = await readLinkedInReplyIntent(messageId)
	helpers.logger.info(
		`LinkedIn reply ${messageId}: ${result.status === 'read' ? result.intent : 'already read or gone'}`,
	)
}
