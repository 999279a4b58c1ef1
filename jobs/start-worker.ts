import os from 'node:os'
import { parseCrontab, run, type Runner, type TaskList } from 'graphile-worker'
import { GENERATE_SEQUENCE_TASK } from '#app/jobs/generate-sequence.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { crontab } from './crontab.ts'
import { taskList } from './task-list.ts'
import { startWorkerHeartbeat } from './worker-heartbeat.ts'

export type Worker = { stop: () => Promise<void> }

/**
 * Starts Graphile Worker on the given database; signals are handled by the caller.
 * Two runners share the queue: the assistant's generations (which mostly wait on the model)
 * get their own slots, so a thousand-contact run neither starves sending and imports nor is
 * held to their concurrency. Each runner only takes jobs of the tasks it knows.
 */
export async function startWorker({
	databaseUrl,
	concurrency = Number(process.env.WORKER_CONCURRENCY ?? 5),
	assistantConcurrency = assistantWorkerConcurrency(),
}: {
	databaseUrl: string
	concurrency?: number
	assistantConcurrency?: number
}): Promise<Worker> {
	const { [GENERATE_SEQUENCE_TASK]: generateSequence, ...otherTasks } = taskList
	const runners: Runner[] = []
	try {
		runners.push(
			await run({
				connectionString: databaseUrl,
				concurrency,
				taskList: otherTasks,
				parsedCronItems: parseCrontab(crontab),
				noHandleSignals: true,
				pollInterval: 2000,
			}),
		)
		const assistantTasks: TaskList = { [GENERATE_SEQUENCE_TASK]: generateSequence! }
		runners.push(
			await run({
				connectionString: databaseUrl,
				concurrency: assistantConcurrency,
				taskList: assistantTasks,
				// Its jobs hold a connection only to be fetched and completed; cron runs on the other runner.
				maxPoolSize: assistantConcurrency,
				parsedCronItems: [],
				noHandleSignals: true,
				pollInterval: 2000,
			}),
		)
	} catch (error) {
		await Promise.allSettled(runners.map((runner) => runner.stop()))
		throw error
	}
	// What the healthcheck reads (decision 023).
	const heartbeat = await startWorkerHeartbeat({
		jobLoops: runners.map((runner) => runner.promise),
		intervalSeconds: getEnv().WORKER_HEARTBEAT_SECONDS,
	})
	return {
		async stop() {
			heartbeat.stop()
			await Promise.all(runners.map((runner) => runner.stop()))
		},
	}
}

/**
 * ASSISTANT_WORKER_CONCURRENCY, else twice the per-organization model limit: jobs of an
 * organization at its limit wait for a model slot while holding a worker slot, and the
 * spare half keeps other organizations' generations moving meanwhile.
 */
function assistantWorkerConcurrency() {
	const configured = Number(process.env.ASSISTANT_WORKER_CONCURRENCY)
	if (Number.isInteger(configured) && configured > 0) return configured
	return Math.max(4, getEnv().OPENAI_CONCURRENCY * 2)
}

/**
 * A worker process on a machine it shares with web processes runs at a lower CPU priority
 * (`WORKER_NICE`, default 10; 0 keeps it): background work waits, the pages people wait on do
 * not. Only for standalone worker processes, never the web process with its inline worker.
 */
export function lowerWorkerProcessPriority() {
	const nice = Number(process.env.WORKER_NICE ?? 10)
	if (!Number.isInteger(nice) || nice <= 0) return
	try {
		os.setPriority(Math.min(19, nice))
	} catch (error) {
		console.warn('worker: could not lower the CPU priority', error)
	}
}
