import { createHash } from 'node:crypto'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place the client is constructed
import { PrismaClient } from '#app/generated/prisma/client.ts'

declare global {
	// Survives Vite's module reloads in development, so one pool serves the process.
	var __prisma: PrismaClient | undefined
	var __sqlPool: pg.Pool | undefined
	var __lazySqlPool: pg.Pool | undefined
}

function createClient() {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) throw new Error('DATABASE_URL is not set')
	const adapter = new PrismaPg(
		{ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) },
		// A connection the server drops while idle (restart, failover, shutdown) must not crash the
		// process as an unhandled 'error' event; the pool opens a new one when it is next needed.
		{ onPoolError: warnConnectionLost, onConnectionError: warnConnectionLost },
	)
	return new PrismaClient({ adapter })
}

function warnConnectionLost(error: Error) {
	console.warn(`database connection lost: ${error.message}`)
}

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
	// Created on first use, so importing this module never needs a database.
	get(_target, property) {
		globalThis.__prisma ??= createClient()
		const value = Reflect.get(globalThis.__prisma, property)
		return typeof value === 'function' ? value.bind(globalThis.__prisma) : value
	},
})

export async function disconnectPrisma() {
	await globalThis.__prisma?.$disconnect()
	globalThis.__prisma = undefined
	await globalThis.__sqlPool?.end()
	globalThis.__sqlPool = undefined
	await globalThis.__lazySqlPool?.end()
	globalThis.__lazySqlPool = undefined
}

/** One round trip to the database (the healthcheck); throws when it does not answer. */
export async function pingDatabase() {
	await prisma.$queryRaw`SELECT 1`
}

// Prisma stores DateTime as `timestamp(3)` in UTC; read it back as UTC whatever the process zone.
const sqlTypes = {
	getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
		oid === pg.types.builtins.TIMESTAMP
			? (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
			: pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/**
 * Plain node-postgres for hot paths where Prisma's per-query cost dominates (the email
 * dispatcher runs a dozen statements per send). Sessions run in UTC; pass times as ISO strings.
 */
export function sqlPool(): pg.Pool {
	globalThis.__sqlPool ??= createSqlPool('-c TimeZone=UTC -c plan_cache_mode=force_generic_plan')
	return globalThis.__sqlPool
}

/**
 * The same, with commits that do not wait for the disk (`synchronous_commit = off`): for writes
 * a crash may lose without harm because they can be redone from elsewhere (decision 009).
 */
export function lazyCommitSqlPool(): pg.Pool {
	globalThis.__lazySqlPool ??= createSqlPool(
		'-c TimeZone=UTC -c synchronous_commit=off -c plan_cache_mode=force_generic_plan',
	)
	return globalThis.__lazySqlPool
}

function createSqlPool(options: string) {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) throw new Error('DATABASE_URL is not set')
	const pool = new pg.Pool({
		connectionString,
		max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
		options,
		types: sqlTypes,
	})
	pool.on('error', warnConnectionLost)
	return pool
}

/** Runs `work` in one transaction on one pooled connection; rolls back when it throws. */
export async function withSqlTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
	const client = await sqlPool().connect()
	// The pool stops listening to a client's errors while it is checked out; a connection dropped
	// between two statements would otherwise crash the process. A broken client is discarded.
	let broken: Error | undefined
	const onError = (error: Error) => {
		broken = error
		warnConnectionLost(error)
	}
	client.on('error', onError)
	try {
		await client.query('BEGIN')
		const result = await work(client)
		await client.query('COMMIT')
		return result
	} catch (error) {
		await client.query('ROLLBACK').catch(() => {})
		throw error
	} finally {
		client.off('error', onError)
		client.release(broken)
	}
}

const statementNames = new Map<string, string>()

/**
 * Runs `text` as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every call (the LinkedIn claims and reports run a few of these per action).
 */
export function queryPrepared<Row extends pg.QueryResultRow = pg.QueryResultRow>(
	client: pg.ClientBase,
	text: string,
	values: unknown[],
) {
	let name = statementNames.get(text)
	if (!name) {
		name = `prepared_${statementNames.size}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`
		statementNames.set(text, name)
	}
	return client.query<Row>({ name, text, values })
}
