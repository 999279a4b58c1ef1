import { expect, test } from 'vitest'
import { enqueueEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'

// Issue 20 (8): a step whose job key belongs to a job a worker holds must still get a job of
// its own, and steps sharing a key share one job.

async function jobsHolding(stepId: string) {
	return prisma.$queryRaw<Array<{ id: bigint; key: string | null; locked_at: Date | null }>>`
		SELECT id, key, locked_at FROM graphile_worker._private_jobs WHERE payload::jsonb ? ${stepId}`
}

test('a step due in the second of a job a worker is running gets a new job', async () => {
	const runAt = new Date('2026-11-25T10:00:00Z')
	await enqueueEmailStepJobs(prismaRun(prisma), [{ stepId: 'jobs-first', runAt }])
	const [first] = await jobsHolding('jobs-first')
	// A worker takes that job.
	await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'worker-1'
		WHERE id = ${first!.id}`
	// Find a step id whose key is the same job's (same second, same shard).
	const sameKey = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT 'jobs-other-' || g AS id FROM generate_series(1, 400) g
		WHERE abs(hashtext('jobs-other-' || g)) % 16 = abs(hashtext('jobs-first')) % 16 LIMIT 1`
	const other = sameKey[0]!.id
	await enqueueEmailStepJobs(prismaRun(prisma), [{ stepId: other, runAt }])
	const jobs = await jobsHolding(other)
	expect(jobs).toHaveLength(1)
	expect(jobs[0]!.locked_at).toBeNull()
	expect(jobs[0]!.key).toBe(first!.key)
	// The running job gave up its key and keeps only its own step.
	const [running] = await prisma.$queryRaw<Array<{ key: string | null; ids: string[] }>>`
		SELECT key, (SELECT array_agg(v) FROM json_array_elements_text(payload) v) AS ids
		FROM graphile_worker._private_jobs WHERE id = ${first!.id}`
	expect(running).toEqual({ key: null, ids: ['jobs-first'] })
})

test('steps due in the same second and shard share one job; many keys go in one call', async () => {
	const runAt = new Date('2026-11-25T11:00:00Z')
	const steps = Array.from({ length: 200 }, (_, index) => ({ stepId: `jobs-many-${index}`, runAt }))
	await enqueueEmailStepJobs(prismaRun(prisma), steps)
	const [counts] = await prisma.$queryRaw<Array<{ jobs: bigint; steps: bigint }>>`
		SELECT count(*) AS jobs, sum(json_array_length(payload)) AS steps FROM graphile_worker._private_jobs
		WHERE key LIKE ${`email-steps:${runAt.getTime() / 1000}:%`}`
	expect(Number(counts!.jobs)).toBe(16)
	expect(Number(counts!.steps)).toBe(200)
})
