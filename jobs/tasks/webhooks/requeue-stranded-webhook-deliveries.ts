import type { Task } from 'graphile-worker'
import { CronPayloadSchema } from '#app/jobs/cron-payload.ts'
import { requeueStrandedWebhookDeliveries } from '#app/models/webhook/deliver-webhooks.server.ts'

/** Gives deliveries that lost their job (or their worker) a job again. */
export const requeueStrandedWebhookDeliveriesTask: Task = async (payload) => {
	CronPayloadSchema.parse(payload)
	await requeueStrandedWebhookDeliveries()
}
