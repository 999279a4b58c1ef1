import { type ActionFunctionArgs } from '@remix-run/node'
import { requireApiActor, requireOrganizationManager } from '#app/models/session/auth.server.ts'
import { sendTestWebhookEvent } from '#app/models/webhook/webhook-endpoints.server.ts'
import { methodNotAllowed } from '#app/utils/api.server.ts'
import { webhookNotFound } from './__webhook-api.server.ts'

export function loader() {
	return methodNotAllowed()
}

// POST → 202 { deliveryId, message }: a `webhook.test` event to this endpoint only (even when it is
// off), delivered by the worker like any other; its outcome shows in the endpoint's delivery log.
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	requireOrganizationManager(actor)
	const deliveryId = await sendTestWebhookEvent(actor.organizationId, params.webhookId ?? '', actor.userId)
	if (!deliveryId) return webhookNotFound()
	return Response.json({ deliveryId, message: 'Test event sent' }, { status: 202 })
}
