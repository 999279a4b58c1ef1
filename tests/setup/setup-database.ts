import { afterAll, inject } from 'vitest'
import { recreateDatabase } from './test-database.ts'
import './fail-on-pg-warnings.ts'

// One database per Vitest worker, cloned from the migrated template before each file.
const workerId = process.env.VITEST_POOL_ID ?? '0'
process.env.DATABASE_URL = await recreateDatabase(
	inject('testServerUrl'),
	`reachout_test_${inject('testRunId')}_${workerId}`,
	inject('templateDatabase'),
)
process.env.SESSION_SECRET ??= 'test-session-secret-at-least-16'
process.env.ENCRYPTION_KEY ??= '0'.repeat(64)

afterAll(async () => {
	const { disconnectPrisma } = await import('#app/utils/db.server.ts')
	await disconnectPrisma()
	const { stopEventHub } = await import('#app/utils/events.server.ts')
	await stopEventHub()
})
