import { afterEach, describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub, subscribe } from '#app/utils/events.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import {
	cancelQueueable,
	completeQueueable,
	createQueueable,
	failQueueable,
	finalizeQueueable,
	getQueueable,
	QUEUEABLE_EVENTS_CHANNEL,
	QueueableConflictError,
	reportProgress,
	startQueueable,
	toQueueableJson,
} from '#app/models/queueable/queueable.server.ts'

afterEach(async () => {
	await stopEventHub()
})

async function newJob(overrides: { task?: string } = {}) {
	const { organization, user } = await createSignedInUser()
	const queueable = await createQueueable({
		organizationId: organization.id,
		userId: user.id,
		type: 'test.job',
		task: overrides.task ?? 'test_task',
		payload: { secret: 'payload' },
		metadata: { source: 'unit test', total: 4 },
	})
	return { organization, user, queueable }
}

describe('queueables', () => {
	test('createQueueable stores the row and its Graphile job in one go, keyed by the queueable', async () => {
		const { organization, queueable } = await newJob()
		expect(queueable).toMatchObject({
			status: 'PENDING',
			progress: 0,
			type: 'test.job',
			organizationId: organization.id,
		})
		expect(queueable.metadata).toEqual({ source: 'unit test', completed: 0, total: 4, currentItem: null })
		const jobs = await prisma.$queryRaw<
			Array<{ task_identifier: string; payload: unknown; key: string; max_attempts: number }>
		>`
			SELECT tasks.identifier AS task_identifier, jobs.payload, jobs.key, jobs.max_attempts
			FROM graphile_worker._private_jobs AS jobs JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
			WHERE jobs.key = ${`queueable:${queueable.id}`}`
		expect(jobs).toEqual([
			{
				task_identifier: 'test_task',
				payload: { queueableId: queueable.id },
				key: `queueable:${queueable.id}`,
				max_attempts: 3,
			},
		])
	})

	test('getQueueable is scoped by organization and can leave out the payload', async () => {
		const { organization, queueable } = await newJob()
		const other = await createSignedInUser()
		expect(await getQueueable(other.organization.id, queueable.id)).toBeNull()
		const full = await getQueueable(organization.id, queueable.id)
		expect(full?.payload).toEqual({ secret: 'payload' })
		const lean = await getQueueable(organization.id, queueable.id, { excludePayload: true })
		expect(lean && 'payload' in lean && lean.payload !== undefined).toBe(false)
		expect(toQueueableJson(lean!)).not.toHaveProperty('payload')
		expect(toQueueableJson(full!)).toMatchObject({
			id: queueable.id,
			payload: { secret: 'payload' },
			createdAt: expect.any(String),
		})
	})

	test('every write notifies queueable_events with only id and organizationId', async () => {
		const { organization } = await createSignedInUser()
		const payloads: unknown[] = []
		const subscription = subscribe(QUEUEABLE_EVENTS_CHANNEL, '*', (event) => {
			if (event.type === 'notification') payloads.push(event.payload)
		})
		await subscription.ready
		const queueable = await createQueueable({
			organizationId: organization.id,
			type: 'test.job',
			task: 'test_task',
		})
		await startQueueable(organization.id, queueable.id)
		await reportProgress(organization.id, queueable.id, { completed: 1, total: 2 })
		await completeQueueable(organization.id, queueable.id, { result: { ok: true } })
		await finalizeQueueable(organization.id, queueable.id)
		const expected = { id: queueable.id, organizationId: organization.id }
		await expect.poll(() => payloads.length).toBe(5)
		expect(payloads).toEqual(Array(5).fill(expected))
	})

	test('reportProgress sets PROCESSING, merges metadata and computes the percentage', async () => {
		const { organization, queueable } = await newJob()
		expect(
			await reportProgress(organization.id, queueable.id, { completed: 1, currentItem: 'Item 1' }),
		).toEqual({ cancelled: false, ended: false })
		let row = await getQueueable(organization.id, queueable.id)
		expect(row).toMatchObject({
			status: 'PROCESSING',
			progress: 25,
			metadata: { source: 'unit test', completed: 1, total: 4, currentItem: 'Item 1' },
		})
		await reportProgress(organization.id, queueable.id, { progress: 130 })
		row = await getQueueable(organization.id, queueable.id)
		expect(row?.progress).toBe(100)
		await expect(reportProgress('another-org', queueable.id, { completed: 2 })).rejects.toThrow(/not found/)
	})

	test('complete and fail end the job; later progress reports do not reopen it', async () => {
		const { organization, queueable } = await newJob()
		const completed = await completeQueueable(organization.id, queueable.id, {
			result: { rows: 3 },
			isActionable: true,
		})
		expect(completed).toMatchObject({
			status: 'COMPLETED',
			progress: 100,
			result: { rows: 3 },
			isActionable: true,
			completedAt: expect.any(Date),
		})
		expect(await reportProgress(organization.id, queueable.id, { completed: 1 })).toEqual({
			cancelled: false,
			ended: true,
		})
		const failed = await failQueueable(organization.id, queueable.id, 'too late')
		expect(failed.status).toBe('COMPLETED')

		const second = await newJob()
		const failedJob = await failQueueable(second.organization.id, second.queueable.id, 'Something broke')
		expect(failedJob).toMatchObject({
			status: 'FAILED',
			failureReason: 'Something broke',
			failedAt: expect.any(Date),
		})
	})

	test('cancelling a PENDING job fails it at once; the task will not start it', async () => {
		const { organization, queueable } = await newJob()
		const cancelled = await cancelQueueable(organization.id, queueable.id)
		expect(cancelled).toMatchObject({
			status: 'FAILED',
			failureReason: 'Cancelled',
			cancelledAt: expect.any(Date),
			failedAt: expect.any(Date),
		})
		expect(await startQueueable(organization.id, queueable.id)).toBe(false)
		// Cancelling again is harmless.
		expect((await cancelQueueable(organization.id, queueable.id))?.status).toBe('FAILED')
	})

	test('cancelling a PROCESSING job marks it; the next progress report tells the task', async () => {
		const { organization, queueable } = await newJob()
		expect(await startQueueable(organization.id, queueable.id)).toBe(true)
		const cancelled = await cancelQueueable(organization.id, queueable.id)
		expect(cancelled).toMatchObject({ status: 'PROCESSING', cancelledAt: expect.any(Date) })
		expect(await reportProgress(organization.id, queueable.id, { completed: 2 })).toEqual({
			cancelled: true,
			ended: false,
		})
		const ended = await failQueueable(organization.id, queueable.id, 'Cancelled', {
			result: { partial: true },
		})
		expect(ended).toMatchObject({
			status: 'FAILED',
			cancelledAt: expect.any(Date),
			result: { partial: true },
		})
	})

	test('cancelling a job that ended is a conflict; other organizations get null', async () => {
		const { organization, queueable } = await newJob()
		await completeQueueable(organization.id, queueable.id, { result: {} })
		await expect(cancelQueueable(organization.id, queueable.id)).rejects.toBeInstanceOf(
			QueueableConflictError,
		)
		const failed = await newJob()
		await failQueueable(failed.organization.id, failed.queueable.id, 'Broken')
		await expect(cancelQueueable(failed.organization.id, failed.queueable.id)).rejects.toThrow(
			'This job has already ended',
		)
		expect(await cancelQueueable(organization.id, failed.queueable.id)).toBeNull()
	})

	test('finalize: COMPLETED becomes FINISHED with finishedAt and actedAt; running jobs conflict; FAILED is marked seen', async () => {
		const { organization, queueable } = await newJob()
		await expect(finalizeQueueable(organization.id, queueable.id)).rejects.toThrow(
			'This job has not finished yet',
		)
		await completeQueueable(organization.id, queueable.id, { result: { rows: 1 } })
		const finished = await finalizeQueueable(organization.id, queueable.id)
		expect(finished).toMatchObject({
			status: 'FINISHED',
			finishedAt: expect.any(Date),
			actedAt: expect.any(Date),
			result: { rows: 1 },
		})
		expect((await finalizeQueueable(organization.id, queueable.id))?.status).toBe('FINISHED')

		const failed = await newJob()
		await failQueueable(failed.organization.id, failed.queueable.id, 'Broken')
		const seen = await finalizeQueueable(failed.organization.id, failed.queueable.id)
		expect(seen).toMatchObject({ status: 'FAILED', actedAt: expect.any(Date), finishedAt: null })
		expect(await finalizeQueueable(organization.id, failed.queueable.id)).toBeNull()
	})
})
