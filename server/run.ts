import type { Server } from 'node:http'
import type { Runner } from 'graphile-worker'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { resolveDatabase } from '#scripts/database/resolve-database.ts'
import { createApp } from './app.ts'

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
	// The database and the HTTP app (in development: Vite compiling the routes) start side by side.
	const appReady = createApp({ mode })
	const database = await resolveDatabase((line) => console.log(`[db] ${line}`))
	// Fail at start, listing every problem, rather than on the first request.
	const { getEnv } = await import('#app/utils/env.server.ts')
	getEnv()
	await migrateDatabase(database.databaseUrl, (line) => console.log(`[db] ${line}`))
	if (seed) {
		const { seedDemoData } = await import('../prisma/seed.ts')
		await seedDemoData()
	}
	const app = await appReady
	const port = Number(process.env.PORT ?? 3000)
	const server: Server = await new Promise((resolve) => {
		const listening = app.listen(port, () => resolve(listening))
	})
	// The worker starts once pages can be served (it would compete with Vite for the CPU);
	// jobs wait in the database meanwhile.
	await app.locals.routesCompiled
	let worker: Runner | undefined
	if (inlineWorker) {
		const { startWorker } = await import('#jobs/start-worker.ts')
		worker = await startWorker({ databaseUrl: database.databaseUrl })
	}
	const seconds = ((Date.now() - startedAt) / 1000).toFixed(1)
	console.log(
		`Reachout ${mode} server ready in ${seconds}s at http://localhost:${port}` +
			(inlineWorker ? ' (worker running in this process)' : ''),
	)

	let stopping = false
	async function shutdown(signal: string) {
		if (stopping) return
		stopping = true
		console.log(`\n${signal}: shutting down`)
		// Each step runs even if an earlier one fails: the embedded database must always stop.
		const steps: [string, () => Promise<unknown>][] = [
			[
				'http server',
				() =>
					new Promise((resolve) => {
						server.closeAllConnections()
						server.close(resolve)
					}),
			],
			['worker', async () => worker?.stop()],
			['vite', async () => (app.locals.closeVite as (() => Promise<void>) | undefined)?.()],
			['event hub', async () => (await import('#app/utils/events.server.ts')).stopEventHub()],
			['database pool', async () => (await import('#app/utils/db.server.ts')).disconnectPrisma()],
			['database', () => database.stop()],
			['the rest', async () => afterStop?.()],
		]
		for (const [name, step] of steps) {
			await step().catch((error: unknown) => console.error(`stopping the ${name} failed:`, error))
		}
		process.exit(0)
	}
	process.once('SIGINT', () => void shutdown('SIGINT'))
	process.once('SIGTERM', () => void shutdown('SIGTERM'))
	return { server, port }
}
