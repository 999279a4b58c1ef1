// Job `read_linkedin_reply_intent`: what a LinkedIn reply means (issue 17 item 1). The reply
// already stopped the sequence in its own transaction (record-linkedin-replies.server.ts); this
// reads its intent — the rules, or the model when configured, with no lock held while it answers —
// and does what the organization chose, as for an email reply. One per message.
import { z } from 'zod'
import { type SqlRun } from '#app/utils/sql-run.server.ts'
import { addKeyedJob } from './add-keyed-job.ts'

export const READ_LINKEDIN_REPLY_INTENT_TASK = 'read_linkedin_reply_intent'

export const ReadLinkedInReplyIntentPayloadSchema = z.object({ messageId: z.string().min(1) })

export async function enqueueLinkedInReplyIntent(
	run: SqlRun,
	payload: z.infer<typeof ReadLinkedInReplyIntentPayloadSchema>,
) {
	await addKeyedJob(run, {
		task: READ_LINKEDIN_REPLY_INTENT_TASK,
		payload: ReadLinkedInReplyIntentPayloadSchema.parse(payload),
		key: `linkedin-reply-intent:${payload.messageId}`,
		maxAttempts: 5,
	})
}
