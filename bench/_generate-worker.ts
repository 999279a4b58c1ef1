import { lowerWorkerProcessPriority, startWorker } from '#jobs/start-worker.ts'

// The worker process of bench/generate.ts: Graphile Worker as `npm run worker` starts it, with
// the scenario's environment (OPENAI_* set or not) given by the parent, so each scenario reads
// its own settings however the app caches them.
lowerWorkerProcessPriority()
const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL! })

process.on('message', async (message: { type: string }) => {
	if (message.type !== 'stop') return
	await worker.stop()
	const { disconnectPrisma } = await import('#app/utils/db.server.ts')
	await disconnectPrisma()
	process.exit(0)
})
process.send?.({ type: 'ready' })
