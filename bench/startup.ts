import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findFreePort } from '#scripts/database/embedded-postgres.ts'

// Figure: fresh clone → `npm run dev` → first page served (embedded database initialised) ≤ 20 s,
// warm restart ≤ 5 s. The clone shares node_modules (npm install is not part of the figure).
const projectRoot = path.resolve(import.meta.dirname, '..')
const workDir = mkdtempSync(path.join(os.tmpdir(), 'reachout-startup-'))
const clone = path.join(workDir, 'reachout')
execFileSync('git', ['clone', '--quiet', projectRoot, clone])
symlinkSync(path.join(projectRoot, 'node_modules'), path.join(clone, 'node_modules'))
cpSync(path.join(projectRoot, 'app/generated'), path.join(clone, 'app/generated'), { recursive: true })

async function firstPage(port: number, deadline: number) {
	while (Date.now() < deadline) {
		try {
			const response = await fetch(`http://localhost:${port}/login`)
			if (response.ok) {
				await response.text()
				return
			}
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error('the server did not serve a page in time')
}

/**
 * Each start must start its own database: one left behind would be reused and flatter the
 * next figure. The server stops it on Ctrl-C; this is the safety net, and it says when it acts.
 */
async function stopLeftoverPostgres() {
	const pidFile = path.join(clone, '.data/postgres/postmaster.pid')
	if (!existsSync(pidFile)) return
	const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
	try {
		process.kill(pid, 'SIGINT')
	} catch {
		return
	}
	console.log('  (stopped an embedded PostgreSQL the server left running)')
	while (existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 100))
}

function groupAlive(groupId: number) {
	try {
		process.kill(-groupId, 0)
		return true
	} catch {
		return false
	}
}

async function measureStart(label: string) {
	const port = await findFreePort()
	const env: Record<string, string | undefined> = {
		...process.env,
		PORT: String(port),
		HMR_PORT: String(await findFreePort()),
	}
	delete env.DATABASE_URL
	const logFile = openSync(path.join(workDir, `${label.replace(/\W+/g, '-')}.log`), 'w')
	const started = performance.now()
	const child: ChildProcess = spawn('npm', ['run', 'dev'], {
		cwd: clone,
		env: env as NodeJS.ProcessEnv,
		stdio: ['ignore', logFile, logFile],
		detached: true,
	})
	await firstPage(port, Date.now() + 60_000).catch((error) => {
		process.kill(-child.pid!, 'SIGKILL')
		console.error(`see the server's output in ${workDir}`)
		throw error
	})
	const seconds = (performance.now() - started) / 1000
	// Ctrl-C as a terminal sends it; then wait for the whole group (npm, node) to finish its shutdown,
	// which stops the embedded database, before the next start.
	process.kill(-child.pid!, 'SIGINT')
	while (groupAlive(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 100))
	await stopLeftoverPostgres()
	console.log(`${label.padEnd(40)} ${seconds.toFixed(2)} s`)
	return seconds
}

try {
	console.log(
		`startup benchmark on ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
	)
	const cold = await measureStart('fresh clone, first page (cold)')
	const warm = await measureStart('warm restart, first page')
	const warmAgain = await measureStart('warm restart again, first page')
	console.log(
		`\ntargets: cold ≤ 20 s (${cold <= 20 ? 'met' : 'MISSED'}), warm ≤ 5 s (${Math.max(warm, warmAgain) <= 5 ? 'met' : 'MISSED'})`,
	)
	if (!process.env.KEEP_BENCH_DIR) rmSync(workDir, { recursive: true, force: true })
} catch (error) {
	console.error(error)
	process.exitCode = 1
}
