import { expect, test } from 'vitest'
import { prisma, withSqlTransaction } from '#app/utils/db.server.ts'

test('a connection dropped in the middle of a transaction fails that transaction, not the process', async () => {
	const attempt = withSqlTransaction(async (client) => {
		const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
		// Another session ends this one while it waits between statements (a restart, a failover).
		await prisma.$queryRaw`SELECT pg_terminate_backend(${rows[0]!.pid}::int)`
		await new Promise((resolve) => setTimeout(resolve, 200))
		return 'committed'
	})
	await expect(attempt).rejects.toThrow()
	// The pool hands out a working connection afterwards.
	expect(await withSqlTransaction(async (client) => (await client.query('SELECT 1 AS one')).rows[0])).toEqual(
		{
			one: 1,
		},
	)
})
