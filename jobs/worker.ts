import { lowerWorkerProcessPriority, type Worker, startWorker } from './start-worker.ts'
import { disconnectPrisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { resolveDatabase } from '#scripts/database/resolve-database.ts'

// `npm run worker`: a standalone worker process; run as many as the load needs.
process.env.NODE_ENV ??= 'production'
lowerWorkerProcessPriority()
const database = await resolveDatabase()
let runner: Worker | undefined
try {
	getEnv()
	await migrateDatabase(database.databaseUrl, console.log)
	runner = await startWorker({ databaseUrl: database.databaseUrl })
	console.log('worker started')
} catch (error) {
	console.error(error)
	await shutdown(1)
}

async function shutdown(exitCode = 0) {
	await runner?.stop()
	await disconnectPrisma()
	await database.stop()
	process.exit(exitCode)
}
process.once('SIGINT', () => void shutdown())
process.once('SIGTERM', () => void shutdown())
