import { createHash, randomUUID } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { makeWorkerUtils } from 'graphile-worker'
import pg from 'pg'

const migrationsDir = path.resolve(import.meta.dirname, '../../prisma/migrations')
// The key `prisma migrate` itself locks on, so our runner and Prisma's exclude each other too.
const MIGRATION_ADVISORY_LOCK = 72707369

const createMigrationsTable = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

export type Migration = { name: string; sql: string; checksum: string }

export async function readMigrations(): Promise<Migration[]> {
	const entries = await readdir(migrationsDir, { withFileTypes: true })
	const names = entries
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()
	return Promise.all(
		names.map(async (name) => {
			const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8')
			// Prisma records the SHA-256 of the file, so `prisma migrate deploy` agrees with us.
			return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
		}),
	)
}

/**
 * Applies pending migrations, each in its own transaction, under the advisory
 * lock Prisma uses, so processes starting together cannot race. Returns the
 * names applied.
 */
export async function migrateDatabase(databaseUrl: string, log: (line: string) => void = () => {}) {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	const applied: string[] = []
	try {
		await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK])
		await client.query(createMigrationsTable)
		const { rows } = await client.query<{ migration_name: string; checksum: string }>(
			`SELECT migration_name, checksum FROM "_prisma_migrations"
			 WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
		)
		const done = new Map(rows.map((row) => [row.migration_name, row.checksum]))
		for (const migration of await readMigrations()) {
			const recorded = done.get(migration.name)
			if (recorded) {
				if (recorded !== migration.checksum) {
					log(`warning: migration ${migration.name} was edited after it was applied`)
				}
				continue
			}
			await client.query('BEGIN')
			try {
				await client.query(migration.sql)
				await client.query(
					`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
					 VALUES ($1, $2, $3, now(), now(), 1)`,
					[randomUUID(), migration.checksum, migration.name],
				)
				await client.query('COMMIT')
			} catch (error) {
				await client.query('ROLLBACK')
				throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`)
			}
			applied.push(migration.name)
			log(`applied migration ${migration.name}`)
		}
	} finally {
		await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK]).catch(() => {})
		await client.end()
	}
	// Graphile Worker's own schema too: models add jobs in SQL (sequence activation, queueables,
	// generation) before any worker may have started; every process migrates on start.
	const workerUtils = await makeWorkerUtils({ connectionString: databaseUrl })
	try {
		await workerUtils.migrate()
	} finally {
		await workerUtils.release()
	}
	return applied
}
