import { type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import {
	countWebhookDeliveries,
	getWebhookEndpoint,
	listWebhookDeliveries,
} from '#app/models/webhook/webhook-endpoints.server.ts'
import { WebhookDeliveryQuerySchema } from '#app/schemas/webhook.ts'
import { apiError } from '#app/utils/api.server.ts'
import { webhookNotFound } from './__webhook-api.server.ts'

// GET ?page&perPage (50, at most 100) → { data: [{ id, eventId, eventType, status, attempts,
// responseStatus, failureReason, createdAt, lastAttemptAt, nextAttemptAt, deliveredAt }], meta:
// { current_page, last_page, per_page, total } }: the endpoint's delivery log, newest first.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const query = WebhookDeliveryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!query.success)
		return apiError(400, 'validation_error', query.error.issues[0]?.message ?? 'Invalid query')
	const { page, perPage } = query.data
	const endpoint = await getWebhookEndpoint(actor.organizationId, params.webhookId ?? '')
	if (!endpoint) return webhookNotFound()
	const total = await countWebhookDeliveries(actor.organizationId, endpoint.id)
	const lastPage = Math.max(1, Math.ceil(total / perPage))
	if (page > lastPage) {
		return apiError(
			400,
			'page_out_of_range',
			`There is no page ${page}: this webhook's delivery log has ${lastPage} page${lastPage === 1 ? '' : 's'}`,
		)
	}
	const deliveries = await listWebhookDeliveries(actor.organizationId, {
		endpointId: endpoint.id,
		take: perPage,
		skip: (page - 1) * perPage,
	})
	return Response.json({
		data: deliveries.map(({ url: _url, endpointId: _endpointId, ...delivery }) => delivery),
		meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
	})
}
