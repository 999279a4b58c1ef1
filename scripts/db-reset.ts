import pg from 'pg'
import { disconnectPrisma } from '#app/utils/db.server.ts'
import { seedDemoData } from '../prisma/seed.ts'
import { migrateDatabase } from './database/migrate.ts'
import { resolveDatabase } from './database/resolve-database.ts'

// Drops every table of the app, of Graphile Worker and of the rate limits, then migrates and seeds again.
const database = await resolveDatabase()
try {
	const client = new pg.Client({ connectionString: database.databaseUrl })
	await client.connect()
	await client.query('DROP SCHEMA IF EXISTS graphile_worker CASCADE')
	await client.query('DROP SCHEMA IF EXISTS rate_limits CASCADE')
	await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public')
	await client.end()
	await migrateDatabase(database.databaseUrl, console.log)
	await seedDemoData()
	console.log('database reset and seeded')
} finally {
	await disconnectPrisma()
	await database.stop()
}
