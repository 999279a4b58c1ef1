import type { Task } from 'graphile-worker'
import { DeliverWebhooksPayloadSchema } from '#app/jobs/deliver-webhooks.ts'
import { deliverWebhooks } from '#app/models/webhook/deliver-webhooks.server.ts'

/**
 * Sends a batch of webhook deliveries, then whatever else is due (drain); each one's outcome (and
 * its retry job) is recorded on its row.
 */
export const deliverWebhooksTask: Task = async (payload) => {
	await deliverWebhooks(DeliverWebhooksPayloadSchema.parse(payload), { drain: true })
}
