import type { Server } from 'node:http'
import type { Express } from 'express'
import type { Worker } from '#jobs/start-worker.ts'
// Imported up front, not at shutdown: Ctrl-C also stops tsx's esbuild service, after which
// nothing new can be imported.
import { disconnectPrisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { resolveDatabase } from '#scripts/database/resolve-database.ts'
import { createApp } from './app.ts'
import { stopOnSignals } from './stop-on-signals.ts'

type Options = {
	mode: 'development' | 'production'
	seed: boolean
	inlineWorker: boolean
	/** Runs last on shutdown (the e2e server stops the database it started). */
	afterStop?: () => Promise<void>
}

/**
 * Starts everything one web process needs: the database (embedded when
 * DATABASE_URL is unset), migrations, optionally the demo seed and an in-process
 * worker, then the HTTP server. Ctrl-C stops it all, the embedded database included.
 */
export async function runServer({ mode, seed, inlineWorker, afterStop }: Options) {
	const startedAt = Date.now()
	process.env.NODE_ENV ??= mode
	// Signals are handled from the first moment: Ctrl-C during start-up must still stop
	// whatever has started, the embedded database above all.
	const started: { app?: Express; server?: Server; worker?: Worker } = {}
	// The database and the HTTP app (in development: Vite compiling the routes) start side by side.
	const databaseStarting = resolveDatabase((line) => console.log(`[db] ${line}`))
	const appReady = createApp({ mode })
	const signals = stopOnSignals({
		// Each step runs even if an earlier one fails: the embedded database must always stop.
		steps: () => {
			const { server, worker, app } = started
			return [
				[
					'http server',
					() =>
						new Promise((resolve) => {
							if (!server) return resolve(undefined)
							server.closeAllConnections()
							server.close(resolve)
						}),
				],
				['worker', async () => worker?.stop()],
				['vite', async () => (app?.locals.closeVite as (() => Promise<void>) | undefined)?.()],
				['event hub', () => stopEventHub()],
				['database pool', () => disconnectPrisma()],
				['database', async () => (await databaseStarting)?.stop()],
				['the rest', async () => afterStop?.()],
			]
		},
		stopDatabase: async () => (await databaseStarting)?.stop(),
	})
	const { shutdown } = signals
	void appReady.then(
		() => signals.keepSignalsOurs(),
		() => {},
	)

	try {
		const database = await databaseStarting
		// Fail at start, listing every problem, rather than on the first request.
		getEnv()
		await migrateDatabase(database.databaseUrl, (line) => console.log(`[db] ${line}`))
		if (seed) {
			const { seedDemoData } = await import('../prisma/seed.ts')
			await seedDemoData()
		}
		const app = (started.app = await appReady)
		const port = Number(process.env.PORT ?? 3000)
		const server: Server = await new Promise((resolve) => {
			const listening = app.listen(port, () => resolve(listening))
		})
		started.server = server
		if (signals.isStopping()) return { server, port }
		console.log(
			`Reachout ${mode} server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)}s at http://localhost:${port}`,
		)
		// In development the routes not asked for yet compile now, and the worker starts after them
		// (it would compete with Vite for the CPU); jobs wait in the database meanwhile.
		await (app.locals.compileRoutes as (() => Promise<void>) | undefined)?.()
		if (inlineWorker && !signals.isStopping()) {
			const { startWorker } = await import('#jobs/start-worker.ts')
			started.worker = await startWorker({ databaseUrl: database.databaseUrl })
			console.log(
				`Worker running in this process (${((Date.now() - startedAt) / 1000).toFixed(1)}s after start)`,
			)
		}
		if (!inlineWorker) {
			const { warnIfNoWorkerBeats } = await import('#app/models/health/system-health.server.ts')
			warnIfNoWorkerBeats({ maxBeatAgeSeconds: getEnv().WORKER_HEARTBEAT_MAX_AGE_SECONDS })
		}
		return { server, port }
	} catch (error) {
		// A failed start (bad environment, migration error, port in use) still stops what started.
		console.error(error)
		await shutdown('start-up failed', 1)
		throw error
	}
}
