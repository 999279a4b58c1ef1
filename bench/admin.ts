import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { databaseUrlFor, ensureDatabaseExists } from '#scripts/database/embedded-postgres.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'

// Issue 16's figure for the admin area: the organizations table with 10,000 organizations and
// their figures, filtered and paginated: p95 ≤ 150 ms. What is timed is the table's one statement
// (listAdminOrganizations, the function the page and the API call), per filter combination, and
// apart from it the minute job that recomputes every organization's contact figures it reads.
//
// The data: 10,000 organizations over two years (20% ACTIVE, 10% TRIAL), 1–5 members each, about
// 600,000 contacts (ten organizations with 20,000, the rest 0–79) of which about a third were
// contacted in the last 180 days, lead imports in 30% and contact searches in 10% of them.
// Seeded once into the database `reachout_bench_admin` on BENCH_DATABASE_URL's server (default:
// DATABASE_URL's, else 127.0.0.1:5432) and kept; BENCH_RESEED=1 seeds again.

const ORGANIZATIONS = 10_000
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
const TARGET_P95_MS = 150

const serverUrl =
	process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const databaseUrl = databaseUrlFor(serverUrl, 'reachout_bench_admin')

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function seed(client: pg.Client) {
	const started = performance.now()
	await client.query(`TRUNCATE "Organization", "User" CASCADE`)
	await client.query(`
		INSERT INTO "Organization" (id, name, "createdAt", "updatedAt", "planStatus")
		SELECT 'borg' || lpad(i::text, 5, '0'),
			'Org ' || lpad(i::text, 5, '0') || ' ' || (ARRAY['Anvils','Rockets','Analytics','Logistics','Robotics'])[1 + i % 5],
			now() - (i * interval '100 minutes'), now(),
			(CASE WHEN i % 10 < 2 THEN 'ACTIVE' WHEN i % 10 = 2 THEN 'TRIAL' ELSE 'NONE' END)::"PlanStatus"
		FROM generate_series(1, ${ORGANIZATIONS}) i`)
	await client.query(`
		INSERT INTO "User" (id, email, name, "emailVerified", "updatedAt")
		SELECT 'buser' || o || '-' || m, 'u' || o || '-' || m || '@bench.test', 'User ' || o, true, now()
		FROM generate_series(1, ${ORGANIZATIONS}) o, generate_series(1, 1 + o % 5) m`)
	await client.query(`
		INSERT INTO "Membership" (id, "organizationId", "userId", role, "updatedAt")
		SELECT 'bmem' || o || '-' || m, 'borg' || lpad(o::text, 5, '0'), 'buser' || o || '-' || m,
			(CASE WHEN m = 1 THEN 'OWNER' ELSE 'MEMBER' END)::"Role", now()
		FROM generate_series(1, ${ORGANIZATIONS}) o, generate_series(1, 1 + o % 5) m`)
	// Contacts: ten organizations with 20,000, the others (o * 7) % 80. A third of each contacted.
	await client.query(`
		INSERT INTO "Contact" (id, "firstName", "lastName", "organizationId", "lastContactedAt", "createdAt", "updatedAt")
		SELECT 'bc' || o || '-' || c, 'First' || c, 'Last' || o, 'borg' || lpad(o::text, 5, '0'),
			CASE WHEN o % 3 <> 0 AND c % 3 = 0 THEN now() - ((c * 7 + o) % 180) * interval '1 day' END,
			now() - ((c + o) % 700) * interval '1 day', now()
		FROM generate_series(1, ${ORGANIZATIONS}) o,
			generate_series(1, CASE WHEN o % 1000 = 0 THEN 20000 ELSE (o * 7) % 80 END) c`)
	await client.query(`
		INSERT INTO "LeadImport" (id, source, name, "organizationId", "updatedAt")
		SELECT 'bli' || o, 'TEXT', 'Pasted text', 'borg' || lpad(o::text, 5, '0'), now()
		FROM generate_series(1, ${ORGANIZATIONS}) o WHERE o % 10 < 3`)
	await client.query(`
		INSERT INTO "Queueable" (id, type, "organizationId", "updatedAt")
		SELECT 'bq' || o, 'contact_search', 'borg' || lpad(o::text, 5, '0'), now()
		FROM generate_series(1, ${ORGANIZATIONS}) o WHERE o % 10 = 5`)
	await client.query('VACUUM ANALYZE')
	await client.query(`INSERT INTO "OrganizationActivity" ("organizationId") SELECT id FROM "Organization"`)
	console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

await ensureDatabaseExists(databaseUrl)
await migrateDatabase(databaseUrl)
const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()
const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM "Organization"`)
if (rows[0]!.count !== ORGANIZATIONS || process.env.BENCH_RESEED) await seed(client)
const figures = await client.query(`
	SELECT (SELECT count(*) FROM "Organization")::int AS organizations, (SELECT count(*) FROM "Membership")::int AS members,
		(SELECT count(*) FROM "Contact")::int AS contacts,
		(SELECT count(*) FROM "Contact" WHERE "lastContactedAt" IS NOT NULL)::int AS contacted`)
console.log('data:', figures.rows[0])

// The app's code on the bench database.
process.env.DATABASE_URL = databaseUrl
const { listAdminOrganizations } = await import('#app/models/admin/list-organizations.server.ts')
const { DashboardFiltersSchema } = await import('#app/schemas/admin.ts')
const { refreshOrganizationActivity } =
	await import('#app/models/admin/refresh-organization-activity.server.ts')

// The minute job's recomputation of every organization's figures (what the table reads).
const refreshTimes: number[] = []
for (let run = 0; run < 3; run++) {
	const started = performance.now()
	await refreshOrganizationActivity()
	refreshTimes.push(performance.now() - started)
}
await client.query('VACUUM ANALYZE "OrganizationActivity"')
console.log(
	`refresh_admin_figures (all ${ORGANIZATIONS} organizations): ${refreshTimes.map((time) => `${time.toFixed(0)} ms`).join(', ')}\n`,
)

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

const scenarios: Array<[string, Record<string, string>]> = [
	['defaults (leads contacted ≥ 1), page 1', {}],
	['defaults, page 100', { page: '100' }],
	['search "anvils"', { search: 'anvils' }],
	['active subscription + auto leads', { activeSubscription: 'true', autoLeads: 'true' }],
	['no contacts since 30 days ago', { noContactsSince: daysAgo(30) }],
	['created after a year ago, leads contacted ≥ 10', { createdAfter: daysAgo(365), leadsContacted: '10' }],
	['leads contacted ≥ 0 (every organization), last page', { leadsContacted: '0', page: '400' }],
]

const all: number[] = []
for (const [name, input] of scenarios) {
	const filters = DashboardFiltersSchema.parse(input)
	const first = await listAdminOrganizations(filters) // warm-up, and the figures printed below
	const times: number[] = []
	for (let run = 0; run < RUNS; run++) {
		const started = performance.now()
		await listAdminOrganizations(filters)
		times.push(performance.now() - started)
	}
	all.push(...times)
	console.log(
		`${name.padEnd(52)} ${String(first.total).padStart(5)} orgs  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${Math.max(...times).toFixed(1)} ms`,
	)
}
const p95 = percentile(all, 95)
console.log(
	`\nall scenarios (${all.length} runs): p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_P95_MS} ms)`,
)

await client.end()
const { prisma } = await import('#app/utils/db.server.ts')
await prisma.$disconnect()
if (p95 > TARGET_P95_MS) process.exitCode = 1
