import pg from 'pg'
import { databaseUrlFor, startEmbeddedPostgres } from '#scripts/database/embedded-postgres.ts'

/** The server tests run on: DATABASE_URL's when set, else an embedded one under .data/postgres-test. */
/**
 * DATABASE_URL's server, else an embedded one under `.data/<name>`: Vitest, the reliability suite
 * (TEST_POSTGRES_NAME) and Playwright use their own (they run side by side in `npm test`, and each
 * stops its server when done).
 */
/**
 * The embedded PostgreSQL the Playwright server (tests/e2e/serve.ts) and its specs share. A second
 * Playwright run beside the first (npm test runs the axe sweep in the checks lane) names its own.
 */
export function e2ePostgresName() {
	return process.env.E2E_POSTGRES_NAME || 'postgres-e2e'
}

export async function startTestPostgres(name: string = process.env.TEST_POSTGRES_NAME || 'postgres-test') {
	const configured = process.env.DATABASE_URL
	if (configured) return { serverUrl: databaseUrlFor(configured, 'postgres'), stop: async () => {} }
	return startEmbeddedPostgres(name)
}

export async function recreateDatabase(serverUrl: string, name: string, template?: string) {
	const client = new pg.Client({ connectionString: databaseUrlFor(serverUrl, 'postgres') })
	await client.connect()
	try {
		await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)
		const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''
		await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${from}`)
	} finally {
		await client.end()
	}
	return databaseUrlFor(serverUrl, name)
}

export async function dropDatabasesOfRun(serverUrl: string, runId: string) {
	const client = new pg.Client({ connectionString: databaseUrlFor(serverUrl, 'postgres') })
	await client.connect()
	try {
		const { rows } = await client.query<{ datname: string }>(
			"SELECT datname FROM pg_database WHERE datname LIKE 'reachout\\_test\\_' || $1 || '\\_%'",
			[runId],
		)
		for (const row of rows)
			await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(row.datname)} WITH (FORCE)`)
	} finally {
		await client.end()
	}
}
