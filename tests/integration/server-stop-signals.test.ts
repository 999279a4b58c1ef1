import { type ChildProcess, spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, test } from 'vitest'

// However the app stops, its embedded PostgreSQL (in a process group of its own) stops too.
// The app here is a stand-in with the real database start and shutdown code
// (tests/fixtures/processes/embedded-postgres-app.ts); signals go to its process group, as a
// terminal's Ctrl-C or `kill -TERM -<pgid>` send them.

const root = path.resolve(import.meta.dirname, '../..')
const NAME = `postgres-signals-${process.pid}`
const dataDir = path.join(root, '.data', NAME)

type App = { child: ChildProcess; output: () => string; exited: Promise<unknown>; postgresPid: number }
const started: App[] = []

async function startApp(mode?: 'hang'): Promise<App> {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'tests/fixtures/processes/embedded-postgres-app.ts', NAME, ...(mode ? [mode] : [])],
		{ cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
	)
	let output = ''
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const exited = new Promise((resolve) => child.once('exit', resolve))
	await waitFor(() => output.includes('ready') || child.exitCode !== null, 'the app to start')
	expect(output).toContain('ready')
	const postgresPid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
	const app = { child, output: () => output, exited, postgresPid }
	started.push(app)
	return app
}

function isRunning(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000) {
	const deadline = Date.now() + timeoutMs
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}

afterEach(() => {
	// A failed test must not leave its processes behind.
	for (const { child, postgresPid } of started.splice(0)) {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
		if (isRunning(postgresPid)) process.kill(postgresPid, 'SIGQUIT')
	}
})

afterAll(async () => {
	await rm(dataDir, { recursive: true, force: true })
})

describe('the embedded database stops with the app', { timeout: 120_000 }, () => {
	test.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
		'%s to the process group: a clean shutdown that stops the database',
		async (signal) => {
			const app = await startApp()
			expect(isRunning(app.postgresPid)).toBe(true)
			process.kill(-app.child.pid!, signal)
			await app.exited
			expect(app.output()).toContain(`${signal}: shutting down`)
			expect(app.output()).toContain('stopped cleanly')
			await waitFor(() => !isRunning(app.postgresPid), 'the database to stop')
		},
	)

	test('a second signal while a step hangs stops the database at once', async () => {
		const app = await startApp('hang')
		process.kill(-app.child.pid!, 'SIGINT')
		await waitFor(() => app.output().includes('SIGINT: shutting down'), 'the shutdown to begin')
		process.kill(-app.child.pid!, 'SIGINT')
		await app.exited
		expect(app.output()).toContain('SIGINT again: stopping the database now')
		await waitFor(() => !isRunning(app.postgresPid), 'the database to stop')
	})

	test('the app killed outright (SIGKILL, no shutdown at all): the watchdog stops the database', async () => {
		const app = await startApp()
		process.kill(-app.child.pid!, 'SIGKILL')
		await app.exited
		await waitFor(() => !isRunning(app.postgresPid), 'the database to stop')
	})
})
