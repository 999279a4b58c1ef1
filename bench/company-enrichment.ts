import { execFileSync, fork } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findFreePort } from '#scripts/database/embedded-postgres.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { companyHomePageHtml } from '#tests/fakes/company-home-page.ts'
import { startFakeLinkedIn } from '#tests/fakes/linkedin-public-site.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figure (issue 13): enrichment of 500 companies against a local fake site that answers in 200 ms
// (the company's website and its LinkedIn page each), at concurrency 10: ≤ 15 s (the floor is
// 10 s: 500 × 200 ms / 10, both pages of a company read at once), with the contacts page's p95
// within 20 % of idle meanwhile.
//
// Enrichment runs in this process through the real safe fetcher, as the worker runs it; the
// contacts page is served by the production build in a child process (bench/_contacts-server.ts),
// as `npm start` serves it. BENCH_COMPANIES, BENCH_CONCURRENCY, BENCH_DELAY_MS change the run.

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 500)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10)
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 200)
const CONTACTS = 2_000
const IDLE_SAMPLES = 60
const TARGET_SECONDS = 15
const TARGET_P95_RATIO = 1.2
const projectRoot = path.resolve(import.meta.dirname, '..')
const SESSION_SECRET = 'bench-session-secret-0123456789'

// ---- the fake sites: every page answers after DELAY_MS ----
const site = await startFakeWebSite()
const linkedin = await startFakeLinkedIn({ delayMs: DELAY_MS })
let siteInFlight = 0
let siteMaxInFlight = 0
for (let index = 0; index < COMPANIES; index++) {
	const html = companyHomePageHtml({
		name: `Bench Company ${index}`,
		title: `Bench Company ${index} — Tools for teams`,
		metaDescription: `Bench Company ${index} makes scheduling software for field service teams.`,
		paragraphs: [
			`Bench Company ${index} builds scheduling software for field service teams of every size.`,
			'Dispatchers plan the day in minutes and technicians see their jobs on their phones.',
			'More than 2,000 companies in 30 countries run their field work on it every day.',
		],
		linkedinSlug: `bench-${index}`,
		employees: 50 + index,
	})
	site.route(`/c/${index}`, async (_req, res) => {
		siteMaxInFlight = Math.max(siteMaxInFlight, ++siteInFlight)
		await new Promise((resolve) => setTimeout(resolve, DELAY_MS))
		siteInFlight--
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
		res.end(html)
	})
	linkedin.company({
		slug: `bench-${index}`,
		name: `Bench Company ${index}`,
		tagline: 'Tools for teams',
		about: `Bench Company ${index} makes scheduling software.`,
		industry: 'Software Development',
		size: '51-200 employees',
		headquarters: 'Lyon, Auvergne-Rhône-Alpes, FR',
		followers: 1_000 + index,
	})
}

// ---- the database and the web process ----
const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_enrichment')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.SESSION_SECRET = SESSION_SECRET
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${site.port},127.0.0.1:${linkedin.port}`
process.env.LINKEDIN_PUBLIC_BASE_URL = linkedin.origin
process.env.LOG_REQUESTS = 'false'
delete process.env.OPENAI_API_KEY
delete process.env.FIRECRAWL_API_KEY

const serverBuild = path.join(projectRoot, 'build/server/index.js')
if (!existsSync(serverBuild) || process.argv.includes('--build')) {
	console.log('building the app (npm run build)…')
	execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'ignore' })
}
console.log(`using the build from ${statSync(serverBuild).mtime.toISOString()}`)

const { createSignedInUser } = await import('#tests/db-utils.ts')
const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')
const { enrichCompanies } = await import('#app/models/company-import/enrichment/enrich-company.server.ts')

const { organization, cookie } = await createSignedInUser()
await prisma.contact.createMany({
	data: Array.from({ length: CONTACTS }, (_, index) => ({
		organizationId: organization.id,
		firstName: `First${index}`,
		lastName: `Last${index}`,
		email: `bench-${index}@example.com`,
	})),
})

const port = await findFreePort()
const server = fork(path.join(import.meta.dirname, '_contacts-server.ts'), {
	cwd: projectRoot,
	execArgv: ['--import', 'tsx'],
	env: { ...process.env, NODE_ENV: 'production', PORT: String(port), WORKER: 'off', RATE_LIMITS: 'off' },
	stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
await new Promise<void>((resolve) => server.once('message', () => resolve()))

async function timePage() {
	const started = performance.now()
	const response = await fetch(`http://localhost:${port}/contacts`, { headers: { Cookie: cookie } })
	await response.text()
	if (response.status !== 200) throw new Error(`the contacts page answered ${response.status}`)
	return performance.now() - started
}

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const summary = (values: number[]) =>
	`p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (${values.length} requests)`

try {
	console.log(
		`company-enrichment benchmark: ${COMPANIES} companies, concurrency ${CONCURRENCY}, pages answer in ${DELAY_MS} ms; ${os.cpus().length} cores, node ${process.version}`,
	)
	for (let index = 0; index < 10; index++) await timePage()
	const idle: number[] = []
	for (let index = 0; index < IDLE_SAMPLES; index++) idle.push(await timePage())

	const companies = Array.from({ length: COMPANIES }, (_, index) => ({
		website: `${site.origin}/c/${index}`,
		linkedinUrl: `https://www.linkedin.com/company/bench-${index}/`,
	}))
	const busy: number[] = []
	let running = true
	const pageLoop = (async () => {
		while (running) busy.push(await timePage())
	})()
	const started = performance.now()
	const results = await enrichCompanies({
		organizationId: organization.id,
		companies,
		concurrency: CONCURRENCY,
	})
	const seconds = (performance.now() - started) / 1000
	running = false
	await pageLoop

	const complete = results.filter(
		(result) =>
			result.company.name &&
			result.company.description &&
			result.company.summary &&
			result.company.linkedinFollowers &&
			result.company.industry === 'Software Development' &&
			!result.warnings.length,
	).length
	const ratio = percentile(busy, 95) / percentile(idle, 95)
	console.log(`\nenriched ${complete}/${COMPANIES} companies completely in ${seconds.toFixed(2)} s`)
	console.log(
		`  floor ${((COMPANIES * DELAY_MS) / CONCURRENCY / 1000).toFixed(1)} s, target ≤ ${TARGET_SECONDS} s`,
	)
	console.log(`  most website requests in flight at once: ${siteMaxInFlight} (limit ${CONCURRENCY})`)
	console.log(`contacts page idle:       ${summary(idle)}`)
	console.log(`contacts page meanwhile:  ${summary(busy)}`)
	console.log(`  p95 ratio ${ratio.toFixed(2)} (target ≤ ${TARGET_P95_RATIO})`)
	const failures = [
		complete !== COMPANIES && `${COMPANIES - complete} companies not fully enriched`,
		siteMaxInFlight > CONCURRENCY && `concurrency exceeded: ${siteMaxInFlight}`,
		COMPANIES >= 500 && seconds > TARGET_SECONDS && `took ${seconds.toFixed(1)} s`,
		COMPANIES >= 500 && ratio > TARGET_P95_RATIO && `contacts page p95 ratio ${ratio.toFixed(2)}`,
	].filter(Boolean)
	console.log(failures.length ? `\nMISSED: ${failures.join('; ')}` : '\nall targets met')
	process.exitCode = failures.length ? 1 : 0
} finally {
	server.send({ type: 'stop' })
	await new Promise((resolve) => server.once('exit', resolve))
	await disconnectPrisma()
	await site.close()
	await linkedin.close()
	await postgres.stop()
}
