import { SourceFailed } from './candidate-source.ts'

// Outside sources (LinkedIn, the people-data provider) are called through this: each attempt has
// its own timeout (in the call), 429 and 5xx and timeouts are retried with exponential backoff
// and jitter, and the last failure becomes SourceFailed with a reason a user can read.

export type RetryPolicy = { attempts: number; baseDelayMs: number; signal?: AbortSignal }

/** What went wrong with one attempt, and whether another may help. */
export type AttemptFailure = { retry: boolean; reason: string }

export async function withRetry<T>(
	call: () => Promise<T>,
	classify: (error: unknown) => AttemptFailure,
	{ attempts, baseDelayMs, signal }: RetryPolicy,
): Promise<T> {
	let last: AttemptFailure = { retry: false, reason: 'did not answer' }
	for (let attempt = 1; attempt <= attempts; attempt++) {
		try {
			return await call()
		} catch (error) {
			if (error instanceof SourceFailed) throw error
			last = classify(error)
			if (!last.retry || attempt === attempts || signal?.aborted) break
			const delay = baseDelayMs * 2 ** (attempt - 1)
			await sleep(delay / 2 + Math.random() * (delay / 2), signal)
		}
	}
	throw new SourceFailed(last.reason)
}

function sleep(ms: number, signal?: AbortSignal) {
	return new Promise<void>((resolve) => {
		if (ms <= 0 || signal?.aborted) return resolve()
		const timer = setTimeout(done, ms)
		function done() {
			clearTimeout(timer)
			signal?.removeEventListener('abort', done)
			resolve()
		}
		signal?.addEventListener('abort', done, { once: true })
	})
}
