import { spawn } from 'node:child_process'

/**
 * `npm test`: the app is built once (the Playwright specs serve it, and the Vitest files that send
 * real requests load its server bundle instead of each transforming the whole app through Vite),
 * then three lanes side by side — the Vitest unit and integration tests; the type check, lint,
 * reliability suite and the axe sweep of every page; the other Playwright specs. They spend most of their time waiting on PostgreSQL,
 * the browser or a fake, so on a 2-core machine they take little longer than the longest alone.
 * Each lane has its own database server (tests/setup/test-database.ts). Output lines carry their
 * lane's name; the exit code is the first failure's.
 */
type Lane = { name: string; scripts: string[]; env?: Record<string, string> }

const SERVER_BUILD = 'build/server/index.js'

const lanes: Lane[] = [
	{ name: 'vitest', scripts: ['test:unit'], env: { TEST_SERVER_BUILD: SERVER_BUILD } },
	// The checks finish well before the Playwright specs: the axe sweep of every page (the longest
	// spec) runs after them, on a second server with its own port and database.
	{
		name: 'checks',
		scripts: ['typecheck', 'lint', 'test:reliability', 'test:e2e:accessibility'],
		env: {
			TEST_SERVER_BUILD: SERVER_BUILD,
			TEST_POSTGRES_NAME: 'postgres-reliability',
			E2E_PORT: '3927',
			E2E_POSTGRES_NAME: 'postgres-e2e-axe',
			E2E_OUTPUT_DIR: 'test-results/axe',
		},
	},
	// The other specs, on one server. Split in two (E2E_SHARD, its own port and database) they took
	// longer, not shorter: every lane is CPU-bound on the 2-core machine (vmstat: 0 % idle), and two
	// servers and browsers add their own work. What brought the whole run from 44 to 22 minutes was
	// recording Playwright traces only on a retry (playwright.config.ts): they were 45 % of the e2e CPU.
	{
		name: 'e2e',
		scripts: ['test:e2e:built'],
		env: { E2E_IGNORE: '**/accessibility.spec.ts', E2E_OUTPUT_DIR: 'test-results/e2e' },
	},
]

/** Each lane's last lines, printed again at the end when it fails: CI shows only the end of the log. */
const TAIL_LINES = 120
const tails = new Map<string, string[]>()

function remember(lane: string, line: string) {
	const tail = tails.get(lane) ?? []
	tail.push(line)
	if (tail.length > TAIL_LINES) tail.shift()
	tails.set(lane, tail)
}

function runScript(lane: string, script: string, env: Record<string, string> = {}): Promise<number> {
	return new Promise((resolve) => {
		const child = spawn('npm', ['run', '--silent', script], {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, ...env },
		})
		const prefix = `[${lane}] `
		for (const stream of [child.stdout, child.stderr]) {
			let rest = ''
			stream.on('data', (chunk: Buffer) => {
				const lines = (rest + chunk.toString()).split('\n')
				rest = lines.pop() ?? ''
				for (const line of lines) {
					process.stdout.write(prefix + line + '\n')
					remember(lane, line)
				}
			})
			stream.on('end', () => {
				if (!rest) return
				process.stdout.write(prefix + rest + '\n')
				remember(lane, rest)
			})
		}
		child.on('close', (code) => resolve(code ?? 1))
	})
}

async function runLane(lane: Lane) {
	const started = Date.now()
	for (const script of lane.scripts) {
		const code = await runScript(lane.name, script, lane.env)
		if (code !== 0) {
			console.log(`[${lane.name}] npm run ${script} failed (exit ${code})`)
			return code
		}
	}
	console.log(`[${lane.name}] passed in ${Math.round((Date.now() - started) / 1000)} s`)
	return 0
}

const built = await runLane({ name: 'build', scripts: ['build'] })
if (built !== 0) process.exit(built)
const codes = await Promise.all(lanes.map(runLane))
lanes.forEach((lane, index) => {
	if (codes[index] === 0) return
	console.log(`\n===== [${lane.name}] failed: its last ${TAIL_LINES} lines again =====`)
	for (const line of tails.get(lane.name) ?? []) console.log(`[${lane.name}] ${line}`)
})
process.exit(codes.find((code) => code !== 0) ?? 0)
