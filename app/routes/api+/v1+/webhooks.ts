import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiActor, requireOrganizationManager } from '#app/models/session/auth.server.ts'
import { createWebhookEndpoint, listWebhookEndpoints } from '#app/models/webhook/webhook-endpoints.server.ts'
import { CreateWebhookSchema } from '#app/schemas/webhook.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { withWebhookErrors } from './__webhook-api.server.ts'

// GET → { data: [{ id, url, description, events, enabled, createdAt, updatedAt }] }: every member
// sees the organization's endpoints, never their secrets.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const endpoints = await listWebhookEndpoints(actor.organizationId)
	return Response.json({ data: endpoints.map(({ secret: _secret, ...endpoint }) => endpoint) })
}

// POST { url, events, description? } → 201 { …endpoint, secret }: the signing secret, shown this
// once (Cache-Control: no-store). Owners and admins only; a private address or refused port 400,
// the same URL twice 409.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	requireOrganizationManager(actor)
	const input = await parseJsonBody(request, CreateWebhookSchema)
	return withWebhookErrors(async () => {
		const endpoint = await createWebhookEndpoint(actor.organizationId, input)
		return Response.json(endpoint, { status: 201, headers: { 'Cache-Control': 'no-store' } })
	})
}
