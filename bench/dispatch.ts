import os from 'node:os'
import { Logger, run, type Runner, type TaskList } from 'graphile-worker'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figures (issue 4):
// - 100,000 due email steps dispatched through the outbox transport: ≥ 1,000 steps/s, and
//   ≥ 0.5× the rate of no-op Graphile Worker jobs measured in the same run, same concurrency.
// - Activating 10,000 sequences (40,000 steps): all scheduled in ≤ 5 s.
// Both run the real code: the send_email_step task of jobs/task-list.ts and activateSequences.

const STEPS = Number(process.env.BENCH_STEPS ?? 100_000)
const ACTIVATE = Number(process.env.BENCH_ACTIVATE ?? 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10)
// Caps make one mailbox send at most 200 a day, so due steps spread over many mailboxes:
// 1,000 warmed-up sender addresses with 100 steps each.
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 1_000)

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_dispatch')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'

const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { taskList } = await import('#jobs/task-list.ts')
const { activateSequences } = await import('#app/models/sequence/sequence-status.server.ts')
const { ensureUserMailbox } = await import('#app/models/mailbox/mailbox.server.ts')
const { enqueueEmailStepJobs, SEND_EMAIL_STEP_TASK } = await import('#app/jobs/send-email-step.ts')
const { prismaRun } = await import('#app/utils/sql-run.server.ts')

const quietLogger = new Logger(() => () => {})

const organization = await prisma.organization.create({ data: { name: 'Bench org' } })
const user = await prisma.user.create({
	data: { email: 'bench@example.com', name: 'Bench Sender', emailVerified: true },
})
await prisma.membership.create({ data: { organizationId: organization.id, userId: user.id, role: 'OWNER' } })
await ensureUserMailbox({
	organizationId: organization.id,
	userId: user.id,
	email: user.email,
})
await prisma.$executeRawUnsafe(
	`
	INSERT INTO "Mailbox" (id, address, kind, "organizationId", "verifiedAt", "warmupStartedAt", "updatedAt")
	SELECT 'mb' || g, 'sender' || g || '@bench.example', 'SENDER', $1, now(), now() - interval '60 days', now()
	FROM generate_series(1, ${MAILBOXES}) g`,
	organization.id,
)

/** `count` contacts, each with one sequence of `stepsPer` email steps, in `status`. */
async function seedSequences(prefix: string, count: number, stepsPer: number, status: 'ACTIVE' | 'PENDING') {
	await prisma.$executeRawUnsafe(
		`
		INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
		SELECT '${prefix}c' || g, 'Lead', 'Number ' || g, '${prefix}lead' || g || '@example.org', $1, now()
		FROM generate_series(1, ${count}) g`,
		organization.id,
	)
	await prisma.$executeRawUnsafe(
		`
		INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "creatorId", "updatedAt", "activatedAt")
		SELECT '${prefix}s' || g, '${status}', 'Quick question', $1, '${prefix}c' || g, 'mb' || (1 + g % ${MAILBOXES}), $2, now(),
			CASE WHEN '${status}' = 'ACTIVE' THEN now() END
		FROM generate_series(1, ${count}) g`,
		organization.id,
		user.id,
	)
	await prisma.$executeRawUnsafe(
		`
		INSERT INTO "EmailStep" (id, "order", subject, "bodyHtml", "bodyText", "daysAfter", status, "scheduledFor",
			"messageId", "organizationId", "sequenceId", "emailAddressId", "updatedAt")
		SELECT '${prefix}e' || g || '-' || n, n, 'Quick question',
			'<p>Hi Lead, <a href="https://example.com/pricing?ref=' || g || '#plans">our pricing</a>.</p>', 'Hi Lead',
			CASE WHEN n = 1 THEN 0 ELSE 3 END, '${status === 'ACTIVE' ? 'SCHEDULED' : 'PENDING'}',
			CASE WHEN '${status}' = 'ACTIVE' AND n = 1 THEN now() END,
			-- Activation gives scheduled steps their Message-ID (sequence-status.server.ts).
			CASE WHEN '${status}' = 'ACTIVE' THEN '<${prefix}e' || g || '-' || n || '@localhost>' END,
			$1, '${prefix}s' || g, 'mb' || (1 + g % ${MAILBOXES}), now()
		FROM generate_series(1, ${count}) g, generate_series(1, ${stepsPer}) n`,
		organization.id,
	)
}

async function pendingJobs(task: string) {
	const [row] = await prisma.$queryRaw<Array<{ count: bigint }>>`
		SELECT count(*) FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
		WHERE t.identifier = ${task}`
	return Number(row!.count)
}

async function drain(tasks: TaskList, task: string) {
	const started = performance.now()
	const runner: Runner = await run({
		connectionString: databaseUrl,
		taskList: tasks,
		concurrency: CONCURRENCY,
		noHandleSignals: true,
		pollInterval: 200,
		logger: quietLogger,
	})
	while ((await pendingJobs(task)) > 0) await new Promise((resolve) => setTimeout(resolve, 100))
	const seconds = (performance.now() - started) / 1000
	await runner.stop()
	return seconds
}

console.log(
	`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
)
console.log(
	`concurrency ${CONCURRENCY}, ${STEPS.toLocaleString()} steps from ${MAILBOXES.toLocaleString()} mailboxes`,
)

// 1. The baseline: no-op jobs through the same worker settings.
await prisma.$executeRawUnsafe(`
	SELECT count(*) FROM graphile_worker.add_jobs(
		(SELECT array_agg(ROW('bench_noop', json_build_object('n', g), NULL, now(), 10, NULL, 0, NULL)::graphile_worker.job_spec)
		 FROM generate_series(1, ${STEPS}) g))`)
const noopSeconds = await drain({ bench_noop: async () => {} }, 'bench_noop')
const noopRate = STEPS / noopSeconds
console.log(`no-op jobs:        ${noopSeconds.toFixed(1)} s, ${Math.round(noopRate)} jobs/s`)

// 2. Due steps through the real dispatcher and the outbox transport.
await seedSequences('d', STEPS, 1, 'ACTIVE')
// Their send jobs, as activation adds them (app/jobs/send-email-step.ts).
const stepIds = Array.from({ length: STEPS }, (_, index) => `de${index + 1}-1`)
await enqueueEmailStepJobs(
	prismaRun(prisma),
	stepIds.map((stepId) => ({ stepId, runAt: new Date() })),
)
const dispatchSeconds = await drain(taskList, SEND_EMAIL_STEP_TASK)
const sent = await prisma.emailStep.count({ where: { sequenceId: { startsWith: 'ds' }, status: 'SENT' } })
const outbox = await prisma.outboxMessage.count()
const dispatchRate = STEPS / dispatchSeconds
console.log(
	`dispatch (outbox): ${dispatchSeconds.toFixed(1)} s, ${Math.round(dispatchRate)} steps/s, ` +
		`${(dispatchRate / noopRate).toFixed(2)}× no-op; sent ${sent}, outbox rows ${outbox}`,
)
if (sent !== STEPS || outbox !== STEPS) console.log('!! not every step was sent exactly once')

// 3. Activation of 10,000 drafts of four steps.
await seedSequences('a', ACTIVATE, 4, 'PENDING')
const ids = Array.from({ length: ACTIVATE }, (_, index) => `as${index + 1}`)
const activationStarted = performance.now()
const activated = await activateSequences(organization.id, ids)
const activationSeconds = (performance.now() - activationStarted) / 1000
const scheduled = await prisma.emailStep.count({
	where: { sequenceId: { startsWith: 'as' }, status: 'SCHEDULED' },
})
console.log(
	`activation:        ${activated.length.toLocaleString()} sequences, ${scheduled.toLocaleString()} steps scheduled in ${activationSeconds.toFixed(2)} s`,
)

await disconnectPrisma()
await postgres.stop()
