import pg from 'pg'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { databaseUrlFor } from '#scripts/database/embedded-postgres.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figure (issue 16): a campaign's analytics page with 1,000,000 send events and 200,000 clicks in
// the organization — the page's queries p95 ≤ 100 ms.
//
// Seeds one organization: 200,000 contacts and sequences in 10 campaigns (Generate Sequences runs),
// 5 sent email steps each (1,000,000 steps), and their events over the last 90 days: 1,000,000
// SENT, 200,000 LINK_CLICK (10% by scanners), 20,000 BOUNCE, 30,000 REPLY, 5,000 UNSUBSCRIBE.
// The events are written with their campaign, mailbox and user copies as the insert trigger writes
// them, and the analytics rollup is rebuilt once from them afterwards (the insert triggers are
// switched off while seeding: a million trigger calls add minutes, not meaning; the rollup's
// triggers are proved exact by tests/integration/analytics-rollup.test.ts). Then it times what the campaign page loads (getCampaignAnalytics: the totals and the
// weekly series since the campaign began, 90 days) for the campaigns in turn, and, for information,
// the Analytics page's loader (totals, daily series over 30 days, three breakdowns) for the whole
// organization. The seeded database is kept between runs (`--reseed` rebuilds it; `BENCH_ITERATIONS`,
// default 200).

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200)
const SEQUENCES = 200_000
const STEPS_PER_SEQUENCE = 5
const CAMPAIGNS = 10
const CLICKS = 200_000

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
function summary(values: number[]) {
	return `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`
}

const postgres = await startTestPostgres()
const reseed = process.argv.includes('--reseed')
const databaseUrl = reseed
	? await recreateDatabase(postgres.serverUrl, 'reachout_bench_analytics')
	: await openDatabase(postgres.serverUrl, 'reachout_bench_analytics')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789'
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)

const { createSignedInUser } = await import('#tests/db-utils.ts')
const { ensureUserMailbox } = await import('#app/models/mailbox/mailbox.server.ts')
const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { getCampaignAnalytics, getAnalyticsPage } = await import('#app/models/analytics/get-analytics-page.server.ts')

const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()
const count = async (sql: string) => Number((await client.query(sql)).rows[0].n)
// Each part of the seed is written once and kept: a run seeds what is missing (a loaded machine
// took 20 minutes for the million sends), `--reseed` starts again.
let organization = await prisma.organization.findFirst({ select: { id: true } })
if (!organization) {
	const owner = await createSignedInUser()
	await ensureUserMailbox({ organizationId: owner.organization.id, userId: owner.user.id, email: owner.user.email, name: owner.user.name })
	const createdAt = new Date(Date.now() - 90 * 86_400_000)
	for (let index = 0; index < CAMPAIGNS; index++) {
		const campaign = await prisma.campaign.create({
			data: { name: `Campaign ${index}`, organizationId: owner.organization.id, createdAt },
		})
		await prisma.sequenceGeneration.create({
			data: { id: `gen-${index}`, name: `Run ${index}`, organizationId: owner.organization.id, campaignId: campaign.id },
		})
	}
	organization = owner.organization
}
const organizationId = organization.id
const mailbox = await prisma.mailbox.findFirstOrThrow({ where: { organizationId }, select: { id: true, userId: true } })
const generations = await prisma.sequenceGeneration.findMany({
	where: { organizationId },
	select: { id: true, campaign: { select: { id: true, createdAt: true } } },
	orderBy: { id: 'asc' },
})
const campaigns = generations.map((generation) => generation.campaign!)
// The campaign of sequence i is that of run gen-(i % CAMPAIGNS).
const campaignIds = Array.from({ length: CAMPAIGNS }, (_, index) => generations.find((g) => g.id === `gen-${index}`)!.campaign!.id)

const started = performance.now()
let eventsSeeded = false
const part = async (label: string, done: string, sql: string, params: unknown[] = []) => {
	if ((await count(done)) > 0) return
	if (sql.includes('"SequenceEvent"')) eventsSeeded = true
	const at = performance.now()
	await client.query(sql, params)
	console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`)
}
console.log('seeding what is missing…')
await part('contacts', `SELECT count(*) AS n FROM "Contact"`, `INSERT INTO "Contact" (id, "firstName", "lastName", email, "organizationId", "updatedAt")
	SELECT 'c-' || i, 'First' || i, 'Last', 'lead' || i || '@example.org', $1, now() FROM generate_series(1, ${SEQUENCES}) i`, [organizationId])
await part('sequences', `SELECT count(*) AS n FROM "Sequence"`, `INSERT INTO "Sequence" (id, status, subject, "organizationId", "contactId", "mailboxId", "creatorId", "generationId", "updatedAt")
	SELECT 's-' || i, 'ACTIVE', 'Hello', $1, 'c-' || i, $2, $3, 'gen-' || (i % ${CAMPAIGNS}), now() FROM generate_series(1, ${SEQUENCES}) i`,
	[organizationId, mailbox.id, mailbox.userId])
await part('email steps', `SELECT count(*) AS n FROM "EmailStep"`, `INSERT INTO "EmailStep" (id, "order", status, "organizationId", "sequenceId", "emailAddressId", "updatedAt")
	SELECT 'e-' || i || '-' || o, o, 'SENT', $1, 's-' || i, $2, now()
	FROM generate_series(1, ${SEQUENCES}) i, generate_series(1, ${STEPS_PER_SEQUENCE}) o`, [organizationId, mailbox.id])
const INSERT_TRIGGERS = ['SequenceEvent_fill_dimensions', 'SequenceEvent_rollup_counts_insert', 'SequenceEvent_rollup_emails_insert']
for (const trigger of INSERT_TRIGGERS) await client.query(`ALTER TABLE "SequenceEvent" DISABLE TRIGGER "${trigger}"`)
// One event per row of `source` (i: the sequence number, o: the step's order), with the copies.
const events = (type: string, source: string, extra = `NULL`) => `
	INSERT INTO "SequenceEvent" (id, type, "organizationId", "sequenceId", "emailStepId", "campaignId", "mailboxId", "userId", "botReason", url, "createdAt")
	SELECT gen_random_uuid()::text, '${type}', $1, 's-' || i, 'e-' || i || '-' || o, ($4::text[])[1 + i % ${CAMPAIGNS}], $2, $3, ${extra},
		${type === 'LINK_CLICK' ? `'https://acme.test/' || (n % 3)` : 'NULL'}, now() - random() * interval '90 days'
	FROM (${source}) AS source`
const params = [organizationId, mailbox.id, mailbox.userId, campaignIds]
const seeded = (type: string) => `SELECT count(*) AS n FROM "SequenceEvent" WHERE type = '${type}'`
await part('1,000,000 SENT', seeded('SENT'), events('SENT', `SELECT i, o FROM generate_series(1, ${SEQUENCES}) i, generate_series(1, ${STEPS_PER_SEQUENCE}) o`), params)
await part('200,000 LINK_CLICK', seeded('LINK_CLICK'), events('LINK_CLICK', `SELECT n, 1 + (n::bigint * 7919) % ${SEQUENCES} AS i, 1 + n % ${STEPS_PER_SEQUENCE} AS o FROM generate_series(1, ${CLICKS}) n`,
	`CASE WHEN n % 10 = 0 THEN 'too-fast' END`), params)
await part('20,000 BOUNCE', seeded('BOUNCE'), events('BOUNCE', `SELECT 1 + (n::bigint * 104729) % ${SEQUENCES} AS i, 1 AS o FROM generate_series(1, 20000) n`), params)
await part('30,000 REPLY', seeded('REPLY'), events('REPLY', `SELECT 1 + (n::bigint * 7907) % ${SEQUENCES} AS i, 1 + n % 2 AS o FROM generate_series(1, 30000) n`), params)
await part('5,000 UNSUBSCRIBE', seeded('UNSUBSCRIBE'), events('UNSUBSCRIBE', `SELECT 1 + (n::bigint * 7) % ${SEQUENCES} AS i, 1 AS o FROM generate_series(1, 5000) n`), params)
for (const trigger of INSERT_TRIGGERS) await client.query(`ALTER TABLE "SequenceEvent" ENABLE TRIGGER "${trigger}"`)
if (eventsSeeded) await part('analytics rollup', `SELECT 0 AS n`, `SELECT "analytics_rollup_rebuild"()`)
await client.query(`VACUUM ANALYZE "SequenceEvent", "Sequence", "EmailStep", "Campaign", "AnalyticsRollup"`)
console.log(`seeding and VACUUM ANALYZE: ${((performance.now() - started) / 1000).toFixed(0)} s`)
const { rows } = await client.query(`SELECT type, count(*)::int AS n FROM "SequenceEvent" GROUP BY type ORDER BY type`)
console.log(`events in the organization: ${rows.map((row) => `${row.type} ${row.n.toLocaleString('en-US')}`).join(', ')}`)
const rollupRows = await count(`SELECT count(*) AS n FROM "AnalyticsRollup"`)
console.log(`analytics rollup: ${rollupRows.toLocaleString('en-US')} rows (quarter hour × campaign × mailbox × user)`)
await client.end()

async function time(run: (index: number) => Promise<unknown>) {
	for (let index = 0; index < 10; index++) await run(index) // warm-up: pool, plans, cache
	const timings: number[] = []
	for (let index = 0; index < ITERATIONS; index++) {
		const at = performance.now()
		await run(index)
		timings.push(performance.now() - at)
	}
	return timings
}

const sample = await getCampaignAnalytics(organizationId, campaigns[0]!)
console.log(`one campaign (${sample.granularity}, ${sample.series.length} points): sent ${sample.summary.sent}, clicked ${sample.summary.clicked}, scanner clicks ${sample.summary.botClicks}, replied ${sample.summary.replied}`)
const campaignPage = await time((index) => getCampaignAnalytics(organizationId, campaigns[index % CAMPAIGNS]!))
console.log(`campaign analytics (the campaign page's queries): ${summary(campaignPage)} (target p95 ≤ 100 ms)`)
const analyticsPage = await time(() => getAnalyticsPage(organizationId, new URLSearchParams()))
console.log(`Analytics page, whole organization, 30 days with breakdowns (information): ${summary(analyticsPage)}`)
const filtered = await time((index) =>
	getAnalyticsPage(organizationId, new URLSearchParams({ campaign: campaigns[index % CAMPAIGNS]!.id, granularity: 'week' })),
)
console.log(`Analytics page filtered by campaign (information): ${summary(filtered)}`)

await disconnectPrisma()
await postgres.stop()

/** The kept database, created when missing. */
async function openDatabase(serverUrl: string, name: string) {
	const admin = new pg.Client({ connectionString: databaseUrlFor(serverUrl, 'postgres') })
	await admin.connect()
	const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
	await admin.end()
	return rowCount ? databaseUrlFor(serverUrl, name) : recreateDatabase(serverUrl, name)
}
