/**
 * When a failed delivery is tried again (decision 042): exponential-ish backoff over a day — 1 min,
 * 5 min, 15 min, 1 h, 3 h, 6 h, 12 h after each failure (8 attempts, the last ~22 h after the first),
 * each ±10 % so endpoints that failed together do not retry together. Null: give up.
 */
export const RETRY_DELAYS_SECONDS = [60, 300, 900, 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600]
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1
/** No attempt is started later than this after the event. */
export const RETRY_WINDOW_MS = 24 * 3_600 * 1_000

export function nextAttemptAt(
	attempts: number,
	{ now, createdAt, random = Math.random }: { now: Date; createdAt: Date; random?: () => number },
): Date | null {
	const delay = RETRY_DELAYS_SECONDS[attempts - 1]
	if (delay === undefined) return null
	const jittered = delay * 1000 * (0.9 + 0.2 * random())
	const at = new Date(now.getTime() + jittered)
	return at.getTime() - createdAt.getTime() > RETRY_WINDOW_MS ? null : at
}
