import type pg from 'pg'
import { type Prisma } from '#app/generated/prisma/client.ts'

/**
 * A statement runner over either client: Prisma inside model transactions, node-postgres on the
 * dispatcher's hot path. Both take `$1`-style parameters. Lets one piece of SQL (adding a job,
 * say) run in whichever transaction the caller holds.
 */
export type SqlRun = (text: string, values: unknown[]) => Promise<Array<Record<string, unknown>>>

export function prismaRun(client: Pick<Prisma.TransactionClient, '$queryRawUnsafe'>): SqlRun {
	return (text, values) => client.$queryRawUnsafe<Array<Record<string, unknown>>>(text, ...values)
}

export function pgRun(client: pg.ClientBase | pg.Pool): SqlRun {
	return async (text, values) => (await client.query(text, values)).rows
}
