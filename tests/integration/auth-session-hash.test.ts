import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createCookie } from '@remix-run/node'
import { describe, expect, test } from 'vitest'
import { action as devSignIn } from '#app/routes/_auth+/auth.dev.tsx'
import { action as logout } from '#app/routes/_auth+/logout.tsx'
import { loader as authUserLoader } from '#app/routes/api+/v1+/auth.user.ts'
import { prisma } from '#app/utils/db.server.ts'
import { sessionIdOf } from '#app/utils/session-token.server.ts'
import { commitSessionToken, cookieSecrets } from '#app/utils/session.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// Decision 019: the cookie carries a token, the Session row only its SHA-256.

function getAuthUser(cookie?: string) {
	return callRoute(() =>
		authUserLoader({ request: makeRequest('/api/v1/auth/user', { cookie }), params: {}, context: {} }),
	)
}

/** The unsigned value the cookie carries (what a browser would send back, signed). */
async function tokenInCookie(cookie: string) {
	return (await createCookie('__session', { secrets: cookieSecrets() }).parse(cookie)) as string
}

async function cookieFor(token: string) {
	return (await commitSessionToken(token)).split(';')[0]!
}

describe('session ids stored as hashes', () => {
	test("a sign-in stores the hash of the cookie's token, not the token, and the cookie signs in", async () => {
		const { user } = await createSignedInUser()
		const response = await callRoute(() =>
			devSignIn({
				request: makeRequest('/auth/dev', { method: 'POST', form: { email: user.email } }),
				params: {},
				context: {},
			}),
		)
		expect(response.status).toBe(302)
		const cookie = response.headers
			.getSetCookie()
			.find((value) => value.startsWith('__session='))!
			.split(';')[0]!
		const token = await tokenInCookie(cookie)
		expect(Buffer.from(token, 'base64url')).toHaveLength(32)

		const stored = await prisma.session.findMany({ where: { userId: user.id }, select: { id: true } })
		const ids = stored.map((session) => session.id)
		expect(ids).toContain(sessionIdOf(token))
		expect(ids).not.toContain(token)
		expect(cookie).not.toContain(sessionIdOf(token))

		const me = await getAuthUser(cookie)
		expect(me.status).toBe(200)
		expect(me.body.user.email).toBe(user.email)
	})

	test('the stored id does not sign in: a leaked table is not a leaked session', async () => {
		const { session } = await createSignedInUser()
		expect((await getAuthUser(await cookieFor(session.id))).status).toBe(401)
		expect((await getAuthUser(await cookieFor(session.token))).status).toBe(200)
	})

	test('signing out revokes the row the token names', async () => {
		const { cookie, session } = await createSignedInUser()
		const response = await callRoute(() =>
			logout({ request: makeRequest('/logout', { method: 'POST', cookie }), params: {}, context: {} }),
		)
		expect(response.status).toBe(302)
		const row = await prisma.session.findUniqueOrThrow({ where: { id: sessionIdOf(session.token) } })
		expect(row.revokedAt).toBeInstanceOf(Date)
		expect((await getAuthUser(cookie)).status).toBe(401)
	})

	test('a cookie issued before the migration (its token is the old id) still signs in', async () => {
		const { user } = await createSignedInUser()
		const oldId = 'cm3oldsessionid0000000000'
		const expiresAt = new Date(Date.now() + 864e5)
		await prisma.session.create({ data: { id: oldId, userId: user.id, expiresAt } })
		const oldCookie = await cookieFor(oldId)
		// Before the migration the row holds the id as it was sent, which no longer signs in.
		expect((await getAuthUser(oldCookie)).status).toBe(401)

		// The migration itself, as `npm run db:migrate` applies it (this file's database is its own).
		const migration = await readFile(
			path.resolve(
				import.meta.dirname,
				'../../prisma/migrations/20261126110000_session_ids_as_hashes/migration.sql',
			),
			'utf8',
		)
		await prisma.$executeRawUnsafe(migration)

		expect(await prisma.session.count({ where: { id: oldId } })).toBe(0)
		const migrated = await prisma.session.findUniqueOrThrow({ where: { id: sessionIdOf(oldId) } })
		expect(migrated.expiresAt).toEqual(expiresAt)
		const me = await getAuthUser(oldCookie)
		expect(me.status).toBe(200)
		expect(me.body.user.email).toBe(user.email)
	})
})
