import { z } from 'zod'

// Webhooks (decision 042): the events an organization may subscribe to, and the Settings forms
// that register, change and test endpoints. The delivery task validates its payload here too.

export const WEBHOOK_EVENT_TYPES = [
	'contact.replied',
	'step.sent',
	'step.bounced',
	'contact.unsubscribed',
	'import.completed',
	'sequence.completed',
] as const

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** Sent only by "Send test event", to the one endpoint it was asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
	'contact.replied': 'Contact replied',
	'step.sent': 'Step sent',
	'step.bounced': 'Step bounced',
	'contact.unsubscribed': 'Contact unsubscribed',
	'import.completed': 'Import completed',
	'sequence.completed': 'Sequence completed',
}

export const WEBHOOK_URL_MESSAGE = 'Enter a valid URL starting with https:// or http://'
export const WEBHOOK_EVENTS_MESSAGE = 'Choose at least one event'
export const WEBHOOK_LIMIT = 20

export const WEBHOOK_INTENTS = {
	create: 'create-webhook',
	toggle: 'toggle-webhook',
	remove: 'delete-webhook',
	test: 'test-webhook',
} as const

const webhookUrl = z
	.string({ error: WEBHOOK_URL_MESSAGE })
	.trim()
	.min(1, WEBHOOK_URL_MESSAGE)
	.max(2000, 'The URL is too long (2,000 characters at most)')
	.refine((value) => {
		try {
			const url = new URL(value)
			return url.protocol === 'https:' || url.protocol === 'http:'
		} catch {
			return false
		}
	}, WEBHOOK_URL_MESSAGE)

/** A checkbox group posts each ticked value; one ticked box arrives as a string. */
const eventList = z.preprocess(
	(value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
	z
		.array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type' }))
		.min(1, WEBHOOK_EVENTS_MESSAGE)
		.transform((events) => [...new Set(events)]),
)

const description = z
	.string({ error: 'The description must be text' })
	.trim()
	.max(200, 'The description is too long (200 characters at most)')

export const CreateWebhookSchema = z.object({
	url: webhookUrl,
	events: eventList,
	description: description.default(''),
})
export type CreateWebhookInput = z.infer<typeof CreateWebhookSchema>

export const WEBHOOK_NOTHING_TO_CHANGE = 'Nothing to change: send url, events, description or enabled'

/** PATCH /api/v1/webhooks/:id, and the page's on/off switch: only the fields given change. */
export const UpdateWebhookSchema = z
	.object({
		url: webhookUrl.optional(),
		events: eventList.optional(),
		description: description.optional(),
		enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
	})
	.refine((input) => Object.values(input).some((value) => value !== undefined), WEBHOOK_NOTHING_TO_CHANGE)
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookSchema>

export const DELIVERY_PAGE_SIZE_MAX = 100
const PAGE_MESSAGE = 'page must be a whole number of 1 or more'
const PER_PAGE_MESSAGE = `perPage must be a whole number from 1 to ${DELIVERY_PAGE_SIZE_MAX}`
const queryNumber = (
	message: string,
	{ min, max, fallback }: { min: number; max: number; fallback: number },
) =>
	z.preprocess(
		(value) => (value === undefined || value === '' ? undefined : value),
		z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
	)

/** GET /api/v1/webhooks/:id/deliveries: the endpoint's delivery log, newest first, a page at a time. */
export const WebhookDeliveryQuerySchema = z.object({
	page: queryNumber(PAGE_MESSAGE, { min: 1, max: 1_000_000, fallback: 1 }),
	perPage: queryNumber(PER_PAGE_MESSAGE, { min: 1, max: DELIVERY_PAGE_SIZE_MAX, fallback: 50 }),
})

const endpointId = z.string({ error: 'Webhook is required' }).trim().min(1, 'Webhook is required').max(100)

export const WebhookIdSchema = z.object({ webhookId: endpointId })

export const ToggleWebhookSchema = z.object({
	webhookId: endpointId,
	enabled: z
		.enum(['true', 'false'], { error: 'enabled must be true or false' })
		.transform((v) => v === 'true'),
})

/** The deliver_webhooks job: the deliveries due together (a Graphile batch job, appended to). */
export const DeliverWebhooksPayloadSchema = z.array(z.string().min(1))
