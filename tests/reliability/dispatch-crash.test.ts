import { afterAll, beforeAll, expect, test } from 'vitest'
import { forgetMailboxTransports } from '#app/models/mailbox/mail-transport.server.ts'
import { requeueStrandedEmailSteps } from '#app/models/sequence/email-step-recovery.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, useFakeGmailEnv } from '#tests/fakes/gmail-account.ts'
import { startFakeGmail, type FakeGmail } from '#tests/fakes/gmail-server.ts'
import { anotherRound, isSoak, reliabilityTimeout, reportReliabilityFigures } from './reliability-run.ts'
import { killAll, startWorkerProcess, type WorkerProcess } from './worker-processes.ts'

// Issue 4's reliability test: workers killed with SIGKILL at random moments during a run of
// 2,000 Gmail sends, then restarted, and the fake Gmail counts every email it accepted.
// Zero duplicates and zero lost emails. (Decision 009 explains why this holds.) Under the soak
// (decision 022) each round is 5,000 sends with up to 40 kills, and rounds repeat until its time is up.

// Two steps each: every second email is a follow-up in its thread. 250 in npm test: with the step
// ledger's and the analytics rollup's triggers a send does more, and 1,000 no longer fitted the round
// on the CPU-bound 2-core machine running every lane (12 kills, follow-ups up to 240 s late); the kills,
// and what is checked after them, are the same. The soak keeps its 2,500.
const SEQUENCES = isSoak ? 2_500 : 250
const WORKERS = 3
// Longer than a send takes on a loaded 2-core machine: a live worker outrunning its lease would be
// taken over while its send is in flight, which no lease-based scheme can tell from a dead one.
// 5 s was once too short: with Playwright and builds beside it (load ~15), 25 of 2,000 sends
// outran it (2026-11-26). Production's lease is 120 s.
const LEASE_SECONDS = 10
// Production sweeps every minute with a 120 s lease; here, at most every lease, as there.
const SWEEP_EVERY_MS = LEASE_SECONDS * 1000

let fake: FakeGmail
beforeAll(async () => {
	fake = await startFakeGmail()
	useFakeGmailEnv(fake.env)
	process.env.EMAIL_SEND_LEASE_SECONDS = String(LEASE_SECONDS)
	resetEnvCache()
	forgetMailboxTransports()
	// Each accepted send answers after a pause, so kills often land between Gmail's acceptance
	// and our record of it: the window that makes duplicates.
	fake.configure({ sendDelayMs: 15 })
})
afterAll(async () => {
	delete process.env.EMAIL_SEND_LEASE_SECONDS
	resetEnvCache()
	await fake?.close()
})

// A worker may be killed once it has been up this long, so a slow machine, where starting takes
// seconds, still sends between kills; the kills land at random moments of its sending after that.
const MIN_LIFE_MS = 5_000
// Kills stop after this many, and the run then drains; and a kill waits until some email went out
// since the last one. On a busy machine a worker needs many seconds from start to its first send,
// and kills without end left the run no time to finish (CI saw 1,839 of 2,000 in 200 s).
const MAX_KILLS = isSoak ? 40 : 12
// A round must end by this (it ends as soon as every email went out: under two minutes on a
// quiet two-core machine); a machine shared with other test runs may need far longer.
const ROUND_MS = isSoak ? 900_000 : 420_000

/**
 * The sweep, as its cron task runs it: a sweep that loses a deadlock against the workers' own job
 * adds (PostgreSQL 40P01) is simply run again at the next tick, as Graphile retries the cron job.
 */
async function sweepLikeTheCron() {
	try {
		await requeueStrandedEmailSteps({ lookaheadMs: SWEEP_EVERY_MS })
	} catch (error) {
		if (!String((error as Error).message).includes('40P01')) throw error
	}
}

/** With DEBUG_DISPATCH_CRASH set: the steps by status, the jobs and the workers, each tick. */
async function logProgress(organizationId: string, kills: number, workers: WorkerProcess[]) {
	const steps = await prisma.emailStep.groupBy({ by: ['status'], where: { organizationId }, _count: true })
	const [jobs] = await prisma.$queryRaw<Array<{ waiting: number; locked: number }>>`
		SELECT count(*) FILTER (WHERE locked_at IS NULL)::int AS waiting, count(locked_at)::int AS locked
		FROM graphile_worker._private_jobs`
	console.info(
		new Date().toISOString(),
		{ kills, up: workers.map((worker) => worker.startedAt !== null) },
		Object.fromEntries(steps.map((step) => [step.status, step._count])),
		jobs,
	)
}

/** One round: SEQUENCES two-step sequences of a new Gmail user, sent while workers are killed. */
async function sendThroughKills() {
	const { user, organization } = await createSignedInUser()
	await connectFakeGmailAccount(fake, user)
	const contacts = Array.from({ length: SEQUENCES }, (_, index) => index)
	const mailbox = await prisma.mailbox.create({
		data: {
			organizationId: organization.id,
			userId: user.id,
			address: user.email,
			kind: 'USER',
			verifiedAt: new Date(),
			dailyLimitStart: 100_000,
			dailyLimitMax: 100_000,
		},
	})
	// Ids carry the organization's, so the soak's rounds share the database.
	const tag = organization.id
	await prisma.$executeRaw`
		INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
		SELECT ${tag} || '-c' || g, 'Lead', 'N' || g, 'lead' || g || '@example.org', ${organization.id}, now()
		FROM unnest(${contacts}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "updatedAt")
		SELECT ${tag} || '-s' || g, 'PENDING', 'Quick question', ${organization.id}, ${tag} || '-c' || g, ${mailbox.id}, now()
		FROM unnest(${contacts}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "EmailStep" (id, "order", subject, "bodyHtml", "bodyText", "daysAfter", "organizationId",
			"sequenceId", "emailAddressId", "updatedAt")
		SELECT ${tag} || '-e' || g || '-' || n, n, 'Quick question', '<p>Hello</p>', 'Hello', 0, ${organization.id},
			${tag} || '-s' || g, ${mailbox.id}, now()
		FROM unnest(${contacts}::int[]) g, generate_series(1, 2) n`
	await activateSequences(
		organization.id,
		contacts.map((index) => `${tag}-s${index}`),
	)

	const workers: WorkerProcess[] = Array.from({ length: WORKERS }, () => startWorkerProcess())
	let kills = 0
	const deadline = Date.now() + ROUND_MS
	let sent = 0
	let sentAtLastKill = 0
	let lastSweep = 0
	try {
		while (Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 700 + Math.random() * 1300))
			// Kill one worker that has had its time to start, at a random moment, and start another in its place.
			const now = Date.now()
			const eligible = workers.flatMap((worker, index) =>
				worker.startedAt !== null && now - worker.startedAt >= MIN_LIFE_MS ? [index] : [],
			)
			if (eligible.length > 0 && kills < MAX_KILLS && sent > sentAtLastKill) {
				const victim = eligible[Math.floor(Math.random() * eligible.length)]!
				workers[victim]!.process.kill('SIGKILL')
				kills++
				sentAtLastKill = sent
				workers[victim] = startWorkerProcess()
			}
			// The minute cron of production, sped up: re-add jobs a dead worker was holding.
			if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
				await sweepLikeTheCron()
				lastSweep = Date.now()
			}
			sent = await prisma.emailStep.count({ where: { organizationId: organization.id, status: 'SENT' } })
			if (process.env.DEBUG_DISPATCH_CRASH) await logProgress(organization.id, kills, workers)
			if (sent === SEQUENCES * 2) break
		}
	} finally {
		killAll(workers)
	}

	const accepted = fake.sent().filter((message) => message.account === user.email.toLowerCase())
	const messageIds = new Set(accepted.map((message) => message.messageId))
	const completed = await prisma.sequence.count({
		where: { organizationId: organization.id, status: 'COMPLETED' },
	})
	// How late follow-ups went (sent minus planned), for the log; bench/dispatch-crash.ts measures it properly.
	const [lateness] = await prisma.$queryRaw<Array<{ p50: number; p95: number; max: number }>>`
		SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY late) AS p50,
			percentile_cont(0.95) WITHIN GROUP (ORDER BY late) AS p95, max(late) AS max
		FROM (SELECT extract(epoch FROM "sentAt" - "scheduledFor")::float AS late FROM "EmailStep"
			WHERE "organizationId" = ${organization.id} AND "order" = 2) AS followUps`
	console.info(`dispatch-crash: ${kills} kills; follow-up lateness (s)`, lateness)
	return { kills, sent, accepted, messageIds, completed }
}

test(
	'SIGKILLed workers lose no email and send none twice',
	{ timeout: reliabilityTimeout(ROUND_MS + 60_000, ROUND_MS + 120_000) },
	async () => {
		const totals = { rounds: 0, sends: 0, duplicates: 0, lost: 0, kills: 0 }
		let longest = 0
		while (anotherRound(totals.rounds, longest)) {
			const started = Date.now()
			const { kills, sent, accepted, messageIds, completed } = await sendThroughKills()
			totals.rounds++
			totals.kills += kills
			totals.sends += accepted.length
			totals.duplicates += accepted.length - messageIds.size
			totals.lost += SEQUENCES * 2 - messageIds.size
			longest = Math.max(longest, Date.now() - started)

			expect(kills).toBeGreaterThan(3)
			expect(sent).toBe(SEQUENCES * 2)
			const sameMessageIdTwice = accepted.length - messageIds.size
			expect(accepted, `${sameMessageIdTwice} sends repeated a Message-ID`).toHaveLength(SEQUENCES * 2)
			expect(messageIds.size).toBe(SEQUENCES * 2)
			// Follow-ups went into their sequence's thread.
			const followUp = accepted.find((message) => message.subject.startsWith('Re:'))!
			const initial = accepted.find((message) => message.messageId === followUp.inReplyTo)!
			expect(followUp.threadId).toBe(initial.threadId)
			expect(completed).toBe(SEQUENCES)
		}
		reportReliabilityFigures('dispatch-crash', {
			...totals,
			notes: `${WORKERS} workers, ${SEQUENCES * 2} sends a round, lease ${LEASE_SECONDS} s`,
		})
	},
)
