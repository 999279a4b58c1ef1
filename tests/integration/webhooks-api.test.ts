import { type LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { createApiToken } from '#app/models/api-token/create-api-token.server.ts'
import { deliverWebhooks } from '#app/models/webhook/deliver-webhooks.server.ts'
import { PRIVATE_ADDRESS_MESSAGE } from '#app/models/webhook/webhook-endpoints.server.ts'
import { verifyWebhookSignature } from '#app/models/webhook/webhook-signature.ts'
import { action as webhookAction, loader as webhookLoader } from '#app/routes/api+/v1+/webhooks.$webhookId.ts'
import { loader as deliveriesLoader } from '#app/routes/api+/v1+/webhooks.$webhookId.deliveries.ts'
import { action as testEventAction } from '#app/routes/api+/v1+/webhooks.$webhookId.test-event.ts'
import { action as webhooksAction, loader as webhooksLoader } from '#app/routes/api+/v1+/webhooks.ts'
import { API_TOKEN_MESSAGES } from '#app/schemas/api-token.ts'
import {
	WEBHOOK_EVENTS_MESSAGE,
	WEBHOOK_NOTHING_TO_CHANGE,
	WEBHOOK_URL_MESSAGE,
} from '#app/schemas/webhook.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startWebhookReceiver } from '#tests/fakes/webhook-receiver.ts'

// The webhook JSON API (issue 16, decision 042): the same model functions and schemas as the
// Settings page, with a session or a personal access token; a real local receiver for the test event.
const receiver = await startWebhookReceiver()
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${receiver.port}`
process.env.WEB_FETCH_TIMEOUT_MS = '5000'
resetEnvCache()

afterAll(() => receiver.close())
beforeEach(() => receiver.reset())

type Who = Awaited<ReturnType<typeof createSignedInUser>>
type Auth = { cookie?: string; headers?: Record<string, string> }

async function bearer(who: Who, scope: 'READ' | 'READ_WRITE'): Promise<Auth> {
	const { token } = await createApiToken({
		organizationId: who.organization.id,
		userId: who.user.id,
		name: 'Script',
		scope,
	})
	return { headers: { Authorization: `Bearer ${token}` } }
}

function call(
	route: (args: LoaderFunctionArgs) => Promise<unknown>,
	path: string,
	{
		method = 'GET',
		json,
		auth,
		webhookId,
	}: { method?: string; json?: unknown; auth: Auth; webhookId?: string },
) {
	const request = makeRequest(path, { method, json, cookie: auth.cookie, headers: auth.headers })
	return callRoute(() => route({ request, params: webhookId ? { webhookId } : {}, context: {} }))
}

const api = {
	list: (auth: Auth) => call(webhooksLoader, '/api/v1/webhooks', { auth }),
	create: (auth: Auth, json: unknown) =>
		call(webhooksAction, '/api/v1/webhooks', { method: 'POST', json, auth }),
	get: (auth: Auth, webhookId: string) =>
		call(webhookLoader, `/api/v1/webhooks/${webhookId}`, { auth, webhookId }),
	update: (auth: Auth, webhookId: string, json: unknown) =>
		call(webhookAction, `/api/v1/webhooks/${webhookId}`, { method: 'PATCH', json, auth, webhookId }),
	remove: (auth: Auth, webhookId: string) =>
		call(webhookAction, `/api/v1/webhooks/${webhookId}`, { method: 'DELETE', auth, webhookId }),
	test: (auth: Auth, webhookId: string) =>
		call(testEventAction, `/api/v1/webhooks/${webhookId}/test-event`, { method: 'POST', auth, webhookId }),
	deliveries: (auth: Auth, webhookId: string, query = '') =>
		call(deliveriesLoader, `/api/v1/webhooks/${webhookId}/deliveries${query}`, { auth, webhookId }),
}

function expectApiError(answer: { status: number; body: unknown }, status: number, message?: string) {
	expect(answer.status).toBe(status)
	expect(answer.body).toMatchObject({ error: expect.any(String), message: message ?? expect.any(String) })
}

describe('the webhook API', () => {
	test('create shows the secret once; list, get, update and delete manage the endpoint', async () => {
		const owner = await createSignedInUser()
		const auth = await bearer(owner, 'READ_WRITE')
		const created = await api.create(auth, {
			url: `${receiver.origin}/hook`,
			events: ['step.sent', 'step.sent'],
		})
		expect(created.status).toBe(201)
		expect(created.headers.get('cache-control')).toBe('no-store')
		expect(created.body).toMatchObject({
			url: `${receiver.origin}/hook`,
			events: ['step.sent'],
			description: '',
			enabled: true,
			secret: expect.stringMatching(/^whsec_/),
		})
		const id = created.body.id as string

		const listed = await api.list(auth)
		expect(listed.status).toBe(200)
		expect(listed.body.data).toEqual([expect.objectContaining({ id, url: `${receiver.origin}/hook` })])
		expect(JSON.stringify(listed.body)).not.toContain('whsec_')
		const fetched = await api.get(auth, id)
		expect(fetched.body).toMatchObject({ id, events: ['step.sent'] })
		expect(fetched.body).not.toHaveProperty('secret')

		const updated = await api.update(auth, id, {
			url: `${receiver.origin}/other`,
			events: ['contact.replied', 'step.bounced'],
			description: 'CRM',
			enabled: false,
		})
		expect(updated.status).toBe(200)
		expect(updated.body).toMatchObject({
			id,
			url: `${receiver.origin}/other`,
			events: ['contact.replied', 'step.bounced'],
			description: 'CRM',
			enabled: false,
		})
		// Only the fields sent change.
		expect((await api.update(auth, id, { enabled: true })).body).toMatchObject({
			enabled: true,
			description: 'CRM',
		})

		const duplicate = await api.create(auth, { url: `${receiver.origin}/other`, events: ['step.sent'] })
		expectApiError(duplicate, 409, 'A webhook with this URL already exists.')
		const second = await api.create(
			{ cookie: owner.cookie },
			{ url: `${receiver.origin}/second`, events: ['step.sent'] },
		)
		expect(second.status).toBe(201)
		expectApiError(await api.update(auth, second.body.id, { url: `${receiver.origin}/other` }), 409)

		expect(await api.remove(auth, id)).toMatchObject({ status: 200, body: { id, deleted: true } })
		expectApiError(await api.get(auth, id), 404, 'Webhook not found')
		expect(await prisma.webhookEndpoint.count({ where: { organizationId: owner.organization.id } })).toBe(1)
	})

	test('bad input is a 400 with the field’s message, and nothing is stored', async () => {
		const owner = await createSignedInUser()
		const auth = { cookie: owner.cookie }
		const cases: Array<[unknown, string]> = [
			[{ url: 'not a url', events: ['step.sent'] }, WEBHOOK_URL_MESSAGE],
			[{ events: ['step.sent'] }, WEBHOOK_URL_MESSAGE],
			[{ url: `${receiver.origin}/hook`, events: [] }, WEBHOOK_EVENTS_MESSAGE],
			[{ url: `${receiver.origin}/hook` }, WEBHOOK_EVENTS_MESSAGE],
			[{ url: `${receiver.origin}/hook`, events: ['no.such.event'] }, 'Unknown event type'],
			[{ url: 'http://10.0.0.7/hook', events: ['step.sent'] }, PRIVATE_ADDRESS_MESSAGE],
			[{ url: 'http://169.254.169.254/latest', events: ['step.sent'] }, PRIVATE_ADDRESS_MESSAGE],
			[
				{ url: 'http://example.com:5432/', events: ['step.sent'] },
				'Webhooks can only be sent to ports 80, 443, 8080 and 8443.',
			],
			[
				{ url: `${receiver.origin}/hook`, events: ['step.sent'], description: 'x'.repeat(201) },
				'The description is too long (200 characters at most)',
			],
		]
		for (const [json, message] of cases) {
			expectApiError(await api.create(auth, json), 400, message)
		}
		expectApiError(
			await call(webhooksAction, '/api/v1/webhooks', { method: 'POST', auth, json: undefined }),
			400,
		)
		expect(await prisma.webhookEndpoint.count({ where: { organizationId: owner.organization.id } })).toBe(0)

		const { body } = await api.create(auth, { url: `${receiver.origin}/hook`, events: ['step.sent'] })
		expectApiError(await api.update(auth, body.id, {}), 400, WEBHOOK_NOTHING_TO_CHANGE)
		expectApiError(await api.update(auth, body.id, { enabled: 'yes' }), 400, 'enabled must be true or false')
		expectApiError(await api.update(auth, body.id, { events: [] }), 400, WEBHOOK_EVENTS_MESSAGE)
		expectApiError(await api.update(auth, body.id, { url: 'http://[::1]/x' }), 400, PRIVATE_ADDRESS_MESSAGE)
		expect(await api.get(auth, body.id)).toMatchObject({
			body: { url: `${receiver.origin}/hook`, events: ['step.sent'] },
		})

		expectApiError(
			await api.deliveries(auth, body.id, '?page=0'),
			400,
			'page must be a whole number of 1 or more',
		)
		expectApiError(
			await api.deliveries(auth, body.id, '?perPage=500'),
			400,
			'perPage must be a whole number from 1 to 100',
		)
		expectApiError(await api.deliveries(auth, body.id, '?page=2'), 400)
		expectApiError(await call(webhooksAction, '/api/v1/webhooks', { method: 'PUT', auth, json: {} }), 405)
	})

	test('another organization’s endpoint is 404 for every route, and stays as it was', async () => {
		const owner = await createSignedInUser()
		const { body: theirs } = await api.create(
			{ cookie: owner.cookie },
			{ url: `${receiver.origin}/theirs`, events: ['step.sent'] },
		)
		await api.test({ cookie: owner.cookie }, theirs.id)
		const stranger = await createSignedInUser()
		for (const auth of [{ cookie: stranger.cookie }, await bearer(stranger, 'READ_WRITE')]) {
			expectApiError(await api.get(auth, theirs.id), 404, 'Webhook not found')
			expectApiError(await api.update(auth, theirs.id, { enabled: false }), 404, 'Webhook not found')
			expectApiError(await api.remove(auth, theirs.id), 404, 'Webhook not found')
			expectApiError(await api.test(auth, theirs.id), 404, 'Webhook not found')
			expectApiError(await api.deliveries(auth, theirs.id), 404, 'Webhook not found')
			const listed = await api.list(auth)
			expect(listed.body.data).toEqual([])
		}
		const row = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: theirs.id } })
		expect(row.enabled).toBe(true)
		expect(await prisma.webhookDelivery.count({ where: { endpointId: theirs.id } })).toBe(1)
	})

	test('a read token reads but is refused every change; a member reads but may not change', async () => {
		const owner = await createSignedInUser()
		const { body: endpoint } = await api.create(
			{ cookie: owner.cookie },
			{ url: `${receiver.origin}/hook`, events: ['step.sent'] },
		)
		const readOnly = await bearer(owner, 'READ')
		expect((await api.list(readOnly)).body.data).toHaveLength(1)
		expect((await api.deliveries(readOnly, endpoint.id)).status).toBe(200)
		const refusals = [
			await api.create(readOnly, { url: `${receiver.origin}/new`, events: ['step.sent'] }),
			await api.update(readOnly, endpoint.id, { enabled: false }),
			await api.remove(readOnly, endpoint.id),
			await api.test(readOnly, endpoint.id),
		]
		for (const refused of refusals) expectApiError(refused, 403, API_TOKEN_MESSAGES.readOnly)

		const member = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		for (const auth of [{ cookie: member.cookie }, await bearer(member, 'READ_WRITE')]) {
			expect((await api.get(auth, endpoint.id)).status).toBe(200)
			expectApiError(
				await api.update(auth, endpoint.id, { enabled: false }),
				403,
				'Only owners and admins can do this',
			)
			expectApiError(await api.test(auth, endpoint.id), 403)
			expectApiError(await api.remove(auth, endpoint.id), 403)
			expectApiError(await api.create(auth, { url: `${receiver.origin}/new`, events: ['step.sent'] }), 403)
		}
		expect(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
			enabled: true,
		})
		expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0)
	})

	test('a test event is delivered, signed, and the delivery log pages through the endpoint’s deliveries', async () => {
		const owner = await createSignedInUser()
		const auth = await bearer(owner, 'READ_WRITE')
		const { body: endpoint } = await api.create(auth, {
			url: `${receiver.origin}/hook`,
			events: ['step.sent'],
		})
		const { body: other } = await api.create(auth, {
			url: `${receiver.origin}/elsewhere`,
			events: ['step.sent'],
		})
		await api.test(auth, other.id)

		const sent: string[] = []
		for (let index = 0; index < 3; index++) {
			const answer = await api.test(auth, endpoint.id)
			expect(answer.status).toBe(202)
			sent.push(answer.body.deliveryId)
		}
		await deliverWebhooks(sent)
		expect(receiver.received).toHaveLength(3)
		for (const request of receiver.received) {
			expect(request.path).toBe('/hook')
			expect(request.headers['reachout-event-type']).toBe('webhook.test')
			expect(
				verifyWebhookSignature(endpoint.secret, String(request.headers['reachout-signature']), request.body)
					.valid,
			).toBe(true)
		}

		const first = await api.deliveries(auth, endpoint.id, '?perPage=2')
		expect(first.status).toBe(200)
		expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 })
		expect(first.body.data[0]).toMatchObject({
			eventType: 'webhook.test',
			status: 'DELIVERED',
			attempts: 1,
			responseStatus: 200,
		})
		const second = await api.deliveries(auth, endpoint.id, '?perPage=2&page=2')
		expect(second.body.data).toHaveLength(1)
		const ids = [...first.body.data, ...second.body.data].map((delivery: { id: string }) => delivery.id)
		expect(ids.sort()).toEqual([...sent].sort())
		// The other endpoint's delivery is in its own log only.
		expect((await api.deliveries(auth, other.id)).body.meta.total).toBe(1)
	})

	test('a forged token is a 401, whatever the route', async () => {
		const auth = { headers: { Authorization: 'Bearer ro_pat_forged' } }
		expectApiError(await api.list(auth), 401)
		expectApiError(await api.create(auth, { url: `${receiver.origin}/hook`, events: ['step.sent'] }), 401)
	})
})
