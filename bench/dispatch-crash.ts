import os from 'node:os'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Issue 20's figures (item 8), with real worker processes (jobs/worker.ts) and the fake Gmail:
// (a) three workers, one SIGKILLed every 1–3 s and restarted, while BENCH_SEQUENCES two-step
//     sequences fall due at a steady trickle over BENCH_SPREAD_SECONDS; each follow-up is planned
//     at its first email's send, as in production. The workers run the product's crontab, so the
//     stranded-step sweep runs every minute as it does there. Lease: BENCH_LEASE_SECONDS (10).
//     (Only a worker up for BENCH_MIN_LIFE_SECONDS, default 2, is killed, and only while no
//     replacement is still starting; the figures say how often kills really came.)
//     Figures: lateness (sent − planned) p50/p95/max, duplicates, lost. Target p95 ≤ lease + 5 s.
// (b) an undisturbed run of BENCH_UNDISTURBED_STEPS (10,000) steps, all due at once, three
//     workers: deadlocks (40P01) in the workers' logs and in pg_stat_database. Target 0.

const SEQUENCES = Number(process.env.BENCH_SEQUENCES ?? 2_000)
const SPREAD_SECONDS = Number(process.env.BENCH_SPREAD_SECONDS ?? 120)
const LEASE_SECONDS = Number(process.env.BENCH_LEASE_SECONDS ?? 10)
const UNDISTURBED_STEPS = Number(process.env.BENCH_UNDISTURBED_STEPS ?? 10_000)
const WORKERS = 3
// A worker is killed only once it has been up this long (after printing "worker started"), so a
// busy machine, where starting takes seconds, still sends between kills.
const MIN_LIFE_MS = Number(process.env.BENCH_MIN_LIFE_SECONDS ?? 2) * 1000
const PARTS = process.env.BENCH_PARTS ?? 'ab'

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, `reachout_bench_dispatch_crash_${PARTS}`)
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'
process.env.EMAIL_SEND_LEASE_SECONDS = String(LEASE_SECONDS)

const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { activateSequences } = await import('#app/models/sequence/sequence-status.server.ts')
const { enqueueEmailStepJobs } = await import('#app/jobs/send-email-step.ts')
const { prismaRun } = await import('#app/utils/sql-run.server.ts')
const { createSignedInUser } = await import('#tests/db-utils.ts')
const gmailAccount = await import('#tests/fakes/gmail-account.ts')
const { startFakeGmail } = await import('#tests/fakes/gmail-server.ts')
const { killAll, sleep, startWorkerProcess, waitUntilStarted, workerSettings } =
	await import('#tests/reliability/worker-processes.ts')

const fake = await startFakeGmail()
gmailAccount.useFakeGmailEnv(fake.env)
// Each accepted send answers after a pause, so kills often land between Gmail's acceptance and
// our record of it: the window where a duplicate would come from.
fake.configure({ sendDelayMs: 15 })
// On a server of its own (the embedded one) the workers may hold more connections than in the tests.
const settings = workerSettings(WORKERS, Number(process.env.BENCH_CONNECTIONS ?? 60))

const load = () =>
	os
		.loadavg()
		.map((value) => value.toFixed(1))
		.join(' ')
console.log(
	`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
		`load ${load()}; ${WORKERS} workers (${JSON.stringify(settings)}), lease ${LEASE_SECONDS} s`,
)

/** A Gmail user's `count` two-step sequences (follow-up 0 days after the first email), activated. */
async function seedSequences(count: number) {
	const { user, organization } = await createSignedInUser()
	await gmailAccount.connectFakeGmailAccount(fake, user)
	const mailbox = await prisma.mailbox.create({
		data: {
			organizationId: organization.id,
			userId: user.id,
			address: user.email,
			kind: 'USER',
			verifiedAt: new Date(),
			dailyLimitStart: 1_000_000,
			dailyLimitMax: 1_000_000,
		},
	})
	const tag = organization.id
	const numbers = Array.from({ length: count }, (_, index) => index)
	await prisma.$executeRaw`
		INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
		SELECT ${tag} || '-c' || g, 'Lead', 'N' || g, 'lead' || g || '@example.org', ${organization.id}, now()
		FROM unnest(${numbers}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "creatorId", "updatedAt")
		SELECT ${tag} || '-s' || g, 'PENDING', 'Quick question', ${organization.id}, ${tag} || '-c' || g,
			${mailbox.id}, ${user.id}, now()
		FROM unnest(${numbers}::int[]) g`
	await prisma.$executeRaw`
		INSERT INTO "EmailStep" (id, "order", subject, "bodyHtml", "bodyText", "daysAfter", "organizationId",
			"sequenceId", "emailAddressId", "updatedAt")
		SELECT ${tag} || '-e' || g || '-' || n, n, 'Quick question', '<p>Hello</p>', 'Hello', 0, ${organization.id},
			${tag} || '-s' || g, ${mailbox.id}, now()
		FROM unnest(${numbers}::int[]) g, generate_series(1, 2) n`
	await activateSequences(
		organization.id,
		numbers.map((index) => `${tag}-s${index}`),
	)
	return { user, organization, tag, numbers }
}

async function sentCount(organizationId: string) {
	return prisma.emailStep.count({ where: { organizationId, status: 'SENT' } })
}

function startWorkers() {
	return Array.from({ length: WORKERS }, () => startWorkerProcess(settings))
}

async function deadlocksOfDatabase() {
	// Statistics reach pg_stat_database within a second or so of a transaction's end.
	await sleep(1_500)
	const [row] = await prisma.$queryRaw<Array<{ deadlocks: bigint }>>`
		SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`
	return Number(row!.deadlocks)
}

if (PARTS.includes('a')) {
	console.log(
		`\n(a) ${SEQUENCES.toLocaleString()} two-step sequences, first emails due over ${SPREAD_SECONDS} s, ` +
			`follow-ups planned at each send; a SIGKILL every 1–3 s`,
	)
	const { user, organization, tag, numbers } = await seedSequences(SEQUENCES)
	// Park the first emails far ahead (and drop activation's jobs) until the workers are up.
	await prisma.$executeRaw`UPDATE "EmailStep" SET "scheduledFor" = now() + interval '1 day'
		WHERE "organizationId" = ${organization.id} AND "order" = 1`
	await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs`
	const workers = startWorkers()
	await waitUntilStarted(workers)
	const start = Date.now() + 2_000
	const due = numbers.map((index) => ({
		stepId: `${tag}-e${index}-1`,
		runAt: new Date(start + Math.random() * SPREAD_SECONDS * 1000),
	}))
	await prisma.$executeRaw`
		UPDATE "EmailStep" e SET "scheduledFor" = d.at, "dueAt" = d.at
		FROM unnest(${due.map((step) => step.stepId)}::text[], ${due.map((step) => step.runAt)}::timestamptz[]) AS d(id, at)
		WHERE e.id = d.id`
	// Their jobs, added the way the scheduler adds them (app/jobs/send-email-step.ts).
	await enqueueEmailStepJobs(prismaRun(prisma), due)

	let kills = 0
	let sent = 0
	const deadline = start + SPREAD_SECONDS * 1000 + 600_000
	const killsStarted = Date.now()
	while (Date.now() < deadline && sent < SEQUENCES * 2) {
		await sleep(1_000 + Math.random() * 2_000)
		const now = Date.now()
		const up = workers.flatMap((worker, index) =>
			worker.startedAt !== null && now - worker.startedAt >= MIN_LIFE_MS ? [index] : [],
		)
		// One worker down at a time: while a replacement starts (seconds on a busy machine), the
		// other two are not killed, or nothing would ever be sent.
		const starting = workers.some((worker) => worker.startedAt === null)
		if (up.length > 0 && !starting) {
			const victim = up[Math.floor(Math.random() * up.length)]!
			workers[victim]!.process.kill('SIGKILL')
			workers[victim] = startWorkerProcess(settings)
			kills++
		}
		sent = await sentCount(organization.id)
		if (process.env.BENCH_VERBOSE) console.log(new Date().toISOString(), { kills, sent, load: load() })
	}
	const killSeconds = (Date.now() - killsStarted) / 1000
	killAll(workers)

	const accepted = fake.sent().filter((message) => message.account === user.email.toLowerCase())
	const unique = new Set(accepted.map((message) => message.messageId))
	const lateness = await prisma.$queryRaw<
		Array<{ order: number; p50: number; p95: number; max: number; late: number; takenOver: number }>
	>`
		SELECT "order", percentile_cont(0.5) WITHIN GROUP (ORDER BY late) AS p50,
			percentile_cont(0.95) WITHIN GROUP (ORDER BY late) AS p95, max(late) AS max,
			count(*) FILTER (WHERE late > ${LEASE_SECONDS + 5})::int AS late,
			count(*) FILTER (WHERE late > ${LEASE_SECONDS + 5} AND "sendAttempts" > 1)::int AS "takenOver"
		FROM (SELECT "order", "sendAttempts", extract(epoch FROM "sentAt" - "scheduledFor")::float AS late
			FROM "EmailStep" WHERE "organizationId" = ${organization.id} AND status = 'SENT') AS steps
		GROUP BY "order" ORDER BY "order"`
	console.log(
		`kills: ${kills} in ${killSeconds.toFixed(0)} s (one every ${(killSeconds / Math.max(1, kills)).toFixed(1)} s); ` +
			`steps SENT ${sent.toLocaleString()} of ${(SEQUENCES * 2).toLocaleString()}; ` +
			`accepted by Gmail ${accepted.length.toLocaleString()}, duplicates ${accepted.length - unique.size}, ` +
			`lost ${SEQUENCES * 2 - unique.size}`,
	)
	for (const row of lateness) {
		console.log(
			`${row.order === 1 ? 'first emails' : 'follow-ups  '}: lateness p50 ${row.p50.toFixed(1)} s, ` +
				`p95 ${row.p95.toFixed(1)} s, max ${row.max.toFixed(1)} s (target p95 ≤ ${LEASE_SECONDS + 5} s); ` +
				`${row.late} later than lease + 5 s, ${row.takenOver} of them taken over after a lease`,
		)
	}
	if (accepted.length !== unique.size) {
		const counts = new Map<string, number>()
		for (const message of accepted) counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1)
		console.log(
			'!! sent twice:',
			[...counts].filter(([, count]) => count > 1).map(([id]) => id),
		)
	}
	console.log(`load after (a): ${load()}`)
}

if (PARTS.includes('b')) {
	const sequences = Math.ceil(UNDISTURBED_STEPS / 2)
	console.log(`\n(b) ${(sequences * 2).toLocaleString()} steps, all due now, three workers, no kills`)
	const { organization } = await seedSequences(sequences)
	await prisma.$executeRaw`UPDATE "EmailStep" SET "scheduledFor" = now() + interval '1 day'
		WHERE "organizationId" = ${organization.id} AND "order" = 1 AND status = 'SCHEDULED'`
	await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE key LIKE 'email-steps:%'`
	const workers = startWorkers()
	await waitUntilStarted(workers)
	const before = await deadlocksOfDatabase()
	const firstSteps = await prisma.emailStep.findMany({
		where: { organizationId: organization.id, order: 1 },
		select: { id: true },
	})
	await prisma.$executeRaw`UPDATE "EmailStep" SET "scheduledFor" = now(), "dueAt" = now()
		WHERE "organizationId" = ${organization.id} AND "order" = 1`
	const started = performance.now()
	await enqueueEmailStepJobs(
		prismaRun(prisma),
		firstSteps.map((step) => ({ stepId: step.id, runAt: new Date() })),
	)
	let sent = 0
	const deadline = Date.now() + 900_000
	while (Date.now() < deadline && sent < sequences * 2) {
		await sleep(500)
		sent = await sentCount(organization.id)
	}
	const seconds = (performance.now() - started) / 1000
	const after = await deadlocksOfDatabase()
	killAll(workers)
	console.log(
		`sent ${sent.toLocaleString()} of ${(sequences * 2).toLocaleString()} in ${seconds.toFixed(1)} s ` +
			`(${Math.round(sent / seconds)} steps/s); deadlocks: pg_stat_database ${after - before}, ` +
			`workers' logs ${workers.reduce((sum, worker) => sum + worker.deadlocks, 0)}; load ${load()}`,
	)
}

await fake.close()
await disconnectPrisma()
await postgres.stop()
