import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

// Real worker processes (`jobs/worker.ts`, as `npm run worker` starts them) for the sending
// tests of the reliability suite: each one its own Node process, pool and Graphile runner,
// on the test file's database, killed with SIGKILL as a crash or an OOM kill would.

const projectRoot = path.resolve(import.meta.dirname, '../..')

export type WorkerProcess = {
	process: ChildProcess
	/** When it printed "worker started" (its runners are up); null until then. */
	startedAt: number | null
	/** Lines it printed that name a deadlock (PostgreSQL 40P01). */
	deadlocks: number
}

// Connections all the workers of a test may hold together. PostgreSQL's default max_connections is
// 100 and the server may be shared (other test files, other checkouts); past it, statements fail
// with "too many clients" and steps wait out their lease, which says nothing about the code.
const CONNECTION_BUDGET = 40

/**
 * A worker's settings when `count` run at once: its three pools (Prisma, dispatch, lazy-commit
 * dispatch) of DATABASE_POOL_SIZE each, plus Graphile's (about its concurrency, and one to listen)
 * and the assistant runner's, within CONNECTION_BUDGET.
 */
export function workerSettings(count: number, budget = CONNECTION_BUDGET) {
	const perWorker = Math.floor(budget / count)
	const concurrency = perWorker >= 12 ? 4 : 2
	const pool = Math.max(1, Math.floor((perWorker - concurrency - 3) / 3))
	return {
		WORKER_CONCURRENCY: String(concurrency),
		DATABASE_POOL_SIZE: String(pool),
		ASSISTANT_WORKER_CONCURRENCY: '1',
		// Full CPU priority: on a shared machine a worker at nice 10 (the default) hardly runs.
		WORKER_NICE: '0',
	}
}

export function startWorkerProcess(env: Record<string, string> = workerSettings(3)): WorkerProcess {
	const child = spawn(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], {
		cwd: projectRoot,
		env: { ...process.env, NODE_ENV: 'test', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const worker: WorkerProcess = { process: child, startedAt: null, deadlocks: 0 }
	// Read (and so drain) its output: the start line, and any deadlock it logs.
	child.stdout!.on('data', (chunk: Buffer) => {
		const text = chunk.toString()
		if (process.env.DEBUG_WORKERS) process.stdout.write(chunk)
		if (worker.startedAt === null && text.includes('worker started')) worker.startedAt = Date.now()
		worker.deadlocks += countDeadlocks(text)
	})
	child.stderr!.on('data', (chunk: Buffer) => {
		if (process.env.DEBUG_WORKERS) process.stderr.write(chunk)
		worker.deadlocks += countDeadlocks(chunk.toString())
	})
	return worker
}

function countDeadlocks(text: string) {
	return text.split('\n').filter((line) => /40P01|deadlock detected/.test(line)).length
}

/** Waits until every worker has started (a busy two-core machine takes many seconds). */
export async function waitUntilStarted(workers: WorkerProcess[], timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs
	while (workers.some((worker) => worker.startedAt === null)) {
		const dead = workers.find((worker) => worker.process.exitCode !== null)
		if (dead) throw new Error(`a worker exited with ${dead.process.exitCode} before it started`)
		if (Date.now() > deadline) throw new Error('workers did not start in time')
		await sleep(200)
	}
}

export function killAll(workers: WorkerProcess[]) {
	for (const worker of workers) worker.process.kill('SIGKILL')
}

export function sleep(ms: number) {
	return new Promise((resolve) => setTimeout(resolve, ms))
}
