import { beforeEach, describe, expect, test, vi } from 'vitest'
import { warnIfNoWorkerBeats } from '#app/models/health/system-health.server.ts'
import { recordWorkerBeat } from '#app/models/health/worker-heartbeat.server.ts'
import { loader } from '#app/routes/resources+/healthcheck.tsx'
import { disconnectPrisma, prisma } from '#app/utils/db.server.ts'
import { findFreePort } from '#scripts/database/embedded-postgres.ts'
import { startWorkerHeartbeat } from '#jobs/worker-heartbeat.ts'

type Health = {
	status: string
	database: string
	worker: { lastBeatAt: string | null; ageSeconds: number | null }
	problems?: string[]
}

async function healthcheck(query = '') {
	const request = new Request(`http://localhost/resources/healthcheck${query}`)
	const response = await loader({ request, params: {}, context: {} })
	return { status: response.status, body: (await response.json()) as Health }
}

const worker = { id: 'test-host:1:abc', hostname: 'test-host', pid: 1 }

beforeEach(async () => {
	await prisma.workerHeartbeat.deleteMany()
})

describe('/resources/healthcheck', () => {
	test('200 when the database answers and a worker beat just now', async () => {
		await recordWorkerBeat(worker)
		const { status, body } = await healthcheck()
		expect(status).toBe(200)
		expect(body).toMatchObject({ status: 'ok', database: 'ok' })
		const row = await prisma.workerHeartbeat.findUniqueOrThrow({ where: { id: worker.id } })
		expect(body.worker.lastBeatAt).toBe(row.beatAt.toISOString())
		expect(body.worker.ageSeconds).toBeLessThanOrEqual(60)
		expect(body.problems).toBeUndefined()
	})

	test('503 when the latest beat is older than the limit; ?worker=ignore asks about the web only', async () => {
		await recordWorkerBeat(worker)
		await prisma.$executeRaw`UPDATE "WorkerHeartbeat" SET "beatAt" = "beatAt" - interval '5 minutes'`
		const { status, body } = await healthcheck()
		expect(status).toBe(503)
		expect(body).toMatchObject({ status: 'unhealthy', database: 'ok' })
		expect(body.worker.ageSeconds).toBeGreaterThanOrEqual(300)
		expect(body.problems?.[0]).toMatch(/No worker has beaten for \d+s \(limit 60s\)/)

		const webOnly = await healthcheck('?worker=ignore')
		expect(webOnly.status).toBe(200)
		expect(webOnly.body.worker.ageSeconds).toBeGreaterThanOrEqual(300)
	})

	test('503 that says how to start one when no worker ever ran against the database', async () => {
		const { status, body } = await healthcheck()
		expect(status).toBe(503)
		expect(body.worker).toEqual({ lastBeatAt: null, ageSeconds: null })
		expect(body.problems?.[0]).toContain('npm run worker')
	})

	test('503 when the database does not answer', async () => {
		const databaseUrl = process.env.DATABASE_URL!
		const closedPort = await findFreePort()
		try {
			await disconnectPrisma()
			process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${closedPort}/nowhere`
			const { status, body } = await healthcheck()
			expect(status).toBe(503)
			expect(body).toMatchObject({ status: 'unhealthy', database: 'unreachable' })
		} finally {
			await disconnectPrisma()
			process.env.DATABASE_URL = databaseUrl
		}
		expect((await healthcheck('?worker=ignore')).status).toBe(200)
	})
})

describe('a web process without a worker', () => {
	test('says so in its log once a worker has had time to beat and none did', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		try {
			warnIfNoWorkerBeats({ maxBeatAgeSeconds: 0.05 })
			await expect.poll(() => warn.mock.calls.length, { timeout: 10_000 }).toBe(1)
			expect(String(warn.mock.calls[0]![0])).toMatch(/No worker has ever run.*npm run worker.*503/s)
		} finally {
			warn.mockRestore()
		}
	})
})

describe('the worker heartbeat', () => {
	test('beats while the job loops run and stops when one of them ends', async () => {
		let endLoop!: () => void
		const loop = new Promise<void>((resolve) => (endLoop = resolve))
		const heartbeat = await startWorkerHeartbeat({ jobLoops: [loop], intervalSeconds: 0.05 })
		try {
			const beats = () => prisma.workerHeartbeat.findMany({ select: { beatAt: true, pid: true } })
			const [first] = await beats()
			expect(first?.pid).toBe(process.pid)
			await expect
				.poll(async () => (await beats())[0]!.beatAt.getTime(), { timeout: 15_000 })
				.toBeGreaterThan(first!.beatAt.getTime())

			endLoop()
			await heartbeat.stopped
			const last = (await beats())[0]!.beatAt.getTime()
			await new Promise((resolve) => setTimeout(resolve, 300))
			expect((await beats())[0]!.beatAt.getTime()).toBe(last)
		} finally {
			heartbeat.stop()
		}
	})

	test('a beat forgets workers silent for a day, not the ones merely stale', async () => {
		await recordWorkerBeat({ ...worker, id: 'gone' })
		await recordWorkerBeat({ ...worker, id: 'stale' })
		await prisma.$executeRaw`UPDATE "WorkerHeartbeat" SET "beatAt" = "beatAt" - interval '25 hours' WHERE id = 'gone'`
		await prisma.$executeRaw`UPDATE "WorkerHeartbeat" SET "beatAt" = "beatAt" - interval '2 hours' WHERE id = 'stale'`
		await recordWorkerBeat(worker)
		const ids = (await prisma.workerHeartbeat.findMany({ select: { id: true } })).map((row) => row.id)
		expect(ids.sort()).toEqual([worker.id, 'stale'].sort())
	})
})
