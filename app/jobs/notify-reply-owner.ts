// Job `notify_reply_owner`: emails a sequence's owner that the contact answered (interested or
// not interested, decision 052). Added in the reply's transaction (so it exists only if the reply
// is recorded), run after it by jobs/tasks/sequences/notify-reply-owner.ts; one per message.
import { z } from 'zod'
import { type SqlRun } from '#app/utils/sql-run.server.ts'
import { addKeyedJob } from './add-keyed-job.ts'

export const NOTIFY_REPLY_OWNER_TASK = 'notify_reply_owner'

export const NotifyReplyOwnerPayloadSchema = z.object({ messageId: z.string().min(1) })

export async function enqueueReplyOwnerNotification(
	run: SqlRun,
	payload: z.infer<typeof NotifyReplyOwnerPayloadSchema>,
) {
	await addKeyedJob(run, {
		task: NOTIFY_REPLY_OWNER_TASK,
		payload: NotifyReplyOwnerPayloadSchema.parse(payload),
		key: `notify-reply-owner:${payload.messageId}`,
		maxAttempts: 5,
	})
}
