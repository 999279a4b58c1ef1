import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { unsubscribeByToken, unsubscribeUrl } from '#app/models/unsubscribe/unsubscribe.server.ts'
import {
	deliverWebhooks,
	requeueStrandedWebhookDeliveries,
} from '#app/models/webhook/deliver-webhooks.server.ts'
import {
	createWebhookEndpoint,
	PRIVATE_ADDRESS_MESSAGE,
} from '#app/models/webhook/webhook-endpoints.server.ts'
import { enqueueWebhookEvent, enqueueWebhookEvents } from '#app/models/webhook/webhook-events.server.ts'
import { verifyWebhookSignature } from '#app/models/webhook/webhook-signature.ts'
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS_MESSAGE } from '#app/schemas/webhook.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { action, loader } from '#app/routes/_app+/settings_.webhooks.tsx'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { startWebhookReceiver } from '#tests/fakes/webhook-receiver.ts'

// Webhooks (decision 042) against a real local receiver, which the safe fetcher may reach through
// the allow-list (set before the app reads the environment), and the real database and job queue.
const receiver = await startWebhookReceiver()
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${receiver.port}`
process.env.WEB_FETCH_TIMEOUT_MS = '5000'
resetEnvCache()

const PAGE = '/settings/webhooks'
function readPage(cookie: string) {
	return callRoute(() => loader({ request: makeRequest(PAGE, { cookie }), params: {}, context: {} }))
}
function postPage(cookie: string, form: Record<string, string>) {
	return callRoute(() =>
		action({ request: makeRequest(PAGE, { method: 'POST', cookie, form }), params: {}, context: {} }),
	)
}

afterAll(() => receiver.close())
beforeEach(() => receiver.reset())

async function orgWithEndpoint(events: string[] = [...WEBHOOK_EVENT_TYPES], path = '/hook') {
	const owner = await createSignedInUser()
	const endpoint = await createWebhookEndpoint(owner.organization.id, {
		url: `${receiver.origin}${path}`,
		events: events as (typeof WEBHOOK_EVENT_TYPES)[number][],
		description: '',
	})
	return { ...owner, endpoint }
}

async function deliveriesOf(organizationId: string) {
	return prisma.webhookDelivery.findMany({
		where: { organizationId },
		include: { event: true },
		orderBy: { createdAt: 'asc' },
	})
}

async function jobPayloadIds() {
	const rows = await prisma.$queryRaw<Array<{ payload: unknown; run_at: Date }>>`
		SELECT j.payload, j.run_at FROM graphile_worker._private_jobs j
		JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'deliver_webhooks'`
	return rows.flatMap((row) => (row.payload as string[]).map((id) => ({ id, runAt: row.run_at })))
}

describe('registering webhooks in Settings', () => {
	test('an owner adds one; bad URLs, private addresses and no events get clear 4xx messages', async () => {
		const { cookie, organization } = await createSignedInUser()
		const post = (form: Record<string, string>) => postPage(cookie, { intent: 'create-webhook', ...form })
		const refused = await post({ url: 'http://127.0.0.1/hook', events: 'step.sent' })
		expect(refused.status).toBe(400)
		expect(refused.body.result.error.url).toEqual([PRIVATE_ADDRESS_MESSAGE])
		for (const url of [
			'http://10.1.2.3/x',
			'http://169.254.169.254/latest',
			'http://[::1]/x',
			'http://192.168.0.10/',
		]) {
			expect((await post({ url, events: 'step.sent' })).status).toBe(400)
		}
		const badPort = await post({ url: 'http://example.com:5432/', events: 'step.sent' })
		expect(badPort.status).toBe(400)
		expect(badPort.body.result.error.url[0]).toContain('ports 80, 443')
		const noEvents = await post({ url: `${receiver.origin}/hook` })
		expect(noEvents.status).toBe(400)
		expect(noEvents.body.result.error.events).toEqual([WEBHOOK_EVENTS_MESSAGE])
		expect((await post({ url: 'not a url', events: 'step.sent' })).status).toBe(400)
		expect((await post({ url: `${receiver.origin}/hook`, events: 'no.such.event' })).status).toBe(400)
		expect(await prisma.webhookEndpoint.count({ where: { organizationId: organization.id } })).toBe(0)

		const added = await post({ url: `${receiver.origin}/hook`, events: 'step.sent' })
		expect(added.status).toBe(302)
		const endpoint = await prisma.webhookEndpoint.findFirstOrThrow({
			where: { organizationId: organization.id },
		})
		expect(endpoint).toMatchObject({ url: `${receiver.origin}/hook`, events: ['step.sent'], enabled: true })
		// The secret is stored encrypted, never in clear.
		expect(endpoint.secretEncrypted).not.toContain('whsec_')
		const again = await post({ url: `${receiver.origin}/hook`, events: 'step.sent' })
		expect(again.status).toBe(409)

		const page = await readPage(cookie)
		expect(page.body.endpoints[0].secret).toMatch(/^whsec_/)
	})

	test('members see endpoints without secrets and cannot change them; other organizations get 404', async () => {
		const { organization, endpoint } = await orgWithEndpoint(['step.sent'])
		const member = await createSignedInUser({ role: 'MEMBER', organizationId: organization.id })
		const memberPage = await readPage(member.cookie)
		expect(memberPage.body.endpoints).toHaveLength(1)
		expect(memberPage.body.endpoints[0].secret).toBeNull()
		const memberTest = await postPage(member.cookie, { intent: 'test-webhook', webhookId: endpoint.id })
		expect(memberTest.status).toBe(403)

		const stranger = await createSignedInUser()
		const forms: Array<Record<string, string>> = [
			{ intent: 'test-webhook', webhookId: endpoint.id },
			{ intent: 'toggle-webhook', webhookId: endpoint.id, enabled: 'false' },
			{ intent: 'delete-webhook', webhookId: endpoint.id },
		]
		for (const form of forms) {
			expect((await postPage(stranger.cookie, form)).status).toBe(404)
		}
		const strangerPage = await readPage(stranger.cookie)
		expect(JSON.stringify(strangerPage.body)).not.toContain(endpoint.id)
		expect(strangerPage.body.endpoints).toEqual([])
		expect(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
			enabled: true,
		})
		expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0)
	})
})

describe('delivering', () => {
	test('an event is signed, carries its id, and is delivered exactly once', async () => {
		const { organization, endpoint } = await orgWithEndpoint(['contact.replied'])
		await enqueueWebhookEvent(prismaRun(prisma), organization.id, 'contact.replied', { contactId: 'c1' })
		// Not subscribed, or another organization: nothing.
		await enqueueWebhookEvent(prismaRun(prisma), organization.id, 'step.sent', { stepId: 's1' })
		const other = await createSignedInUser()
		await enqueueWebhookEvent(prismaRun(prisma), other.organization.id, 'contact.replied', {
			contactId: 'c2',
		})

		const [delivery, ...rest] = await deliveriesOf(organization.id)
		expect(rest).toHaveLength(0)
		expect(delivery).toMatchObject({ status: 'PENDING', attempts: 0 })
		expect(await deliveriesOf(other.organization.id)).toHaveLength(0)
		expect((await jobPayloadIds()).map((job) => job.id)).toContain(delivery!.id)

		// Two jobs holding the same delivery (a duplicate, the sweep) send it once.
		const results = await Promise.all([deliverWebhooks([delivery!.id]), deliverWebhooks([delivery!.id])])
		expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(1)
		await deliverWebhooks([delivery!.id])
		expect(receiver.received).toHaveLength(1)

		const [request] = receiver.received
		const body = JSON.parse(request!.body)
		expect(body).toMatchObject({ id: delivery!.eventId, type: 'contact.replied', data: { contactId: 'c1' } })
		expect(request!.headers['reachout-event-id']).toBe(delivery!.eventId)
		expect(request!.headers['content-type']).toBe('application/json')
		const check = verifyWebhookSignature(
			endpoint.secret,
			String(request!.headers['reachout-signature']),
			request!.body,
		)
		expect(check.valid).toBe(true)
		expect(
			verifyWebhookSignature('whsec_wrong', String(request!.headers['reachout-signature']), request!.body)
				.valid,
		).toBe(false)

		const stored = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })
		expect(stored).toMatchObject({
			status: 'DELIVERED',
			attempts: 1,
			responseStatus: 200,
			failureReason: null,
		})
	})

	test('a draining job sends its own deliveries, then whatever else is due: each once, retries left for their time', async () => {
		const path = `/drain-${Date.now()}`
		const { organization } = await orgWithEndpoint(['step.sent'], path)
		await enqueueWebhookEvents(
			prismaRun(prisma),
			Array.from({ length: 250 }, (_, index) => ({
				organizationId: organization.id,
				type: 'step.sent' as const,
				data: { stepId: `s${index}` },
			})),
		)
		const [first, second, later, ...due] = await deliveriesOf(organization.id)
		// A retry planned for an hour from now is not due: draining leaves it.
		await prisma.webhookDelivery.update({
			where: { id: later!.id },
			data: { status: 'RETRYING', nextAttemptAt: new Date(Date.now() + 3_600_000) },
		})
		// Two jobs, each with one delivery of its own, drain the burst side by side.
		await Promise.all([
			deliverWebhooks([first!.id], { drain: true }),
			deliverWebhooks([second!.id], { drain: true }),
		])
		const ours = receiver.received.filter((request) => request.path === path)
		const eventIds = new Set(ours.map((request) => String(request.headers['reachout-event-id'])))
		expect(ours).toHaveLength(249)
		expect(eventIds.size).toBe(249)
		expect(eventIds.has(later!.eventId)).toBe(false)
		const rows = await deliveriesOf(organization.id)
		expect(rows.filter((row) => row.status === 'DELIVERED' && row.attempts === 1)).toHaveLength(
			2 + due.length,
		)
		expect(rows.find((row) => row.id === later!.id)).toMatchObject({ status: 'RETRYING', attempts: 0 })
		// Without drain (the Settings test, a direct call), only the ids given are sent.
		await prisma.webhookDelivery.update({ where: { id: later!.id }, data: { nextAttemptAt: new Date() } })
		expect(await deliverWebhooks([])).toEqual({ delivered: 0, retrying: 0, failed: 0 })
	})

	test('a receiver answering 500 then 200: retried with backoff, then delivered with the same event id', async () => {
		const { organization } = await orgWithEndpoint(['step.bounced'])
		receiver.answer(500)
		await enqueueWebhookEvent(prismaRun(prisma), organization.id, 'step.bounced', { stepId: 's9' })
		const [delivery] = await deliveriesOf(organization.id)
		const before = Date.now()
		expect(await deliverWebhooks([delivery!.id])).toEqual({ delivered: 0, retrying: 1, failed: 0 })
		let stored = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })
		expect(stored).toMatchObject({
			status: 'RETRYING',
			attempts: 1,
			responseStatus: 500,
			failureReason: 'The endpoint answered HTTP 500: failure 500',
		})
		const wait = stored.nextAttemptAt.getTime() - before
		expect(wait).toBeGreaterThan(50_000)
		expect(wait).toBeLessThan(70_000)
		// Its own job, at its next attempt's time.
		const retryJob = (await jobPayloadIds()).find(
			(job) => job.id === delivery!.id && job.runAt.getTime() >= stored.nextAttemptAt.getTime() - 1000,
		)
		expect(retryJob).toBeDefined()

		// Not due yet: a job that runs early sends nothing.
		await deliverWebhooks([delivery!.id])
		expect(receiver.received).toHaveLength(1)

		await prisma.webhookDelivery.update({
			where: { id: delivery!.id },
			data: { nextAttemptAt: new Date(Date.now() - 1000) },
		})
		expect(await deliverWebhooks([delivery!.id])).toEqual({ delivered: 1, retrying: 0, failed: 0 })
		stored = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })
		expect(stored).toMatchObject({
			status: 'DELIVERED',
			attempts: 2,
			responseStatus: 200,
			failureReason: null,
		})
		expect(receiver.received).toHaveLength(2)
		const ids = receiver.received.map((request) => request.headers['reachout-event-id'])
		expect(ids[0]).toBe(ids[1])
		expect(JSON.parse(receiver.received[0]!.body)).toEqual(JSON.parse(receiver.received[1]!.body))
	})

	test('the last attempt of the day fails for good, with its reason kept in the log', async () => {
		const { organization } = await orgWithEndpoint(['step.sent'])
		await enqueueWebhookEvent(prismaRun(prisma), organization.id, 'step.sent', { stepId: 's1' })
		const [delivery] = await deliveriesOf(organization.id)
		await prisma.webhookDelivery.update({
			where: { id: delivery!.id },
			data: { attempts: 7, status: 'RETRYING' },
		})
		receiver.answer(503)
		expect(await deliverWebhooks([delivery!.id])).toEqual({ delivered: 0, retrying: 0, failed: 1 })
		const stored = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })
		expect(stored.status).toBe('FAILED')
		expect(stored.failureReason).toBe('The endpoint answered HTTP 503: failure 503; gave up after 8 attempts')
	})

	test('a private address is refused at delivery too (DNS may change): failed at once, with a clear reason', async () => {
		const { organization } = await createSignedInUser()
		// Written directly: registration would refuse it.
		const endpoint = await prisma.webhookEndpoint.create({
			data: {
				organizationId: organization.id,
				url: 'http://127.0.0.2:8080/hook',
				events: ['step.sent'],
				secretEncrypted: (await import('#app/utils/crypto.server.ts')).encrypt('whsec_x'),
			},
		})
		await enqueueWebhookEvent(prismaRun(prisma), organization.id, 'step.sent', { stepId: 's1' })
		const [delivery] = await deliveriesOf(organization.id)
		expect(delivery!.endpointId).toBe(endpoint.id)
		expect(await deliverWebhooks([delivery!.id])).toEqual({ delivered: 0, retrying: 0, failed: 1 })
		const stored = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })
		expect(stored.failureReason).toMatch(
			/^Refused: .*loopback.*Webhooks are only sent to public addresses\.$/,
		)
		expect(receiver.received).toHaveLength(0)
	})

	test('a disabled endpoint gets no new events; deliveries that lost their job are queued again', async () => {
		const { organization, endpoint } = await orgWithEndpoint(['step.sent'])
		await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } })
		await enqueueWebhookEvent(prismaRun(prisma), organization.id, 'step.sent', { stepId: 's1' })
		expect(await deliveriesOf(organization.id)).toHaveLength(0)

		await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true } })
		await enqueueWebhookEvent(prismaRun(prisma), organization.id, 'step.sent', { stepId: 's2' })
		const [delivery] = await deliveriesOf(organization.id)
		await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE task_id =
			(SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'deliver_webhooks')`
		await prisma.webhookDelivery.update({
			where: { id: delivery!.id },
			data: { nextAttemptAt: new Date(Date.now() - 10 * 60_000) },
		})
		expect(await requeueStrandedWebhookDeliveries()).toBeGreaterThanOrEqual(1)
		expect((await jobPayloadIds()).map((job) => job.id)).toContain(delivery!.id)
	})
})

describe('events where they happen', () => {
	test('sending a sequence emits step.sent for each step and sequence.completed once', async () => {
		const { organization, user } = await orgWithEndpoint(['step.sent', 'sequence.completed'])
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0 }, { daysAfter: 0 }],
		})
		await activateSequences(organization.id, [sequence.id])
		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: sequence.id },
			orderBy: { order: 'asc' },
		})
		expect(await sendEmailStep(steps[0]!.id)).toBe('sent')
		expect(await sendEmailStep(steps[1]!.id)).toBe('sent')
		const events = (await deliveriesOf(organization.id)).map((delivery) => delivery.event)
		expect(events.map((event) => event.type).sort()).toEqual(['sequence.completed', 'step.sent', 'step.sent'])
		expect(events.find((event) => event.type === 'sequence.completed')!.payload).toMatchObject({
			sequenceId: sequence.id,
			contactId: sequence.contactId,
		})
		expect(
			events
				.filter((event) => event.type === 'step.sent')
				.map((event) => (event.payload as { stepId: string }).stepId)
				.sort(),
		).toEqual(steps.map((step) => step.id).sort())
	})

	test('unsubscribing emits contact.unsubscribed once', async () => {
		const { organization, user } = await orgWithEndpoint(['contact.unsubscribed'])
		const sequence = await insertSequence({ organizationId: organization.id, user })
		const step = await prisma.emailStep.findFirstOrThrow({ where: { sequenceId: sequence.id } })
		const token = unsubscribeUrl(step.id).split('/unsubscribe/')[1]!
		await unsubscribeByToken(token)
		await unsubscribeByToken(token)
		const deliveries = await deliveriesOf(organization.id)
		expect(deliveries).toHaveLength(1)
		expect(deliveries[0]!.event).toMatchObject({
			type: 'contact.unsubscribed',
			payload: { contactId: sequence.contactId, stepId: step.id },
		})
	})
})
