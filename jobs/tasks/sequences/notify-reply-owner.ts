import type { Task } from 'graphile-worker'
import { NotifyReplyOwnerPayloadSchema } from '#app/jobs/notify-reply-owner.ts'
import { notifyReplyOwner } from '#app/models/reply-intent/notify-reply-owner.server.ts'

/** After a reply that asks for it (decision 052): the sequence's owner gets an email. */
export const notifyReplyOwnerTask: Task = async (payload, helpers) => {
	const { messageId } = NotifyReplyOwnerPayloadSchema.parse(payload)
	const result = await notifyReplyOwner(messageId)
	// A failed send throws so the worker retries it; nobody to tell is not an error.
	if (result.status === 'failed') throw new Error(`The reply notification was not sent: ${result.message}`)
	helpers.logger.info(`Reply notification for message ${messageId}: ${result.status}`)
}
