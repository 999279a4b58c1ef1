import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { forgetMailboxTransports } from '#app/models/mailbox/mail-transport.server.ts'
import { requeueStrandedEmailSteps } from '#app/models/sequence/email-step-recovery.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { connectFakeGmailAccount, useFakeGmailEnv } from '#tests/fakes/gmail-account.ts'
import { startFakeGmail, type FakeGmail } from '#tests/fakes/gmail-server.ts'

// Issue 4's reliability test: workers killed with SIGKILL at random moments during a run of
// 2,000 Gmail sends, then restarted, and the fake Gmail counts every email it accepted.
// Zero duplicates and zero lost emails. (Decision 009 explains why this holds.)

const SEQUENCES = 1_000 // two steps each: 2,000 emails, every second one a follow-up in its thread
const WORKERS = 3
// Longer than a send takes on a loaded 2-core machine: a live worker outrunning its lease would be
// taken over while its send is in flight, which no lease-based scheme can tell from a dead one.
const LEASE_SECONDS = 5
// Production sweeps every minute with a 120 s lease; here, at most every lease, as there.
const SWEEP_EVERY_MS = LEASE_SECONDS * 1000
const projectRoot = path.resolve(import.meta.dirname, '../..')

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
const MAX_KILLS = 12

type Worker = { process: ChildProcess; startedAt: number | null }

function startWorker(): Worker {
	const child = spawn(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], {
		cwd: projectRoot,
		env: { ...process.env, NODE_ENV: 'test', WORKER_CONCURRENCY: '4', DATABASE_POOL_SIZE: '6' },
		stdio: ['ignore', 'pipe', 'ignore'],
	})
	const worker: Worker = { process: child, startedAt: null }
	// jobs/worker.ts prints "worker started" once its runners are up; read (and drain) its output.
	child.stdout!.on('data', (chunk: Buffer) => {
		if (worker.startedAt === null && chunk.toString().includes('worker started'))
			worker.startedAt = Date.now()
	})
	return worker
}

/**
 * The sweep, as its cron task runs it: a sweep that loses a deadlock against the workers' own job
 * adds (PostgreSQL 40P01) is simply run again at the next tick, as Graphile retries the cron job.
 */
async function sweepLikeTheCron() {
	try {
		await requeueStrandedEmailSteps()
	} catch (error) {
		if (!String((error as Error).message).includes('40P01')) throw error
	}
}

/** With DEBUG_DISPATCH_CRASH set: the steps by status, the jobs and the workers, each tick. */
async function logProgress(organizationId: string, kills: number, workers: Worker[]) {
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

test('SIGKILLed workers lose no email and send none twice', { timeout: 300_000 }, async () => {
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
	await prisma.$executeRaw`
		INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
		SELECT 'crash-c' || g, 'Lead', 'N' || g, 'lead' || g || '@example.org', ${organization.id}, now()
		FROM unnest(${contacts}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "updatedAt")
		SELECT 'crash-s' || g, 'PENDING', 'Quick question', ${organization.id}, 'crash-c' || g, ${mailbox.id}, now()
		FROM unnest(${contacts}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "EmailStep" (id, "order", subject, "bodyHtml", "bodyText", "daysAfter", "organizationId",
			"sequenceId", "emailAddressId", "updatedAt")
		SELECT 'crash-e' || g || '-' || n, n, 'Quick question', '<p>Hello</p>', 'Hello', 0, ${organization.id},
			'crash-s' || g, ${mailbox.id}, now()
		FROM unnest(${contacts}::int[]) g, generate_series(1, 2) n`
	await activateSequences(
		organization.id,
		contacts.map((index) => `crash-s${index}`),
	)

	const workers: Worker[] = Array.from({ length: WORKERS }, startWorker)
	let kills = 0
	const deadline = Date.now() + 260_000
	let sent = 0
	let sentAtLastKill = 0
	let lastSweep = 0
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
			workers[victim] = startWorker()
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
	for (const worker of workers) worker.process.kill('SIGKILL')

	const accepted = fake.sent().filter((message) => message.account === user.email.toLowerCase())
	const messageIds = new Set(accepted.map((message) => message.messageId))
	expect(kills).toBeGreaterThan(3)
	expect(sent).toBe(SEQUENCES * 2)
	const sameMessageIdTwice = accepted.length - messageIds.size
	expect(accepted, `${sameMessageIdTwice} sends repeated a Message-ID`).toHaveLength(SEQUENCES * 2)
	expect(messageIds.size).toBe(SEQUENCES * 2)
	// Follow-ups went into their sequence's thread.
	const followUp = accepted.find((message) => message.subject.startsWith('Re:'))!
	const initial = accepted.find((message) => message.messageId === followUp.inReplyTo)!
	expect(followUp.threadId).toBe(initial.threadId)
	const completed = await prisma.sequence.count({
		where: { organizationId: organization.id, status: 'COMPLETED' },
	})
	expect(completed).toBe(SEQUENCES)
	// How late follow-ups went (sent minus planned), for the log; bench/ measures it properly.
	const [lateness] = await prisma.$queryRaw<Array<{ p50: number; p95: number; max: number }>>`
		SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY late) AS p50,
			percentile_cont(0.95) WITHIN GROUP (ORDER BY late) AS p95, max(late) AS max
		FROM (SELECT extract(epoch FROM "sentAt" - "scheduledFor")::float AS late FROM "EmailStep"
			WHERE "organizationId" = ${organization.id} AND "order" = 2) AS followUps`
	console.info(`dispatch-crash: ${kills} kills; follow-up lateness (s)`, lateness)
})
