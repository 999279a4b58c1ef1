import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { databaseUrlFor } from './embedded-postgres.ts'
import { findPgTool, runPgTool, serverMajorVersion } from './pg-tools.ts'

/**
 * `pg_dump -Fc` of the whole database (the app's tables, its migration history and Graphile
 * Worker's queue), without owners or grants so it restores under any role.
 */
export async function backupDatabase(databaseUrl: string, file: string) {
	const pgDump = await findPgTool('pg_dump', await serverMajorVersion(databaseUrl))
	await mkdir(path.dirname(path.resolve(file)), { recursive: true })
	await runPgTool(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], databaseUrl)
	return { file, bytes: (await stat(file)).size, pgDump }
}

/**
 * Restores a backup into a database that is missing or empty (created if missing), in one
 * transaction: a failed restore leaves nothing behind. With `replace`, an existing database is
 * dropped first — the only way this overwrites data, and only when asked.
 */
export async function restoreDatabase(file: string, databaseUrl: string, { replace = false } = {}) {
	const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1))
	const maintenance = new pg.Client({ connectionString: databaseUrlFor(databaseUrl, 'postgres') })
	await maintenance.connect()
	try {
		const exists = (await maintenance.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount
		if (exists && replace) {
			await maintenance.query(`DROP DATABASE ${maintenance.escapeIdentifier(name)} WITH (FORCE)`)
		} else if (exists && (await tableCount(databaseUrl)) > 0) {
			throw new Error(
				`The database "${name}" already has tables; restore into a new database, or pass --replace to drop "${name}" and restore in its place.`,
			)
		}
		if (!exists || replace) await maintenance.query(`CREATE DATABASE ${maintenance.escapeIdentifier(name)}`)
	} finally {
		await maintenance.end()
	}
	const pgRestore = await findPgTool('pg_restore', await serverMajorVersion(databaseUrl))
	await runPgTool(
		pgRestore,
		['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
		databaseUrl,
	)
	return { database: name, pgRestore }
}

async function tableCount(databaseUrl: string) {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		const { rows } = await client.query<{ count: string }>(
			"SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
		)
		return Number(rows[0]!.count)
	} finally {
		await client.end()
	}
}
