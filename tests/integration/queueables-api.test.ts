import { afterEach, describe, expect, test } from 'vitest'
import {
	completeQueueable,
	createQueueable,
	failQueueable,
	startQueueable,
} from '#app/models/queueable/queueable.server.ts'
import { action, loader } from '#app/routes/api+/v1+/queueables.$id.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

afterEach(async () => {
	await stopEventHub()
})

async function setup() {
	const owner = await createSignedInUser()
	const queueable = await createQueueable({
		organizationId: owner.organization.id,
		userId: owner.user.id,
		type: 'test.job',
		task: 'test_task',
		payload: { file: 'a.pdf' },
		metadata: { source: 'a.pdf' },
	})
	return { owner, queueable }
}

function get(id: string, { cookie, query = '' }: { cookie?: string; query?: string } = {}) {
	return callRoute(() =>
		loader({
			request: makeRequest(`/api/v1/queueables/${id}${query}`, { cookie }),
			params: { id },
			context: {},
		}),
	)
}

function put(id: string, { cookie, json }: { cookie?: string; json?: unknown }) {
	return callRoute(() =>
		action({
			request: makeRequest(`/api/v1/queueables/${id}`, { method: 'PUT', cookie, json }),
			params: { id },
			context: {},
		}),
	)
}

describe('GET /api/v1/queueables/:id', () => {
	test('401 without a session', async () => {
		const { queueable } = await setup()
		const response = await get(queueable.id)
		expect(response.status).toBe(401)
		expect(response.body).toEqual({ error: 'unauthorized', message: 'Authentication required' })
	})

	test('404 for an id of another organization, and for unknown ids', async () => {
		const { queueable } = await setup()
		const stranger = await createSignedInUser()
		expect((await get(queueable.id, { cookie: stranger.cookie })).status).toBe(404)
		const unknown = await get('nope', { cookie: stranger.cookie })
		expect(unknown).toMatchObject({
			status: 404,
			body: { error: 'not_found', message: 'Queueable not found' },
		})
	})

	test('answers data.data with the queueable fields; ?exclude=payload leaves the payload out', async () => {
		const { owner, queueable } = await setup()
		const full = await get(queueable.id, { cookie: owner.cookie })
		expect(full.status).toBe(200)
		expect(full.body.data.data).toEqual({
			id: queueable.id,
			type: 'test.job',
			status: 'PENDING',
			progress: 0,
			metadata: { source: 'a.pdf', completed: 0, total: 0, currentItem: null },
			payload: { file: 'a.pdf' },
			result: null,
			failureReason: null,
			isActionable: false,
			cancelledAt: null,
			actedAt: null,
			completedAt: null,
			finishedAt: null,
			failedAt: null,
			createdAt: expect.any(String),
			updatedAt: expect.any(String),
		})
		const lean = await get(queueable.id, { cookie: owner.cookie, query: '?exclude=payload' })
		expect(lean.body.data.data).not.toHaveProperty('payload')
		expect(lean.body.data.data.id).toBe(queueable.id)
	})

	test('a teammate of the same organization may read it', async () => {
		const { owner, queueable } = await setup()
		const teammate = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		expect((await get(queueable.id, { cookie: teammate.cookie })).status).toBe(200)
	})
})

describe('PUT /api/v1/queueables/:id', () => {
	test('401 without a session, 404 for another organization', async () => {
		const { queueable } = await setup()
		expect((await put(queueable.id, { json: { action: 'cancel' } })).status).toBe(401)
		const stranger = await createSignedInUser()
		expect((await put(queueable.id, { cookie: stranger.cookie, json: { action: 'cancel' } })).status).toBe(
			404,
		)
	})

	test('400 for invalid bodies', async () => {
		const { owner, queueable } = await setup()
		for (const json of [
			{},
			{ action: 'delete' },
			{ finalize: false },
			{ cancel: 'yes' },
			['cancel'],
			'cancel',
		]) {
			const response = await put(queueable.id, { cookie: owner.cookie, json })
			expect(response.status, JSON.stringify(json)).toBe(400)
			expect(response.body).toEqual({
				error: 'validation_error',
				message: 'Action must be finalize or cancel',
			})
		}
		const notJson = await callRoute(() =>
			action({
				request: makeRequest(`/api/v1/queueables/${queueable.id}`, {
					method: 'PUT',
					cookie: owner.cookie,
					headers: { 'Content-Type': 'application/json' },
					form: { a: 'b' },
				}),
				params: { id: queueable.id },
				context: {},
			}),
		)
		expect(notJson).toMatchObject({ status: 400, body: { error: 'invalid_json' } })
	})

	test('cancel: a pending job fails at once, a running one is marked; { cancel: true } works too', async () => {
		const { owner, queueable } = await setup()
		const pending = await put(queueable.id, { cookie: owner.cookie, json: { action: 'cancel' } })
		expect(pending.status).toBe(200)
		expect(pending.body.data.data).toMatchObject({
			id: queueable.id,
			status: 'FAILED',
			failureReason: 'Cancelled',
			cancelledAt: expect.any(String),
		})

		const running = await createQueueable({
			organizationId: owner.organization.id,
			type: 'test.job',
			task: 'test_task',
		})
		await startQueueable(owner.organization.id, running.id)
		const marked = await put(running.id, { cookie: owner.cookie, json: { cancel: true } })
		expect(marked.status).toBe(200)
		expect(marked.body.data.data).toMatchObject({ status: 'PROCESSING', cancelledAt: expect.any(String) })
	})

	test('409 when cancelling a job that already ended', async () => {
		const { owner, queueable } = await setup()
		await completeQueueable(owner.organization.id, queueable.id, { result: { ok: true } })
		const response = await put(queueable.id, { cookie: owner.cookie, json: { action: 'cancel' } })
		expect(response).toMatchObject({
			status: 409,
			body: { error: 'conflict', message: 'This job has already ended' },
		})
	})

	test('finalize: COMPLETED → FINISHED with actedAt; 409 while running; { finalize: true } works too', async () => {
		const { owner, queueable } = await setup()
		const early = await put(queueable.id, { cookie: owner.cookie, json: { action: 'finalize' } })
		expect(early).toMatchObject({
			status: 409,
			body: { error: 'conflict', message: 'This job has not finished yet' },
		})
		await completeQueueable(owner.organization.id, queueable.id, { result: { rows: 2 }, isActionable: true })
		const finalized = await put(queueable.id, { cookie: owner.cookie, json: { finalize: true } })
		expect(finalized.status).toBe(200)
		expect(finalized.body.data.data).toMatchObject({
			status: 'FINISHED',
			finishedAt: expect.any(String),
			actedAt: expect.any(String),
			result: { rows: 2 },
		})

		const failed = await createQueueable({
			organizationId: owner.organization.id,
			type: 'test.job',
			task: 'test_task',
		})
		await failQueueable(owner.organization.id, failed.id, 'Broken')
		const seen = await put(failed.id, { cookie: owner.cookie, json: { action: 'finalize' } })
		expect(seen.body.data.data).toMatchObject({ status: 'FAILED', actedAt: expect.any(String) })
	})

	test('other methods are refused', async () => {
		const { owner, queueable } = await setup()
		const response = await callRoute(() =>
			action({
				request: makeRequest(`/api/v1/queueables/${queueable.id}`, {
					method: 'DELETE',
					cookie: owner.cookie,
				}),
				params: { id: queueable.id },
				context: {},
			}),
		)
		expect(response.status).toBe(405)
	})
})
