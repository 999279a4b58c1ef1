import { databaseUrlFor, ensureDatabaseExists, startEmbeddedPostgres } from './embedded-postgres.ts'

export type ResolvedDatabase = { databaseUrl: string; embedded: boolean; stop: () => Promise<void> }

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under .data/ with a
 * `reachout` database. The one place that decides which database a command uses.
 */
export async function resolveDatabase(log: (line: string) => void = console.log): Promise<ResolvedDatabase> {
	const configured = process.env.DATABASE_URL
	if (configured) {
		await ensureDatabaseExists(configured)
		return { databaseUrl: configured, embedded: false, stop: async () => {} }
	}
	const postgres = await startEmbeddedPostgres('postgres', log)
	const databaseUrl = databaseUrlFor(postgres.serverUrl, 'reachout')
	await ensureDatabaseExists(databaseUrl)
	process.env.DATABASE_URL = databaseUrl
	return { databaseUrl, embedded: true, stop: postgres.stop }
}
