import pg from 'pg'
import { databaseUrlFor, startEmbeddedPostgres } from '#scripts/database/embedded-postgres.ts'
import { migrateDatabase } from '#scripts/database/migrate.ts'

/**
 * The contacts benchmark's database (2,000,000 contacts, seeded once and kept): its own embedded
 * PostgreSQL under .data/postgres-bench, configured as a server for this data would be
 * (shared_buffers 1 GB: the contacts table and its indexes are about 1.2 GB), or BENCH_DATABASE_URL.
 * Shared by bench/contacts.ts and bench/leads.ts.
 */
export async function openContactsBenchDatabase() {
	const postgres = process.env.BENCH_DATABASE_URL
		? { serverUrl: process.env.BENCH_DATABASE_URL, stop: async () => {} }
		: await startEmbeddedPostgres('postgres-bench', (line) => console.log(line), {
				shared_buffers: '1GB',
				effective_cache_size: '4GB',
				work_mem: '16MB',
				maintenance_work_mem: '512MB',
				max_wal_size: '4GB',
				checkpoint_timeout: '30min',
				random_page_cost: '1.1',
			})
	const admin = new pg.Client({ connectionString: databaseUrlFor(postgres.serverUrl, 'postgres') })
	await admin.connect()
	const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'reachout_bench_contacts'`)
	if (!exists.rowCount) await admin.query(`CREATE DATABASE reachout_bench_contacts`)
	await admin.end()
	const databaseUrl = databaseUrlFor(postgres.serverUrl, 'reachout_bench_contacts')
	await migrateDatabase(databaseUrl)
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	return { postgres, client, databaseUrl }
}
