import { describe, expect, test } from 'vitest'
import { requeueStrandedEmailSteps } from '#app/models/sequence/email-step-recovery.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The sweep under the send jobs (decision 009): a step a dead worker held gets a job again the
// moment its lease runs out — found by the run of the sweep before that moment (issue 20's
// lateness), not a whole interval later. The default lease is 120 s, the interval 60 s.

const LEASE_MS = 120_000

async function activeStep() {
	// The sweep looks at every organization: the earlier tests' sequences are done with.
	await prisma.sequence.updateMany({ where: { status: 'ACTIVE' }, data: { status: 'COMPLETED' } })
	const { user, organization } = await createSignedInUser()
	const sequence = await insertSequence({ organizationId: organization.id, user, steps: [{ daysAfter: 0 }] })
	await activateSequences(organization.id, [sequence.id])
	// Activation's own job is the one the dead worker held: out of the way.
	await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs`
	return sequence.emailSteps[0]!.id
}

async function jobTimes(stepId: string) {
	const rows = await prisma.$queryRaw<Array<{ run_at: Date }>>`
		SELECT run_at FROM graphile_worker._private_jobs WHERE payload::jsonb ? ${stepId}`
	return rows.map((row) => row.run_at.getTime())
}

describe('the stranded-step sweep', () => {
	test('a step that will be a lease late before the next run gets its job at that moment', async () => {
		const stepId = await activeStep()
		const now = Date.now()
		const scheduledFor = new Date(now - 70_000)
		await prisma.emailStep.update({ where: { id: stepId }, data: { scheduledFor } })
		expect(await requeueStrandedEmailSteps({ now: new Date(now) })).toBe(1)
		const times = await jobTimes(stepId)
		expect(times).toHaveLength(1)
		// Its lease ends 50 s from now: the job waits for that, not for the next run a minute away.
		expect(Math.abs(times[0]! - (scheduledFor.getTime() + LEASE_MS))).toBeLessThan(1_000)
	})

	test('a step due recently is left to the job that holds it', async () => {
		const stepId = await activeStep()
		await prisma.emailStep.update({
			where: { id: stepId },
			data: { scheduledFor: new Date(Date.now() - 30_000) },
		})
		expect(await requeueStrandedEmailSteps()).toBe(0)
		expect(await jobTimes(stepId)).toEqual([])
	})

	test('a send stranded past its lease is taken over now; one within it, a second after it ends', async () => {
		const stepId = await activeStep()
		const now = Date.now()
		await prisma.emailStep.update({
			where: { id: stepId },
			data: { status: 'SENDING', sendingStartedAt: new Date(now - 300_000) },
		})
		expect(await requeueStrandedEmailSteps({ now: new Date(now) })).toBe(1)
		expect(Math.abs((await jobTimes(stepId))[0]! - now)).toBeLessThan(1_000)

		await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs`
		const startedAt = new Date(now - 100_000)
		await prisma.emailStep.update({ where: { id: stepId }, data: { sendingStartedAt: startedAt } })
		expect(await requeueStrandedEmailSteps({ now: new Date(now) })).toBe(1)
		expect(Math.abs((await jobTimes(stepId))[0]! - (startedAt.getTime() + LEASE_MS + 1_000))).toBeLessThan(
			1_000,
		)
	})
})
