import { execFileSync, fork } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findFreePort } from '#scripts/database/embedded-postgres.ts'
import { openContactsBenchDatabase } from './_contacts-bench-database.ts'
import { isSeeded, ORG_A, seedContactsBench } from './_contacts-seed.ts'

// Figures (issue 3), with 1,000,000 contacts and 100,000 companies in one organization and
// 1,000,000 contacts in another:
// - the contacts list query (page of 100, search of 3+ characters, a tag filter, a sort):
//   p95 ≤ 30 ms, and within 3× of the same query in raw SQL measured in the same run;
// - the whole contacts page served: p95 ≤ 80 ms;
// - adding all 1,000,000 filtered contacts to a tag or a campaign: ≤ 10 s, without loading
//   them into Node's memory.
// The seeded database is kept between runs (`--reseed` rebuilds it; `--list-only` stops after
// the list query; `--build` rebuilds the app first). It lives in its own
// embedded PostgreSQL under .data/postgres-bench, configured as a server for this data would be
// (shared_buffers 1 GB: the contacts table and its indexes are about 1.2 GB); BENCH_DATABASE_URL
// points the benchmark at another server instead.

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200)
const projectRoot = path.resolve(import.meta.dirname, '..')
const SESSION_SECRET = 'bench-session-secret-0123456789'
const SEARCHES = ['ann', 'son', 'lee', 'ada', 'ceo', 'acme', 'hopper', 'mar', 'sales', 'tur', 'will', 'nova']
const SORTS = [
	{ sortBy: 'firstName', sortDirection: 'asc' },
	{ sortBy: 'createdAt', sortDirection: 'desc' },
	{ sortBy: 'firstName', sortDirection: 'desc' },
	{ sortBy: 'createdAt', sortDirection: 'asc' },
] as const

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
function summary(values: number[]) {
	return `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`
}
function caseOf(i: number) {
	return {
		search: SEARCHES[i % SEARCHES.length]!,
		tags: [`tag-a-${1 + ((i * 37) % 100)}`],
		...SORTS[i % SORTS.length]!,
	}
}

// ---- database ----
const { postgres, client, databaseUrl } = await openContactsBenchDatabase()
if (process.argv.includes('--reseed') || !(await isSeeded(client))) {
	console.log('seeding 2,000,000 contacts (kept for later runs)…')
	await seedContactsBench(client, (line) => console.log(`  ${line}`))
} else {
	// A steady state, as autovacuum keeps it: after new migrations or an earlier run's bulk adds.
	await client.query(
		`VACUUM ANALYZE "Contact", "ContactTag", "CampaignContact", "ListContact", "Tag", "Campaign"`,
	)
}
process.env.DATABASE_URL = databaseUrl
process.env.SESSION_SECRET = SESSION_SECRET
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)

const { listContacts, pageIdsSql } = await import('#app/models/contact/contact-list.server.ts')
const { ContactFilterSchema } = await import('#app/schemas/contact-filter.ts')
const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')

// ---- 1. the list query: the model (Prisma) against the same query in raw SQL (pg) ----
// The raw SQL is the statement the model sends for the page's ids (through pg, no Prisma), then
// the rows with company, tags and campaigns in one hand-written statement.
async function rawPage(filter: ReturnType<typeof ContactFilterSchema.parse>) {
	const query = pageIdsSql(ORG_A, filter, 100, 0)
	const ids = await client.query<{ id: string }>(query.text, query.values)
	const list = ids.rows.map((row) => row.id)
	if (!list.length) return []
	const rows = await client.query(
		`SELECT c.*, row_to_json(co) AS company,
		        (SELECT json_agg(json_build_object('id', t.id, 'name', t.name)) FROM "ContactTag" ct JOIN "Tag" t ON t.id = ct."tagId" WHERE ct."contactId" = c.id) AS tags,
		        (SELECT json_agg(json_build_object('id', ca.id, 'name', ca.name)) FROM "CampaignContact" cc JOIN "Campaign" ca ON ca.id = cc."campaignId" WHERE cc."contactId" = c.id) AS campaigns
		 FROM "Contact" c LEFT JOIN LATERAL (SELECT id, name FROM "Company" WHERE id = c."companyId") co ON true
		 WHERE c.id = ANY($1)`,
		[list],
	)
	return rows.rows
}
for (let i = 0; i < 48; i++) {
	const filter = ContactFilterSchema.parse(caseOf(i))
	await listContacts(ORG_A, filter, { take: 100, skip: 0 })
	await rawPage(filter)
}
const modelTimes: number[] = []
const rawTimes: number[] = []
let rowsSeen = 0
for (let i = 0; i < ITERATIONS; i++) {
	const filter = ContactFilterSchema.parse(caseOf(i))
	let started = performance.now()
	const page = await listContacts(ORG_A, filter, { take: 100, skip: 0 })
	modelTimes.push(performance.now() - started)
	started = performance.now()
	const raw = await rawPage(filter)
	rawTimes.push(performance.now() - started)
	if (page.length !== raw.length)
		throw new Error(`model and raw SQL disagree: ${page.length} vs ${raw.length}`)
	rowsSeen += page.length
}
console.log(
	`\nlist query (page of 100, search, tag filter, sort), ${ITERATIONS} runs, ${(rowsSeen / ITERATIONS).toFixed(0)} rows per page on average`,
)
console.log(`  model (Prisma): ${summary(modelTimes)}`)
console.log(`  raw SQL (pg):   ${summary(rawTimes)}`)
console.log(`  ratio of p95s:  ${(percentile(modelTimes, 95) / percentile(rawTimes, 95)).toFixed(2)}×`)

if (process.argv.includes('--list-only')) {
	await client.end()
	await disconnectPrisma()
	await postgres.stop()
	process.exit(0)
}

// ---- 2. the whole page served, and 3. bulk adds, through the production server ----
const serverBuild = path.join(projectRoot, 'build/server/index.js')
if (!existsSync(serverBuild) || process.argv.includes('--build')) {
	console.log('building the app (npm run build)…')
	execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'ignore' })
}
console.log(`\nusing the build from ${statSync(serverBuild).mtime.toISOString()}`)
const port = await findFreePort()
const server = fork(path.join(import.meta.dirname, '_contacts-server.ts'), {
	cwd: projectRoot,
	execArgv: ['--import', 'tsx'],
	env: { ...process.env, NODE_ENV: 'production', PORT: String(port), WORKER: 'off' },
	stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
const replies: Array<(message: { type: string; rss?: number }) => void> = []
server.on('message', (message: { type: string; rss?: number }) => replies.shift()?.(message))
const nextMessage = () => new Promise<{ type: string; rss?: number }>((resolve) => replies.push(resolve))
await nextMessage()
async function serverRss() {
	const reply = nextMessage()
	server.send({ type: 'memory' })
	return (await reply).rss!
}

const { createSession } = await import('#app/models/session/session.server.ts')
const { commitSessionToken } = await import('#app/utils/session.server.ts')
const session = await createSession({ userId: 'bench-user' })
const cookie = (await commitSessionToken(session.token)).split(';')[0]!
const base = `http://localhost:${port}`

async function timedGet(url: string) {
	const started = performance.now()
	const response = await fetch(url, { headers: { Cookie: cookie } })
	const body = await response.text()
	if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`)
	return performance.now() - started
}
function pageUrl(i: number, prefix: string) {
	const { search, tags, sortBy, sortDirection } = caseOf(i)
	return `${base}${prefix}?search=${encodeURIComponent(search)}&tags=${tags.join(',')}&sortBy=${sortBy}&sortDirection=${sortDirection}`
}
for (let i = 0; i < 20; i++) await timedGet(pageUrl(i, '/contacts'))
const pageTimes: number[] = []
const apiTimes: number[] = []
for (let i = 0; i < ITERATIONS; i++) {
	pageTimes.push(await timedGet(pageUrl(i, '/contacts')))
	apiTimes.push(await timedGet(pageUrl(i, '/api/v1/contacts') + '&company=true&campaigns=true'))
}
console.log(`\nwhole contacts page served (HTML, same filters), ${ITERATIONS} runs: ${summary(pageTimes)}`)
console.log(`GET /api/v1/contacts (JSON, same filters):                ${summary(apiTimes)}`)

async function timedPost(pathname: string, body: unknown) {
	const started = performance.now()
	const response = await fetch(`${base}${pathname}`, {
		method: 'POST',
		headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	})
	const text = await response.text()
	if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${text.slice(0, 200)}`)
	return { ms: performance.now() - started, body: text }
}
await prisma.tag.deleteMany({ where: { organizationId: ORG_A, name: 'Bench bulk' } })
await prisma.campaign.deleteMany({ where: { organizationId: ORG_A, name: 'Bench bulk' } })
const tag = await prisma.tag.create({ data: { organizationId: ORG_A, name: 'Bench bulk' } })
const campaign = await prisma.campaign.create({
	data: { organizationId: ORG_A, name: 'Bench bulk', channels: ['EMAIL'], status: 'DRAFT' },
})
const rssBefore = await serverRss()
const toTag = await timedPost(`/api/v1/tags/${tag.id}/contacts`, { contact_ids: 'all' })
const toCampaign = await timedPost(`/api/v1/campaigns/${campaign.id}/contacts/batch`, { contact_ids: 'all' })
const rssAfter = await serverRss()
const [tagged, enrolled] = await Promise.all([
	prisma.contactTag.count({ where: { tagId: tag.id } }),
	prisma.campaignContact.count({ where: { campaignId: campaign.id } }),
])
console.log(`\nadd all matching contacts (no filter: the whole organization)`)
console.log(
	`  to a tag:      ${(toTag.ms / 1000).toFixed(2)} s, ${tagged.toLocaleString('en')} contacts tagged; ${toTag.body.slice(0, 80)}`,
)
console.log(
	`  to a campaign: ${(toCampaign.ms / 1000).toFixed(2)} s, ${enrolled.toLocaleString('en')} contacts added; ${toCampaign.body.slice(0, 80)}`,
)
console.log(
	`  web process RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(rssAfter / 2 ** 20).toFixed(0)} MB after`,
)

await prisma.tag.delete({ where: { id: tag.id } })
await prisma.campaign.delete({ where: { id: campaign.id } })
console.log(
	`\nmachine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
)
server.send({ type: 'stop' })
await new Promise((resolve) => server.once('exit', resolve))
await client.end()
await disconnectPrisma()
await postgres.stop()
