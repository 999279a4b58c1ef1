import { disconnectPrisma } from '#app/utils/db.server.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'
import { resolveDatabase } from '#scripts/database/resolve-database.ts'
import { startWorker } from './start-worker.ts'

// `npm run worker`: a standalone worker process; run as many as the load needs.
const database = await resolveDatabase()
const { getEnv } = await import('#app/utils/env.server.ts')
getEnv()
await migrateDatabase(database.databaseUrl, console.log)
const runner = await startWorker({ databaseUrl: database.databaseUrl })
console.log('worker started')

async function shutdown() {
	await runner.stop()
	await disconnectPrisma()
	await database.stop()
	process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
