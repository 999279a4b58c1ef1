import { disconnectPrisma } from '#app/utils/db.server.ts'
import { seedDemoData } from '../prisma/seed.ts'
import { migrateDatabase } from './database/migrate.ts'
import { resolveDatabase } from './database/resolve-database.ts'

const database = await resolveDatabase()
try {
	await migrateDatabase(database.databaseUrl, console.log)
	const { created } = await seedDemoData()
	console.log(created ? 'seeded the demo organization and user' : 'demo data already present')
} finally {
	await disconnectPrisma()
	await database.stop()
}
