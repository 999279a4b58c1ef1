import { migrateDatabase } from './database/migrate.ts'
import { resolveDatabase } from './database/resolve-database.ts'

const database = await resolveDatabase()
try {
	const applied = await migrateDatabase(database.databaseUrl, console.log)
	console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date')
} finally {
	await database.stop()
}
