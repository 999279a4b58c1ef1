import { afterAll, afterEach } from 'vitest'

// pg 8 only warns when one client is given a query while another is running; pg 9 will throw.
// The warning is a DeprecationWarning that util.deprecate emits once per process, so it is
// caught here and fails the test during which it appeared (or the file, if a hook caused it).
const CONCURRENT_QUERY = 'client is already executing a query'

declare global {
	// One listener per process, should a worker process run several files.
	var __concurrentQueryWarnings: Error[] | undefined
}
const seen = (globalThis.__concurrentQueryWarnings ??= (() => {
	const warnings: Error[] = []
	process.on('warning', (warning) => {
		if (warning.message.includes(CONCURRENT_QUERY)) warnings.push(warning)
	})
	return warnings
})())

function failOnConcurrentQueries() {
	// util.deprecate emits on the next tick; let it arrive before checking.
	return new Promise<void>((resolve, reject) =>
		setImmediate(() => {
			const warning = seen.shift()
			if (!warning) return resolve()
			seen.length = 0
			reject(
				new Error(
					`a pg client was given a query while another was running on it (an error in pg 9):\n${warning.stack ?? warning.message}`,
				),
			)
		}),
	)
}

afterEach(failOnConcurrentQueries)
afterAll(failOnConcurrentQueries)
