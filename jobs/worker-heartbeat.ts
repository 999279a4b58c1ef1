import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { recordWorkerBeat } from '#app/models/health/worker-heartbeat.server.ts'

export type WorkerHeartbeat = {
	stop: () => void
	/** Settles once the beats have stopped and the last one has finished. */
	stopped: Promise<void>
}

/**
 * Beats every `intervalSeconds` while all of this process's job loops run; when one of them ends
 * (stopped, or crashed on a lost database) the beats stop, so the healthcheck sees the worker go
 * quiet rather than a process that is alive but takes no jobs. The first beat is awaited.
 */
export async function startWorkerHeartbeat({
	jobLoops,
	intervalSeconds,
}: {
	jobLoops: Array<Promise<unknown>>
	intervalSeconds: number
}): Promise<WorkerHeartbeat> {
	const worker = {
		id: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
		hostname: os.hostname(),
		pid: process.pid,
	}
	let warned = false
	const beat = () =>
		recordWorkerBeat(worker).then(
			() => (warned = false),
			(error: unknown) => {
				// Once per outage: the database being away is reported by the worker's own errors too.
				if (!warned) console.warn(`worker heartbeat failed: ${(error as Error).message}`)
				warned = true
			},
		)
	let lastBeat = beat()
	await lastBeat
	let beating = false
	// One beat at a time: on a slow database a tick that finds the last beat still running skips,
	// so `stopped` really means no beat is left in flight.
	const timer = setInterval(() => {
		if (beating) return
		beating = true
		lastBeat = beat().finally(() => (beating = false))
	}, intervalSeconds * 1000)
	timer.unref()
	let markStopped!: () => void
	const stopped = new Promise<void>((resolve) => (markStopped = resolve))
	const stop = () => {
		clearInterval(timer)
		void lastBeat.then(() => markStopped())
	}
	for (const loop of jobLoops) loop.then(stop, stop)
	return { stop, stopped }
}
