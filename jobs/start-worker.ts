import { parseCrontab, run, type Runner } from 'graphile-worker'
import { crontab } from './crontab.ts'
import { taskList } from './task-list.ts'

/** Starts Graphile Worker on the given database; signals are handled by the caller. */
export async function startWorker({
	databaseUrl,
	concurrency = Number(process.env.WORKER_CONCURRENCY ?? 5),
}: {
	databaseUrl: string
	concurrency?: number
}): Promise<Runner> {
	return run({
		connectionString: databaseUrl,
		concurrency,
		taskList,
		parsedCronItems: parseCrontab(crontab),
		noHandleSignals: true,
		pollInterval: 2000,
	})
}
