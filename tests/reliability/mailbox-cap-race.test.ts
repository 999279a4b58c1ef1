import { afterAll, beforeAll, expect, test } from 'vitest'
import { requeueStrandedEmailSteps } from '#app/models/sequence/email-step-recovery.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { anotherRound, isSoak, reliabilityTimeout, reportReliabilityFigures } from './reliability-run.ts'
import { killAll, sleep, startWorkerProcess, waitUntilStarted, workerSettings } from './worker-processes.ts'

// Issue 12: 4–8 worker processes race for the daily caps of a few mailboxes, every sequence due
// at once. The cap is counted in the database (decision 009), so no mailbox sends more than its
// cap in a day — and the race is real: each mailbox reaches its cap exactly, and nothing over it
// is dropped (the rest waits for the next day).

const MAILBOXES = 2
const CAP = 20
// Two steps each, both due now: follow-ups of sent steps join the race for the same caps.
const SEQUENCES_PER_MAILBOX = 40
// A short lease (here and in the workers, which inherit the environment): a send whose record
// was lost to a dropped connection is taken over within the run.
const LEASE_SECONDS = 10
beforeAll(() => {
	process.env.EMAIL_SEND_LEASE_SECONDS = String(LEASE_SECONDS)
	resetEnvCache()
})
afterAll(() => {
	delete process.env.EMAIL_SEND_LEASE_SECONDS
	resetEnvCache()
})

async function raceOneDay(workerCount: number) {
	const { user, organization } = await createSignedInUser()
	const mailboxes = await Promise.all(
		Array.from({ length: MAILBOXES }, (_, index) =>
			prisma.mailbox.create({
				data: {
					organizationId: organization.id,
					address: `sender${index}@race.example`,
					kind: 'SENDER',
					verifiedAt: new Date(),
					dailyLimitStart: CAP,
					dailyLimitMax: CAP,
					dailyLimitIncrement: 0,
				},
			}),
		),
	)
	const tag = organization.id
	const numbers = Array.from({ length: MAILBOXES * SEQUENCES_PER_MAILBOX }, (_, index) => index)
	const mailboxIds = mailboxes.map((mailbox) => mailbox.id)
	await prisma.$executeRaw`
		INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
		SELECT ${tag} || '-c' || g, 'Lead', 'N' || g, 'lead' || g || '@example.org', ${organization.id}, now()
		FROM unnest(${numbers}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "creatorId", "updatedAt")
		SELECT ${tag} || '-s' || g, 'PENDING', 'Quick question', ${organization.id}, ${tag} || '-c' || g,
			(${mailboxIds}::text[])[1 + g % ${MAILBOXES}], ${user.id}, now()
		FROM unnest(${numbers}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "EmailStep" (id, "order", subject, "bodyHtml", "bodyText", "daysAfter", "organizationId",
			"sequenceId", "emailAddressId", "updatedAt")
		SELECT ${tag} || '-e' || g || '-' || n, n, 'Quick question', '<p>Hello</p>', 'Hello', 0, ${organization.id},
			${tag} || '-s' || g, (${mailboxIds}::text[])[1 + g % ${MAILBOXES}], now()
		FROM unnest(${numbers}::int[]) g, generate_series(1, 2) n`

	// Every worker up before anything is due, so they all race from the first job.
	const workers = Array.from({ length: workerCount }, () => startWorkerProcess(workerSettings(workerCount)))
	const startingAt = Date.now()
	let startSeconds = 0
	try {
		await waitUntilStarted(workers)
		startSeconds = Math.round((Date.now() - startingAt) / 1000)
		await activateSequences(
			organization.id,
			numbers.map((index) => `${tag}-s${index}`),
		)
		const raceStarted = Date.now()
		const deadline = raceStarted + 120_000
		let lastSweep = raceStarted
		while (Date.now() < deadline) {
			await sleep(250)
			// The minute cron's sweep, at the lease's pace: a send whose record was lost to a dropped
			// connection (a shared server may refuse clients) is taken over without waiting a minute.
			if (Date.now() - lastSweep > LEASE_SECONDS * 1000) {
				await requeueStrandedEmailSteps({ lookaheadMs: LEASE_SECONDS * 1000 })
				lastSweep = Date.now()
			}
			const [open] = await prisma.$queryRaw<Array<{ count: number }>>`
				SELECT count(*)::int AS count FROM "EmailStep" e
				WHERE e."organizationId" = ${organization.id}
					AND (e.status = 'SENDING' OR (e.status = 'SCHEDULED' AND e."scheduledFor" <= now()))
					-- A later step keeps its old plan until the one before it is sent.
					AND NOT EXISTS (SELECT 1 FROM "EmailStep" p WHERE p."sequenceId" = e."sequenceId"
						AND p."order" < e."order" AND p.status <> 'SENT')`
			if (open!.count === 0) break
			if (process.env.DEBUG_CAP_RACE)
				console.info(
					await prisma.$queryRaw`SELECT status, "holdReason", count(*)::int, min("scheduledFor") AS first,
						max("scheduledFor") AS last FROM "EmailStep" WHERE "organizationId" = ${organization.id}
						GROUP BY 1, 2`,
				)
		}
	} finally {
		killAll(workers)
	}

	// The emails that went out, per mailbox and day (the organization's time zone is UTC).
	const days = await prisma.$queryRaw<Array<{ mailboxId: string; sent: number }>>`
		SELECT "mailboxId", count(*)::int AS sent FROM "OutboxMessage"
		WHERE "organizationId" = ${organization.id}
		GROUP BY "mailboxId", ("createdAt" AT TIME ZONE 'UTC')::date`
	const overCapDays = days.filter((day) => day.sent > CAP).length
	const sends = days.reduce((sum, day) => sum + day.sent, 0)
	// Held, not dropped: every sequence still owes its first unsent step (SCHEDULED: mostly for a
	// later day; one whose job had not run yet when the workers stopped may still be due now).
	const [owed] = await prisma.$queryRaw<Array<{ waiting: number; lost: number }>>`
		SELECT count(*) FILTER (WHERE e.status = 'SCHEDULED')::int AS waiting,
			count(*) FILTER (WHERE e.status NOT IN ('SCHEDULED', 'SENT'))::int AS lost
		FROM "Sequence" s JOIN LATERAL (
			SELECT status, "scheduledFor" FROM "EmailStep" WHERE "sequenceId" = s.id AND status <> 'SENT'
			ORDER BY "order" LIMIT 1
		) e ON true
		WHERE s."organizationId" = ${organization.id}`
	const usage = await prisma.mailboxDailyUsage.findMany({ where: { mailboxId: { in: mailboxIds } } })
	const raceSeconds = Math.round((Date.now() - startingAt) / 1000) - startSeconds
	console.info(
		`mailbox-cap-race: ${workerCount} workers started in ${startSeconds} s, raced for ${raceSeconds} s`,
	)
	return { days, overCapDays, sends, owed: owed!, usage, sequences: numbers.length }
}

test(
	'4–8 worker processes racing for mailbox caps never send over a cap',
	{ timeout: reliabilityTimeout(240_000) },
	async () => {
		const totals = { rounds: 0, sends: 0, overCapDays: 0, lost: 0 }
		const workerCounts: number[] = []
		let longest = 0
		while (anotherRound(totals.rounds, longest)) {
			const started = Date.now()
			// Four workers in the short run; under the soak, four to eight in turn.
			const workerCount = isSoak ? 4 + (totals.rounds % 5) : 4
			const day = await raceOneDay(workerCount)
			workerCounts.push(workerCount)
			totals.rounds++
			totals.sends += day.sends
			totals.overCapDays += day.overCapDays
			totals.lost += day.owed.lost
			longest = Math.max(longest, Date.now() - started)

			expect(day.overCapDays).toBe(0)
			// The race ran to the caps: each mailbox sent exactly its cap, and counted exactly that.
			expect(day.days.map((row) => row.sent)).toEqual(Array.from({ length: MAILBOXES }, () => CAP))
			expect(day.usage.map((row) => row.sentCount)).toEqual(Array.from({ length: MAILBOXES }, () => CAP))
			// No step was failed or dropped: every unsent first step is still SCHEDULED. (A sequence
			// may have sent all it had within the caps; it then owes nothing.)
			expect(day.owed.lost).toBe(0)
			expect(day.owed.waiting).toBeLessThanOrEqual(day.sequences)
		}
		reportReliabilityFigures('mailbox-cap-race', {
			...totals,
			notes: `caps of ${CAP} on ${MAILBOXES} mailboxes; workers per round: ${workerCounts.join(', ')}`,
		})
	},
)
