import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiActor, requireOrganizationManager } from '#app/models/session/auth.server.ts'
import {
	deleteWebhookEndpoint,
	getWebhookEndpoint,
	updateWebhookEndpoint,
} from '#app/models/webhook/webhook-endpoints.server.ts'
import { UpdateWebhookSchema } from '#app/schemas/webhook.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { webhookNotFound, withWebhookErrors } from './__webhook-api.server.ts'

// GET → the endpoint { id, url, description, events, enabled, createdAt, updatedAt } (no secret).
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const endpoint = await getWebhookEndpoint(actor.organizationId, params.webhookId ?? '')
	if (!endpoint) return webhookNotFound()
	return Response.json(endpoint)
}

// PATCH { url?, events?, description?, enabled? } → the endpoint as changed. DELETE → { id, deleted }
// (its delivery log goes with it). Owners and admins only; another organization's id is 404.
export async function action({ request, params }: ActionFunctionArgs) {
	const id = params.webhookId ?? ''
	if (request.method === 'DELETE') {
		const actor = await requireApiActor(request)
		requireOrganizationManager(actor)
		if (!(await deleteWebhookEndpoint(actor.organizationId, id))) return webhookNotFound()
		return Response.json({ id, deleted: true })
	}
	if (request.method !== 'PATCH') return methodNotAllowed()
	const actor = await requireApiActor(request)
	requireOrganizationManager(actor)
	const input = await parseJsonBody(request, UpdateWebhookSchema)
	return withWebhookErrors(async () => {
		const endpoint = await updateWebhookEndpoint(actor.organizationId, id, input)
		return endpoint ? Response.json(endpoint) : webhookNotFound()
	})
}
