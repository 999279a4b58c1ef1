import os from 'node:os'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figure (issue 17): the pre-flight check of a 10,000-contact campaign, without link checks, ≤ 3 s.
// The real code: preflightGenerationRun over a campaign's run of 10,000 drafts (3 email steps each,
// contacts in 6 time zones, a send window, one mailbox at 50 a day (30,000 emails:
// most find no room within the calendar's year — its worst case),
// a few suppressed, bounced and already-running contacts), reading the database and computing the calendar.

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_preflight')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'

const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { preflightGenerationRun } = await import('#app/models/preflight/launch.server.ts')

const organization = await prisma.organization.create({
	data: { name: 'Bench org', timeZone: 'Europe/Oslo' },
})
const user = await prisma.user.create({ data: { email: 'bench@example.com', name: 'Bench' } })
const mailbox = await prisma.mailbox.create({
	data: {
		organizationId: organization.id,
		userId: user.id,
		address: 'bench@example.com',
		dailyLimitStart: 50,
		dailyLimitIncrement: 0,
	},
})
const campaign = await prisma.campaign.create({
	data: { organizationId: organization.id, name: 'Bench campaign' },
})
const run = await prisma.sequenceGeneration.create({
	data: { organizationId: organization.id, name: 'Bench run', campaignId: campaign.id },
})
const zones = ['Europe/Oslo', 'America/New_York', 'Asia/Tokyo', 'Europe/London', 'America/Los_Angeles', null]
await prisma.$executeRaw`
	INSERT INTO "Contact" (id, "organizationId", "firstName", "lastName", email, role, "timeZone", "unsubscribedAt", "emailBouncedAt", "updatedAt")
	SELECT 'c' || i, ${organization.id}, 'First' || i, 'Last' || i, 'lead' || i || '@example.org', 'CTO',
		(${zones}::text[])[1 + i % 6], CASE WHEN i % 500 = 0 THEN now() END, CASE WHEN i % 700 = 0 THEN now() END, now()
	FROM generate_series(1, ${CONTACTS}) i`
await prisma.$executeRaw`
	INSERT INTO "Sequence" (id, "organizationId", "contactId", "mailboxId", "creatorId", "generationId", status, subject, "updatedAt")
	SELECT 's' || i, ${organization.id}, 'c' || i, ${mailbox.id}, ${user.id}, ${run.id}, 'PENDING', 'Engines', now()
	FROM generate_series(1, ${CONTACTS}) i`
// A few contacts already in a running sequence.
await prisma.$executeRaw`
	INSERT INTO "Sequence" (id, "organizationId", "contactId", "mailboxId", "creatorId", status, subject, "updatedAt")
	SELECT 'r' || i, ${organization.id}, 'c' || i, ${mailbox.id}, ${user.id}, 'ACTIVE', 'Earlier', now()
	FROM generate_series(1, ${CONTACTS}, 1000) i`
await prisma.$executeRaw`
	INSERT INTO "EmailStep" (id, "organizationId", "sequenceId", "order", "daysAfter", subject, "bodyHtml", "bodyText", "emailAddressId", "updatedAt")
	SELECT 'e' || i || '-' || o, ${organization.id}, 's' || i, o, CASE o WHEN 1 THEN 0 WHEN 2 THEN 3 ELSE 4 END,
		'Engines', '<p>Hello First' || i || ', a question about engines at <a href="https://acme.example/">Acme</a>.</p>',
		'Hello First' || i || ', a question about engines.', ${mailbox.id}, now()
	FROM generate_series(1, ${CONTACTS}) i, generate_series(1, 3) o`

console.log(
	`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load ${os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(' ')}`,
)
for (let attempt = 1; attempt <= RUNS; attempt++) {
	const started = performance.now()
	const check = await preflightGenerationRun(organization.id, run.id, { checkLinks: false })
	const seconds = (performance.now() - started) / 1000
	console.log(
		`run ${attempt}: ${check!.sequences.toLocaleString()} drafts, ${check!.totalProblems} problems (${JSON.stringify(check!.problemCounts)}), ` +
			`${check!.calendar.mailboxes[0]?.days.length} mailbox days, last send ${check!.calendar.lastSendLocal} — ${seconds.toFixed(2)} s`,
	)
}
await disconnectPrisma()
await postgres.stop()
