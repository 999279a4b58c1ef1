import { pingDatabase } from '#app/utils/db.server.ts'
import { latestWorkerBeat, type LatestWorkerBeat } from './worker-heartbeat.server.ts'

export type SystemHealth = {
	status: 'ok' | 'unhealthy'
	database: 'ok' | 'unreachable'
	worker: { lastBeatAt: string | null; ageSeconds: number | null }
	/** What is wrong and what to do, for whoever reads the answer; absent when healthy. */
	problems?: string[]
}

/** A database that does not answer within this is as good as down for the healthcheck. */
const DATABASE_TIMEOUT_MS = 3000

/**
 * The database answers, and some worker beat within `maxBeatAgeSeconds` (unless `ignoreWorker`:
 * a load balancer asking only whether this web process can serve pages).
 */
export async function checkSystemHealth({
	maxBeatAgeSeconds,
	ignoreWorker = false,
}: {
	maxBeatAgeSeconds: number
	ignoreWorker?: boolean
}): Promise<SystemHealth> {
	let beat: LatestWorkerBeat
	try {
		await withTimeout(pingDatabase(), DATABASE_TIMEOUT_MS)
		beat = await withTimeout(latestWorkerBeat(), DATABASE_TIMEOUT_MS)
	} catch (error) {
		// Prisma's message opens with the invocation; its last line is the cause.
		const cause = (error as Error).message.trim().split('\n').at(-1)
		console.error(`healthcheck: the database does not answer: ${cause}`)
		return {
			status: 'unhealthy',
			database: 'unreachable',
			worker: { lastBeatAt: null, ageSeconds: null },
			problems: ['The database does not answer.'],
		}
	}
	const worker = { lastBeatAt: beat.lastBeatAt?.toISOString() ?? null, ageSeconds: beat.ageSeconds }
	const problem = workerProblem(beat, maxBeatAgeSeconds)
	if (!problem || ignoreWorker) return { status: 'ok', database: 'ok', worker }
	return { status: 'unhealthy', database: 'ok', worker, problems: [problem] }
}

export function workerProblem(beat: LatestWorkerBeat, maxBeatAgeSeconds: number) {
	if (beat.ageSeconds === null) {
		return 'No worker has ever run against this database: background jobs (sends, imports, generations) wait. Start `npm run worker`, or set WORKER=inline to run one inside the web process.'
	}
	if (beat.ageSeconds > maxBeatAgeSeconds) {
		return `No worker has beaten for ${beat.ageSeconds}s (limit ${maxBeatAgeSeconds}s): background jobs wait. Check that \`npm run worker\` (or WORKER=inline) is running.`
	}
	return null
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
	})
	try {
		return await Promise.race([promise, timeout])
	} finally {
		clearTimeout(timer)
	}
}

/**
 * For a web process started without its own worker: once a worker has had time to beat, say so
 * plainly in the log if none did, rather than leave jobs waiting in silence.
 */
export function warnIfNoWorkerBeats({ maxBeatAgeSeconds }: { maxBeatAgeSeconds: number }) {
	const timer = setTimeout(() => {
		latestWorkerBeat().then(
			(beat) => {
				const problem = workerProblem(beat, maxBeatAgeSeconds)
				if (problem) console.warn(`${problem} /resources/healthcheck answers 503 until one runs.`)
			},
			() => {},
		)
	}, maxBeatAgeSeconds * 1000)
	timer.unref()
}
