import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findFreePort } from '#scripts/database/embedded-postgres.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figure (issue 12): the rate limits cost ≤ 1 ms p95 per request.
//
// Two web processes serve the production build on our Express server (server/app.ts, as
// `npm start` does), one with RATE_LIMITS=off and one with the limits on (budgets raised so that
// nothing is refused: a spent budget costs what an unspent one does). Requests to a list route,
// GET /api/v1/contacts, go to both in turn, one at a time, so drift in the machine's load falls
// on both alike. With the limits on, each request spends its session's and its organization's
// API budgets: two upserts into rate_limits.counters, in parallel.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2_000)
const WARMUP = 200
const CONTACTS = 50
const projectRoot = path.resolve(import.meta.dirname, '..')
const SESSION_SECRET = 'bench-session-secret-0123456789'

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_limits')
await migrateDatabase(databaseUrl)
process.env.DATABASE_URL = databaseUrl
process.env.SESSION_SECRET = SESSION_SECRET
process.env.ENCRYPTION_KEY ??= 'b'.repeat(64)

const serverBuild = path.join(projectRoot, 'build/server/index.js')
if (!existsSync(serverBuild) || process.argv.includes('--build')) {
	console.log('building the app (npm run build)…')
	execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'ignore' })
}
console.log(`using the build from ${statSync(serverBuild).mtime.toISOString()}`)

const { createSignedInUser } = await import('#tests/db-utils.ts')
const { insertContact } = await import('#tests/factories/contact.ts')
const { disconnectPrisma } = await import('#app/utils/db.server.ts')

const { organization, cookie } = await createSignedInUser()
for (let index = 0; index < CONTACTS; index++) await insertContact(organization.id)

async function startServer(limits: 'on' | 'off') {
	const port = await findFreePort()
	const child: ChildProcess = fork(path.join(import.meta.dirname, '_contacts-server.ts'), {
		cwd: projectRoot,
		execArgv: ['--import', 'tsx'],
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			DATABASE_URL: databaseUrl,
			SESSION_SECRET,
			WORKER: 'off',
			RATE_LIMITS: limits,
			RATE_LIMIT_API_PER_SESSION: '100000000/1h',
			RATE_LIMIT_API_PER_ORG: '100000000/1h',
		},
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	})
	await new Promise<void>((resolve) => child.once('message', () => resolve()))
	return { child, url: `http://localhost:${port}/api/v1/contacts` }
}

const servers = { off: await startServer('off'), on: await startServer('on') }

async function timeRequest(url: string) {
	const started = performance.now()
	const response = await fetch(url, { headers: { Cookie: cookie } })
	await response.arrayBuffer()
	const elapsed = performance.now() - started
	if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
	return elapsed
}

const times = { off: [] as number[], on: [] as number[] }
for (let round = 0; round < WARMUP + ROUNDS; round++) {
	// Alternate which goes first, so neither always meets a warmer cache.
	const order = round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)
	for (const limits of order) {
		const elapsed = await timeRequest(servers[limits].url)
		if (round >= WARMUP) times[limits].push(elapsed)
	}
}

// The middleware alone, in this process: what it adds to a request before the route runs (the
// session lookup is cached after the first request, as in a web process).
process.env.RATE_LIMIT_API_PER_SESSION = '100000000/1h'
process.env.RATE_LIMIT_API_PER_ORG = '100000000/1h'
const { rateLimits } = await import('#server/guards/rate-limits.ts')
const middleware = rateLimits()
const request = { path: '/api/v1/contacts', method: 'GET', ip: '127.0.0.1', headers: { cookie } }
const middlewareTimes: number[] = []
for (let round = 0; round < WARMUP + ROUNDS; round++) {
	const started = performance.now()
	await new Promise<void>((resolve, reject) => {
		const next = (error?: unknown) => (error ? reject(error) : resolve())
		void middleware(request as never, {} as never, next)
	})
	if (round >= WARMUP) middlewareTimes.push(performance.now() - started)
}

// For scale: one round trip to PostgreSQL on the same pool (`SELECT 1`), which is what a spend is
// at least; under load, both grow together.
const { lazyCommitSqlPool } = await import('#app/utils/db.server.ts')
const roundTripTimes: number[] = []
for (let round = 0; round < WARMUP + ROUNDS; round++) {
	const started = performance.now()
	await lazyCommitSqlPool().query('SELECT 1')
	if (round >= WARMUP) roundTripTimes.push(performance.now() - started)
}

const { rows } = await (async () => {
	const pg = (await import('pg')).default
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		return await client.query<{ key: string; points: number }>(
			'SELECT key, points FROM rate_limits.counters ORDER BY key',
		)
	} finally {
		await client.end()
	}
})()

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const ms = (value: number) => `${value.toFixed(2)} ms`

const summary = (['p50', 'p95', 'p99'] as const).map((name) => {
	const p = Number(name.slice(1))
	const off = percentile(times.off, p)
	const on = percentile(times.on, p)
	return { name, off, on, difference: on - off }
})
console.log(
	`\n${os.cpus().length} cores, load average ${os
		.loadavg()
		.map((load) => load.toFixed(2))
		.join(
			' ',
		)}, ${ROUNDS} requests each (after ${WARMUP} warm-up), GET /api/v1/contacts (${CONTACTS} contacts)`,
)
console.log('| Percentile | Limits off | Limits on | Difference |')
console.log('| ---------- | ---------- | --------- | ---------- |')
for (const row of summary) {
	console.log(`| ${row.name} | ${ms(row.off)} | ${ms(row.on)} | ${ms(row.difference)} |`)
}
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
console.log(`mean: off ${ms(mean(times.off))}, on ${ms(mean(times.on))}`)
console.log(
	`counters written by the limited process: ${rows.map((row) => `${row.key} = ${row.points}`).join(', ')}`,
)
console.log(
	`the middleware alone (in process): p50 ${ms(percentile(middlewareTimes, 50))}, p95 ${ms(percentile(middlewareTimes, 95))}, p99 ${ms(percentile(middlewareTimes, 99))}`,
)
console.log(
	`one PostgreSQL round trip (SELECT 1): p50 ${ms(percentile(roundTripTimes, 50))}, p95 ${ms(percentile(roundTripTimes, 95))}`,
)
const p95 = summary.find((row) => row.name === 'p95')!
console.log(
	`\nlimits cost at p95: ${ms(p95.difference)} (target ≤ 1 ms: ${p95.difference <= 1 ? 'met' : 'NOT met'})`,
)

for (const server of Object.values(servers)) server.child.send({ type: 'stop' })
await disconnectPrisma()
await postgres.stop()
