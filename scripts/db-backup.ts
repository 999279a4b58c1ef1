import { parseArgs } from 'node:util'
import { backupDatabase } from './database/backup.ts'
import { resolveDatabase } from './database/resolve-database.ts'

// `npm run db:backup [-- <file>]`: pg_dump -Fc of DATABASE_URL's database (else the embedded
// one) to <file>, by default backups/reachout-<UTC time>.dump. README: "Backup and restore".
const { positionals } = parseArgs({ allowPositionals: true })
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
const file = positionals[0] ?? `backups/reachout-${stamp}.dump`

const database = await resolveDatabase()
try {
	const { bytes, pgDump } = await backupDatabase(database.databaseUrl, file)
	console.log(`backed up to ${file} (${(bytes / 1024).toFixed(0)} KiB, ${pgDump.path} ${pgDump.major})`)
} catch (error) {
	console.error((error as Error).message)
	process.exitCode = 1
} finally {
	await database.stop()
}
