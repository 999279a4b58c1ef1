import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findFreePort } from '#scripts/database/embedded-postgres.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// Figure: one web process holds 1,000 open progress streams with ≤ 50 MB extra
// memory and delivers a job's update to all of them with p95 ≤ 1 s.
//
// The web process is the production build on our Express server (a child
// process, so its memory is its own); this process opens the 1,000 streams with
// fetch and writes the updates through the same model functions the worker uses.

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const OPEN_CONCURRENCY = 100
const projectRoot = path.resolve(import.meta.dirname, '..')
const SESSION_SECRET = 'bench-session-secret-0123456789'

type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }

const postgres = await startTestPostgres()
const databaseUrl = await recreateDatabase(postgres.serverUrl, 'reachout_bench_streams')
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
const { createQueueable, reportProgress, completeQueueable } =
	await import('#app/models/queueable/queueable.server.ts')
const { prisma, disconnectPrisma } = await import('#app/utils/db.server.ts')

const port = await findFreePort()
const server: ChildProcess = fork(path.join(import.meta.dirname, '_progress-streams-server.ts'), {
	cwd: projectRoot,
	execArgv: ['--expose-gc', '--import', 'tsx'],
	env: {
		...process.env,
		NODE_ENV: 'production',
		PORT: String(port),
		DATABASE_URL: databaseUrl,
		SESSION_SECRET,
		WORKER: 'off',
	},
	stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
const replies: Array<(message: { type: string } & Partial<Memory>) => void> = []
server.on('message', (message: { type: string } & Partial<Memory>) => replies.shift()?.(message))
function nextMessage() {
	return new Promise<{ type: string } & Partial<Memory>>((resolve) => replies.push(resolve))
}
async function serverMemory(): Promise<Memory> {
	const reply = nextMessage()
	server.send({ type: 'memory' })
	return (await reply) as Memory
}
await nextMessage()

const { organization, cookie } = await createSignedInUser()
const queueable = await createQueueable({
	organizationId: organization.id,
	type: 'bench.job',
	task: 'bench_noop',
	metadata: { source: 'bench' },
})
const url = `http://localhost:${port}/resources/queueables/${queueable.id}/events`

type Stream = { progress: number; receivedAt: Map<number, number>; closed: boolean; abort: AbortController }

async function openStream(): Promise<Stream> {
	const stream: Stream = { progress: -1, receivedAt: new Map(), closed: false, abort: new AbortController() }
	const response = await fetch(url, {
		headers: { Cookie: cookie, Accept: 'text/event-stream' },
		signal: stream.abort.signal,
	})
	if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`)
	const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	let resolveFirst: () => void = () => {}
	const first = new Promise<void>((resolve) => (resolveFirst = resolve))
	void (async () => {
		try {
			while (true) {
				const { value, done } = await reader.read()
				if (done) break
				buffer += value
				let boundary
				while ((boundary = buffer.indexOf('\n\n')) !== -1) {
					const frame = buffer.slice(0, boundary)
					buffer = buffer.slice(boundary + 2)
					const data = frame.split('\n').find((line) => line.startsWith('data: '))
					if (!frame.includes('event: queueable') || !data) continue
					const { progress } = JSON.parse(data.slice(6)) as { progress: number }
					if (!stream.receivedAt.has(progress)) stream.receivedAt.set(progress, performance.now())
					stream.progress = progress
					resolveFirst()
				}
			}
		} catch {
			// aborted
		}
		stream.closed = true
		resolveFirst()
	})()
	await first
	return stream
}

async function openStreams(count: number) {
	const streams: Stream[] = []
	for (let start = 0; start < count; start += OPEN_CONCURRENCY) {
		const batch = Array.from({ length: Math.min(OPEN_CONCURRENCY, count - start) }, openStream)
		streams.push(...(await Promise.all(batch)))
	}
	return streams
}

async function waitFor(check: () => boolean, timeoutMs: number) {
	const deadline = Date.now() + timeoutMs
	while (!check()) {
		if (Date.now() > deadline) return false
		await new Promise((resolve) => setTimeout(resolve, 5))
	}
	return true
}

function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`
const ms = (value: number) => `${value.toFixed(0)} ms`

try {
	console.log(
		`progress-streams benchmark: ${STREAMS} streams, ${ROUNDS} updates; ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
	)
	const fresh = await serverMemory()
	// Warm up the routes, the session lookup, the hub's LISTEN connection and the JIT.
	const warm = await openStreams(20)
	for (const stream of warm) stream.abort.abort()
	await waitFor(() => warm.every((stream) => stream.closed), 5_000)
	await new Promise((resolve) => setTimeout(resolve, 500))
	const baseline = await serverMemory()

	const openStarted = performance.now()
	const streams = await openStreams(STREAMS)
	const openSeconds = (performance.now() - openStarted) / 1000
	const loaded = await serverMemory()

	const [hubRow] = await prisma.$queryRaw<Array<{ count: bigint }>>`
		SELECT count(*) FROM pg_stat_activity WHERE application_name = 'reachout-event-hub' AND datname = current_database()`
	const hubConnections = hubRow?.count ?? 0n

	const latencies: number[] = []
	const roundRows: string[] = []
	for (let round = 1; round <= ROUNDS; round++) {
		const progress = round * 10
		const sentAt = performance.now()
		await reportProgress(organization.id, queueable.id, { progress, currentItem: `Round ${round}` })
		const delivered = await waitFor(() => streams.every((stream) => stream.receivedAt.has(progress)), 30_000)
		if (!delivered) throw new Error(`round ${round}: not every stream got the update within 30 s`)
		const round_ = streams.map((stream) => stream.receivedAt.get(progress)! - sentAt).sort((a, b) => a - b)
		latencies.push(...round_)
		roundRows.push(
			`  round ${round}: p50 ${ms(percentile(round_, 50))}, p95 ${ms(percentile(round_, 95))}, max ${ms(round_.at(-1)!)}`,
		)
		await new Promise((resolve) => setTimeout(resolve, 300))
	}
	latencies.sort((a, b) => a - b)

	await completeQueueable(organization.id, queueable.id, { result: { ok: true } })
	const allClosed = await waitFor(() => streams.every((stream) => stream.closed), 30_000)
	await new Promise((resolve) => setTimeout(resolve, 500))
	const after = await serverMemory()

	const extraRss = loaded.rss - baseline.rss
	const extraHeap = loaded.heapUsed - baseline.heapUsed
	const p95 = percentile(latencies, 95)
	const rows: Array<[string, string]> = [
		['streams open', `${streams.length} (opened in ${openSeconds.toFixed(1)} s)`],
		['LISTEN connections in the web process', String(hubConnections)],
		[
			'web process RSS: started → warmed up → 1,000 streams',
			`${mb(fresh.rss)} → ${mb(baseline.rss)} → ${mb(loaded.rss)}`,
		],
		[
			'web process heap used: started → warmed up → 1,000 streams',
			`${mb(fresh.heapUsed)} → ${mb(baseline.heapUsed)} → ${mb(loaded.heapUsed)}`,
		],
		['extra RSS (1,000 streams vs warmed up)', mb(extraRss)],
		['extra heap used (1,000 streams vs warmed up)', mb(extraHeap)],
		['extra external + array buffers', mb(loaded.external - baseline.external)],
		['per stream (heap)', `${(extraHeap / STREAMS / 1024).toFixed(1)} KB`],
		[`delivery latency, ${ROUNDS} updates × ${STREAMS} streams: p50`, ms(percentile(latencies, 50))],
		['delivery latency p95', ms(p95)],
		['delivery latency max', ms(latencies.at(-1)!)],
		['streams closed after COMPLETED', allClosed ? `all ${STREAMS}` : 'NOT ALL'],
		['RSS / heap after the streams closed', `${mb(after.rss)} / ${mb(after.heapUsed)}`],
	]
	const width = Math.max(...rows.map(([label]) => label.length))
	console.log('')
	for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`)
	console.log('')
	for (const row of roundRows) console.log(row)
	// RSS rarely shrinks once grown, so the larger of the two deltas is what we hold to the target.
	const memoryMet = Math.max(extraRss, extraHeap) <= 50 * 2 ** 20
	const latencyMet = p95 <= 1_000
	console.log(
		`\ntargets: extra memory ≤ 50 MB (${memoryMet ? 'met' : 'MISSED'}), p95 ≤ 1 s (${latencyMet ? 'met' : 'MISSED'})`,
	)
	process.exitCode = memoryMet && latencyMet && allClosed ? 0 : 1
} finally {
	server.send({ type: 'stop' })
	await new Promise((resolve) => server.once('exit', resolve))
	await disconnectPrisma()
	const { stopEventHub } = await import('#app/utils/events.server.ts')
	await stopEventHub()
	await postgres.stop()
}
