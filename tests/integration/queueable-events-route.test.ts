import { afterEach, describe, expect, test } from 'vitest'
import { watchedQueueableCount } from '#app/models/queueable/queueable-events.server.ts'
import { createQueueableEventStream } from '#app/models/queueable/queueable-stream.server.ts'
import { completeQueueable, createQueueable, reportProgress } from '#app/models/queueable/queueable.server.ts'
import { loader } from '#app/routes/resources+/queueables.$id.events.ts'
import { listenerCount, stopEventHub } from '#app/utils/events.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { sseReader } from '#tests/sse-reader.ts'

afterEach(async () => {
	await stopEventHub()
})

async function setup() {
	const owner = await createSignedInUser()
	const queueable = await createQueueable({
		organizationId: owner.organization.id,
		type: 'test.job',
		task: 'test_task',
		payload: { big: 'payload' },
		metadata: { source: 'test' },
	})
	return { owner, queueable }
}

function openStream(
	id: string,
	{
		cookie,
		signal,
		headers,
	}: { cookie?: string; signal?: AbortSignal; headers?: Record<string, string> } = {},
) {
	const request = new Request(makeRequest(`/resources/queueables/${id}/events`, { cookie, headers }), {
		signal,
	})
	return loader({ request, params: { id }, context: {} })
}

describe('GET /resources/queueables/:id/events', () => {
	test('401 without a session, 404 for another organization', async () => {
		const { queueable } = await setup()
		expect((await callRoute(() => openStream(queueable.id))).status).toBe(401)
		const stranger = await createSignedInUser()
		const response = await callRoute(() => openStream(queueable.id, { cookie: stranger.cookie }))
		expect(response).toMatchObject({ status: 404, body: { error: 'not_found' } })
		expect(listenerCount()).toBe(0)
	})

	test('streams the current state at once, then every change, and ends after a terminal state', async () => {
		const { owner, queueable } = await setup()
		const response = await openStream(queueable.id, { cookie: owner.cookie })
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toBe('no-cache, no-transform')
		expect(response.headers.get('X-Accel-Buffering')).toBe('no')
		const stream = sseReader(response)
		expect(await stream.next()).toEqual({ retry: '3000' })

		const first = await stream.nextQueueable()
		expect(first?.data).toMatchObject({ id: queueable.id, status: 'PENDING', progress: 0 })
		expect(first?.data).not.toHaveProperty('payload')
		expect(first?.id).toBe(String(Date.parse(first!.data.updatedAt)))

		await reportProgress(owner.organization.id, queueable.id, {
			completed: 1,
			total: 2,
			currentItem: 'Page 2',
		})
		const progress = await stream.nextQueueable()
		expect(progress?.data).toMatchObject({
			status: 'PROCESSING',
			progress: 50,
			metadata: { completed: 1, total: 2, currentItem: 'Page 2' },
		})

		await completeQueueable(owner.organization.id, queueable.id, { result: { name: 'Doc' } })
		const done = await stream.nextQueueable()
		expect(done?.data).toMatchObject({ status: 'COMPLETED', progress: 100, result: { name: 'Doc' } })
		expect(await stream.next()).toBeNull()
		expect(listenerCount()).toBe(0)
		expect(watchedQueueableCount()).toBe(0)
	})

	test('a stream opened on a finished job sends it and closes', async () => {
		const { owner, queueable } = await setup()
		await completeQueueable(owner.organization.id, queueable.id, { result: {} })
		const stream = sseReader(await openStream(queueable.id, { cookie: owner.cookie }))
		expect((await stream.nextQueueable())?.data.status).toBe('COMPLETED')
		expect(await stream.next()).toBeNull()
	})

	test('a reconnect with Last-Event-ID gets the current state again', async () => {
		const { owner, queueable } = await setup()
		await reportProgress(owner.organization.id, queueable.id, { completed: 1, total: 4 })
		const stream = sseReader(
			await openStream(queueable.id, { cookie: owner.cookie, headers: { 'Last-Event-ID': '12345' } }),
		)
		expect((await stream.nextQueueable())?.data).toMatchObject({ status: 'PROCESSING', progress: 25 })
		await stream.cancel()
	})

	test('many streams of one job share one watcher; aborting the requests removes their subscriptions', async () => {
		const { owner, queueable } = await setup()
		const controllers = Array.from({ length: 20 }, () => new AbortController())
		const streams = await Promise.all(
			controllers.map(async (controller) =>
				sseReader(await openStream(queueable.id, { cookie: owner.cookie, signal: controller.signal })),
			),
		)
		for (const stream of streams) expect((await stream.nextQueueable())?.data.status).toBe('PENDING')
		expect(watchedQueueableCount()).toBe(1)
		expect(listenerCount()).toBe(1)
		await reportProgress(owner.organization.id, queueable.id, { completed: 3, total: 4 })
		for (const stream of streams) expect((await stream.nextQueueable())?.data.progress).toBe(75)
		for (const controller of controllers) controller.abort()
		for (const stream of streams) expect(await stream.next()).toBeNull()
		expect(watchedQueueableCount()).toBe(0)
		expect(listenerCount()).toBe(0)
	})

	test('sends a heartbeat comment while nothing happens', async () => {
		const { owner, queueable } = await setup()
		const controller = new AbortController()
		const response = await createQueueableEventStream({
			organizationId: owner.organization.id,
			id: queueable.id,
			signal: controller.signal,
			heartbeatMs: 50,
		})
		const stream = sseReader(response!)
		await stream.nextQueueable()
		expect(await stream.next()).toEqual({ comment: 'heartbeat' })
		controller.abort()
		expect(await stream.next()).toBeNull()
	})
})
