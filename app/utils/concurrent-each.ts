/**
 * Runs `work` over `items` with at most `concurrency` at once, in order of start; stops starting
 * new items once `signal` aborts (running ones finish). Rejects with the first error after the
 * running items settle.
 */
export async function forEachConcurrently<T>(
	items: ReadonlyArray<T>,
	concurrency: number,
	work: (item: T, index: number) => Promise<void>,
	signal?: AbortSignal,
) {
	let next = 0
	let failure: { error: unknown } | null = null
	const lane = async () => {
		while (next < items.length && !failure && !signal?.aborted) {
			const index = next++
			try {
				await work(items[index]!, index)
			} catch (error) {
				failure ??= { error }
			}
		}
	}
	await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane))
	if (failure) throw (failure as { error: unknown }).error
}
