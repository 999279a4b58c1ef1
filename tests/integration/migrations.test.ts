import pg from 'pg'
import { expect, test } from 'vitest'
import { migrateDatabase, readMigrations } from '#scripts/database/migrate.ts'

test('migrations are recorded as prisma migrate deploy records them, and re-running is a no-op', async () => {
	const url = process.env.DATABASE_URL!
	expect(await migrateDatabase(url)).toEqual([])
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	const { rows } = await client.query(
		'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
	)
	await client.end()
	const migrations = await readMigrations()
	expect(rows.map((row) => [row.migration_name, row.checksum])).toEqual(
		migrations.map((migration) => [migration.name, migration.checksum]),
	)
	expect(rows.every((row) => row.finished_at && row.applied_steps_count === 1)).toBe(true)
})

test('two processes migrating at once do not race', async () => {
	const { recreateDatabase } = await import('#tests/setup/test-database.ts')
	const { inject } = await import('vitest')
	const url = await recreateDatabase(
		inject('testServerUrl'),
		`reachout_test_${inject('testRunId')}_race_${process.env.VITEST_POOL_ID ?? 0}`,
	)
	const [first, second] = await Promise.all([migrateDatabase(url), migrateDatabase(url)])
	expect([...first, ...second]).toEqual((await readMigrations()).map((migration) => migration.name))
})
