import { describe, expect, test } from 'vitest'
import { updateMailboxLimits } from '#app/models/mailbox/mailbox-limits.server.ts'
import { updateSendWindow } from '#app/models/organization/send-window.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { getStepSchedule } from '#app/models/sequence/step-schedule.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Decision 014: holds recorded on the step, held steps released in a spread, re-planning when
// the window or a cap changes, the drawer's schedule, and the default window of new organizations.

const HOUR = 3_600_000

async function jobTimes(stepId: string) {
	const rows = await prisma.$queryRaw<Array<{ run_at: Date }>>`
		SELECT run_at FROM graphile_worker._private_jobs WHERE payload::jsonb ? ${stepId} ORDER BY run_at`
	return rows.map((row) => row.run_at.getTime())
}

async function firstSteps(organizationId: string) {
	return prisma.emailStep.findMany({
		where: { organizationId, order: 1 },
		orderBy: { scheduledFor: 'asc' },
	})
}

/** An organization whose window is closed right now (every day, a one-minute window twelve hours away). */
async function closedWindowOrganization(gap = { min: 60, max: 180 }) {
	const signedIn = await createSignedInUser()
	const now = new Date()
	const opensAt = (now.getUTCHours() * 60 + now.getUTCMinutes() + 12 * 60) % (24 * 60)
	await prisma.organization.update({
		where: { id: signedIn.organization.id },
		data: {
			sendWindowEnabled: true,
			sendWindowDays: [1, 2, 3, 4, 5, 6, 7],
			sendWindowStart: Math.min(opensAt, 24 * 60 - 2),
			sendWindowEnd: Math.min(opensAt, 24 * 60 - 2) + 1,
			sendGapMinSeconds: gap.min,
			sendGapMaxSeconds: gap.max,
		},
	})
	return signedIn
}

async function sequencesOf(signedIn: Awaited<ReturnType<typeof createSignedInUser>>, count: number) {
	const ids: string[] = []
	for (let i = 0; i < count; i++)
		ids.push(
			(
				await insertSequence({
					organizationId: signedIn.organization.id,
					user: signedIn.user,
					steps: [{ daysAfter: 0 }, { daysAfter: 2 }],
				})
			).id,
		)
	return ids
}

describe('held for the window', () => {
	test('steps activated outside the window leave at its opening one by one, a gap apart, each with its job', async () => {
		const signedIn = await closedWindowOrganization({ min: 60, max: 180 })
		const ids = await sequencesOf(signedIn, 5)
		const now = new Date()
		await activateSequences(signedIn.organization.id, ids, now)
		const steps = await firstSteps(signedIn.organization.id)
		const times = steps.map((step) => step.scheduledFor!.getTime())
		expect(
			steps.every((step) => step.holdReason === 'WINDOW' && step.dueAt!.getTime() === now.getTime()),
		).toBe(true)
		expect(times[0]).toBeGreaterThan(now.getTime())
		for (let i = 1; i < times.length; i++) {
			const gap = (times[i]! - times[i - 1]!) / 1000
			expect(gap).toBeGreaterThanOrEqual(60)
			expect(gap).toBeLessThanOrEqual(180)
		}
		for (const step of steps) expect(await jobTimes(step.id)).toEqual([step.scheduledFor!.getTime()])

		// Activated later, more steps for the same opening queue behind the first ones.
		const more = await sequencesOf(signedIn, 2)
		await activateSequences(signedIn.organization.id, more)
		const after = await firstSteps(signedIn.organization.id)
		const laterOnes = after.filter((step) => more.includes(step.sequenceId))
		expect(Math.min(...laterOnes.map((step) => step.scheduledFor!.getTime()))).toBeGreaterThanOrEqual(
			times.at(-1)! + 60_000,
		)
	})

	test('the drawer’s schedule says why each step waits; another organization gets nothing', async () => {
		const signedIn = await closedWindowOrganization()
		const [id] = await sequencesOf(signedIn, 1)
		await activateSequences(signedIn.organization.id, [id!])
		const schedule = await getStepSchedule(signedIn.organization.id, id!)
		const [first, second] = [...schedule!.steps.values()]
		expect(first).toMatchObject({ hold: 'WINDOW', sentAt: null })
		expect(first!.plannedAt!.getTime()).toBeGreaterThan(Date.now())
		expect(second!.hold).toBe('EARLIER_STEP')
		expect(schedule!.timeZones).toEqual({ organization: 'UTC', contact: 'UTC' })

		await prisma.sequence.update({ where: { id: id! }, data: { status: 'PAUSED' } })
		const paused = await getStepSchedule(signedIn.organization.id, id!)
		expect([...paused!.steps.values()].map((step) => step.hold)).toEqual(['PAUSED', 'PAUSED'])

		const other = await createSignedInUser()
		expect(await getStepSchedule(other.organization.id, id!)).toBeNull()
	})

	test('opening the window re-plans the held steps at once; another organization’s stay', async () => {
		const signedIn = await closedWindowOrganization({ min: 0, max: 0 })
		const ids = await sequencesOf(signedIn, 2)
		await activateSequences(signedIn.organization.id, ids)
		const bystander = await closedWindowOrganization()
		const [otherId] = await sequencesOf(bystander, 1)
		await activateSequences(bystander.organization.id, [otherId!])
		const otherBefore = await firstSteps(bystander.organization.id)

		const before = Date.now()
		await updateSendWindow(signedIn.organization.id, {
			timeZone: 'UTC',
			sendWindowEnabled: false,
			sendWindowDays: [1, 2, 3, 4, 5],
			sendWindowStart: 480,
			sendWindowEnd: 1080,
		})
		const steps = await firstSteps(signedIn.organization.id)
		for (const step of steps) {
			expect(step.holdReason).toBeNull()
			expect(step.scheduledFor!.getTime()).toBeLessThanOrEqual(Date.now())
			expect(step.scheduledFor!.getTime()).toBeGreaterThanOrEqual(before - 60_000)
			expect((await jobTimes(step.id)).some((at) => at === step.scheduledFor!.getTime())).toBe(true)
		}
		// The follow-ups are planned from the new time too (two days after).
		const followUp = await prisma.emailStep.findFirstOrThrow({
			where: { sequenceId: ids[0]!, order: 2 },
		})
		expect(followUp.scheduledFor!.getTime() - steps[0]!.scheduledFor!.getTime()).toBeLessThanOrEqual(
			48 * HOUR,
		)

		expect(await sendEmailStep(steps[0]!.id)).toBe('sent')
		expect(await firstSteps(bystander.organization.id)).toEqual(otherBefore)
	})
})

describe('follow-ups planned into a closed window', () => {
	test('are held for its next opening and spread when their first steps are sent', async () => {
		const signedIn = await createSignedInUser()
		const now = new Date()
		const minute = now.getUTCHours() * 60 + now.getUTCMinutes()
		// Open now, on today's weekday only: a follow-up one day later waits a week.
		await prisma.organization.update({
			where: { id: signedIn.organization.id },
			data: {
				sendWindowEnabled: true,
				sendWindowDays: [((now.getUTCDay() + 6) % 7) + 1],
				sendWindowStart: Math.max(0, minute - 1),
				sendWindowEnd: Math.min(24 * 60, minute + 5),
				sendGapMinSeconds: 45,
				sendGapMaxSeconds: 45,
			},
		})
		const ids: string[] = []
		for (let i = 0; i < 2; i++)
			ids.push(
				(
					await insertSequence({
						organizationId: signedIn.organization.id,
						user: signedIn.user,
						steps: [{ daysAfter: 0 }, { daysAfter: 1 }],
					})
				).id,
			)
		await activateSequences(signedIn.organization.id, ids)
		for (const step of await firstSteps(signedIn.organization.id))
			expect(await sendEmailStep(step.id)).toBe('sent')
		const followUps = await prisma.emailStep.findMany({
			where: { organizationId: signedIn.organization.id, order: 2 },
			orderBy: { scheduledFor: 'asc' },
		})
		expect(followUps.every((step) => step.holdReason === 'WINDOW')).toBe(true)
		const [first, second] = followUps.map((step) => step.scheduledFor!.getTime())
		expect(first! - now.getTime()).toBeGreaterThan(6 * 24 * HOUR)
		expect(second! - first!).toBe(45_000)
		for (const step of followUps) expect(await jobTimes(step.id)).toContain(step.scheduledFor!.getTime())
	})
})

describe('held by the daily cap', () => {
	test('over the cap a step waits for the next day’s window opening with the reason; raising the cap releases it now', async () => {
		const signedIn = await createSignedInUser()
		await prisma.organization.update({
			where: { id: signedIn.organization.id },
			data: { sendGapMinSeconds: 30, sendGapMaxSeconds: 30 },
		})
		const ids = await sequencesOf(signedIn, 3)
		const mailbox = await prisma.mailbox.findFirstOrThrow({
			where: { organizationId: signedIn.organization.id },
		})
		await prisma.mailbox.update({ where: { id: mailbox.id }, data: { dailyLimitStart: 1 } })
		await activateSequences(signedIn.organization.id, ids)
		const outcomes = []
		for (const step of await firstSteps(signedIn.organization.id)) outcomes.push(await sendEmailStep(step.id))
		expect(outcomes.sort()).toEqual(['deferred', 'deferred', 'sent'])

		const held = (await firstSteps(signedIn.organization.id)).filter((step) => step.status === 'SCHEDULED')
		expect(held.every((step) => step.holdReason === 'DAILY_CAP')).toBe(true)
		// No window here: the start of the next day (UTC), the second one a gap behind the first.
		const midnight = new Date()
		midnight.setUTCHours(24, 0, 0, 0)
		expect(held.map((step) => step.scheduledFor!.getTime())).toEqual([
			midnight.getTime(),
			midnight.getTime() + 30_000,
		])
		expect(
			(await getStepSchedule(signedIn.organization.id, held[0]!.sequenceId))!.steps.get(held[0]!.id)!.hold,
		).toBe('DAILY_CAP')

		// Another organization cannot touch this mailbox's limits.
		const other = await createSignedInUser()
		expect(
			await updateMailboxLimits(
				other.organization.id,
				{ userId: other.user.id, canManage: true },
				mailbox.id,
				{ dailyLimitStart: 10, dailyLimitIncrement: 0, dailyLimitMax: 10 },
			),
		).toBeNull()
		expect(
			(await firstSteps(signedIn.organization.id)).filter((step) => step.status === 'SCHEDULED'),
		).toEqual(held)

		const before = Date.now()
		await updateMailboxLimits(
			signedIn.organization.id,
			{ userId: signedIn.user.id, canManage: true },
			mailbox.id,
			{ dailyLimitStart: 10, dailyLimitIncrement: 0, dailyLimitMax: 10 },
		)
		const released = (await firstSteps(signedIn.organization.id)).filter(
			(step) => step.status === 'SCHEDULED',
		)
		expect(released.every((step) => step.holdReason === null)).toBe(true)
		const times = released.map((step) => step.scheduledFor!.getTime())
		expect(times[0]).toBeGreaterThanOrEqual(before - 1000)
		expect(times[0]).toBeLessThanOrEqual(Date.now())
		expect(times[1]! - times[0]!).toBe(30_000)
		expect(await sendEmailStep(released[0]!.id)).toBe('sent')
	})
})

describe('new organizations', () => {
	test('start with a weekday 08:00–18:00 window and a 60–180 s gap', async () => {
		const organization = await prisma.organization.create({ data: { name: 'Fresh' } })
		expect(organization).toMatchObject({
			sendWindowEnabled: true,
			sendWindowDays: [1, 2, 3, 4, 5],
			sendWindowStart: 480,
			sendWindowEnd: 1080,
			sendGapMinSeconds: 60,
			sendGapMaxSeconds: 180,
		})
	})
})
