/**
 * Coalesces calls made in the same turn of the event loop (or within `waitMs` of the first) into
 * one call of `run` with all their inputs (at most `maxSize`), then hands each caller its own result. Callers keep a one-item
 * API; a busy process makes one database round trip for many of them.
 * `run` returns one result per input, in order; if it throws, every caller of that batch gets
 * the error.
 */
export function createMicroBatch<Input, Output>(
	run: (inputs: Input[]) => Promise<Output[]>,
	{ maxSize = 64, waitMs = 0 }: { maxSize?: number; waitMs?: number } = {},
) {
	type Waiting = { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }
	let waiting: Waiting[] = []

	function flush() {
		const batch = waiting
		waiting = []
		if (batch.length === 0) return
		run(batch.map((entry) => entry.input)).then(
			(outputs) => batch.forEach((entry, index) => entry.resolve(outputs[index]!)),
			(error: unknown) => batch.forEach((entry) => entry.reject(error)),
		)
	}

	return function call(input: Input) {
		return new Promise<Output>((resolve, reject) => {
			waiting.push({ input, resolve, reject })
			if (waiting.length >= maxSize) flush()
			else if (waiting.length === 1) {
				if (waitMs > 0) setTimeout(flush, waitMs)
				else setImmediate(flush)
			}
		})
	}
}
