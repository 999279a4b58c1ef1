import os from 'node:os'

/** Ctrl-C, `kill` and a closed terminal: each stops the process the same careful way. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** A step that hangs (a stuck job, a stuck socket) must not keep the database running. */
const STEP_TIMEOUT_MS = 15_000

export type ShutdownStep = [name: string, run: () => Promise<unknown>]

/**
 * Runs `steps` in order on the first stop signal, each even if an earlier one failed or hung,
 * then exits. A second signal during that shutdown skips the rest: it stops the database at
 * once and exits. If the process dies anyway, the embedded database's watchdog stops it.
 */
export function stopOnSignals({
	steps,
	stopDatabase,
}: {
	steps: () => ShutdownStep[]
	stopDatabase: () => Promise<unknown>
}) {
	let stopping = false

	async function shutdown(reason: string, exitCode = 0) {
		if (stopping) return
		stopping = true
		console.log(`\n${reason}: shutting down`)
		for (const [name, step] of steps()) {
			await withTimeout(step(), name).catch((error: unknown) =>
				console.error(`stopping the ${name} failed:`, error),
			)
		}
		console.log('stopped')
		process.exit(exitCode)
	}

	function onSignal(signal: NodeJS.Signals) {
		if (!stopping) return void shutdown(signal)
		console.log(`${signal} again: stopping the database now`)
		void withTimeout(stopDatabase(), 'database')
			.catch((error: unknown) => console.error('stopping the database failed:', error))
			.finally(() => process.exit(128 + (os.constants.signals[signal] ?? 0)))
	}
	for (const signal of STOP_SIGNALS) process.on(signal, onSignal)

	return {
		shutdown,
		isStopping: () => stopping,
		/**
		 * Removes stop handlers that libraries added (Vite's, for the Remix plugin's inner dev
		 * server, calls process.exit() once Vite is closed: mid-way through our shutdown, before
		 * the database step). Call once those libraries have started.
		 */
		keepSignalsOurs() {
			for (const signal of STOP_SIGNALS) {
				for (const listener of process.listeners(signal)) {
					if (listener !== onSignal) process.off(signal, listener)
				}
			}
			// Vite also exits when stdin ends; a closed stdin is not a reason to stop a server.
			process.stdin.removeAllListeners('end')
		},
	}
}

function withTimeout(work: Promise<unknown>, name: string) {
	let timer: ReturnType<typeof setTimeout> | undefined
	const timeout = new Promise((_, reject) => {
		timer = setTimeout(
			() => reject(new Error(`the ${name} did not stop within ${STEP_TIMEOUT_MS / 1000} s`)),
			STEP_TIMEOUT_MS,
		)
	})
	return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
