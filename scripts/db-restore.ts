import { parseArgs } from 'node:util'
import { restoreDatabase } from './database/backup.ts'
import { databaseUrlFor } from './database/embedded-postgres.ts'
import { resolveDatabase } from './database/resolve-database.ts'

// `npm run db:restore -- <file> [--into <database>] [--replace]`: pg_restore of a backup into
// DATABASE_URL's database (else the embedded one), or into <database> on the same server. The
// target must be new or empty unless --replace, which drops it first. README: "Backup and restore".
const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: { into: { type: 'string' }, replace: { type: 'boolean', default: false } },
})
const file = positionals[0]
if (!file) {
	console.error('usage: npm run db:restore -- <backup file> [--into <database>] [--replace]')
	process.exit(2)
}

const database = await resolveDatabase()
try {
	const target = values.into ? databaseUrlFor(database.databaseUrl, values.into) : database.databaseUrl
	const { database: name, pgRestore } = await restoreDatabase(file, target, { replace: values.replace })
	console.log(`restored ${file} into the database "${name}" (${pgRestore.path} ${pgRestore.major})`)
	if (values.into)
		console.log(`point DATABASE_URL at it to serve it: ${target.replace(/:[^:@/]*@/, ':***@')}`)
} catch (error) {
	console.error((error as Error).message)
	process.exitCode = 1
} finally {
	await database.stop()
}
