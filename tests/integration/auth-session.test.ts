import { Logger, makeWorkerUtils, runOnce } from 'graphile-worker'
import { afterEach, describe, expect, test } from 'vitest'
import { requireActor } from '#app/models/session/auth.server.ts'
import { action as devSignIn, loader as devSignInLoader } from '#app/routes/_auth+/auth.dev.tsx'
import { action as logout } from '#app/routes/_auth+/logout.tsx'
import { loader as authUserLoader } from '#app/routes/api+/v1+/auth.user.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { taskList } from '#jobs/task-list.ts'
import { cleanupExpiredSessions } from '#jobs/tasks/auth/cleanup-expired-sessions.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

const silentLogger = new Logger(() => () => {})

function getAuthUser(cookie?: string) {
	return callRoute(() =>
		authUserLoader({ request: makeRequest('/api/v1/auth/user', { cookie }), params: {}, context: {} }),
	)
}

function sessionCookieOf(headers: Headers) {
	const setCookie = headers.getSetCookie().find((value) => value.startsWith('__session='))
	return setCookie?.split(';')[0]
}

describe('GET /api/v1/auth/user', () => {
	test("returns the session in the spec's shape", async () => {
		const { user, session, cookie } = await createSignedInUser()
		await prisma.user.update({
			where: { id: user.id },
			data: { linkedinUsername: 'ada-l', shouldResetGmailScope: true },
		})
		await prisma.featureFlag.createMany({
			data: [
				{ userId: user.id, key: 'linkedin_steps', value: 'true' },
				{ userId: user.id, key: 'ai_model', value: 'fast' },
			],
		})
		const response = await getAuthUser(cookie)
		expect(response.status).toBe(200)
		expect(response.body).toEqual({
			id: session.id,
			user: {
				id: user.id,
				name: user.name,
				email: user.email,
				featureFlags: [
					{ key: 'ai_model', value: 'fast' },
					{ key: 'linkedin_steps', value: 'true' },
				],
				shouldResetGmailScope: true,
				linkedinUsername: 'ada-l',
				linkedinOrgConsent: false,
				linkedinConnected: false,
			},
		})
	})

	test('401 without a session, with a tampered cookie, and for expired or revoked sessions', async () => {
		const missing = await getAuthUser()
		expect(missing.status).toBe(401)
		expect(missing.body).toEqual({ error: 'unauthorized', message: expect.any(String) })

		const { cookie, session } = await createSignedInUser()
		const tampered = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
		expect((await getAuthUser(tampered)).status).toBe(401)

		await prisma.session.update({
			where: { id: session.id },
			data: { expiresAt: new Date(Date.now() - 1000) },
		})
		expect((await getAuthUser(cookie)).status).toBe(401)

		const other = await createSignedInUser()
		await prisma.session.update({ where: { id: other.session.id }, data: { revokedAt: new Date() } })
		expect((await getAuthUser(other.cookie)).status).toBe(401)
	})

	test('UI routes send expired sessions to /login and clear the cookie', async () => {
		const { cookie, session } = await createSignedInUser()
		await prisma.session.update({
			where: { id: session.id },
			data: { expiresAt: new Date(Date.now() - 1000) },
		})
		const response = await callRoute(() => requireActor(makeRequest('/contacts?tag=a', { cookie })))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(
			`/login?redirectTo=${encodeURIComponent('/contacts?tag=a')}`,
		)
		expect(response.headers.get('Set-Cookie')).toMatch(/^__session=;/)
	})
})

describe('POST /logout', () => {
	test('revokes the session and clears the cookie', async () => {
		const { cookie, session } = await createSignedInUser()
		const response = await callRoute(() =>
			logout({ request: makeRequest('/logout', { method: 'POST', cookie }), params: {}, context: {} }),
		)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/login')
		expect(response.headers.get('Set-Cookie')).toMatch(/^__session=;/)
		const revoked = await prisma.session.findUniqueOrThrow({ where: { id: session.id } })
		expect(revoked.revokedAt).toBeInstanceOf(Date)
		// The old cookie is worthless now, even if a copy survives somewhere.
		expect((await getAuthUser(cookie)).status).toBe(401)
	})
})

describe('POST /auth/dev', () => {
	const original = { NODE_ENV: process.env.NODE_ENV, DEV_LOGIN: process.env.DEV_LOGIN }
	afterEach(() => {
		process.env.NODE_ENV = original.NODE_ENV
		if (original.DEV_LOGIN === undefined) delete process.env.DEV_LOGIN
		else process.env.DEV_LOGIN = original.DEV_LOGIN
		resetEnvCache()
	})

	function postDevSignIn(form: Record<string, string>, cookie?: string) {
		return callRoute(() =>
			devSignIn({
				request: makeRequest('/auth/dev', { method: 'POST', form, cookie }),
				params: {},
				context: {},
			}),
		)
	}

	test('signs a new email in with its own organization and honours a safe redirectTo', async () => {
		const email = `dev-${Date.now()}@example.com`
		const response = await postDevSignIn({ email: `  ${email.toUpperCase()} `, redirectTo: '/lists' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/lists')
		const cookie = sessionCookieOf(response.headers)!
		const me = await getAuthUser(cookie)
		expect(me.body.user.email).toBe(email)
		const membership = await prisma.membership.findFirstOrThrow({ where: { user: { email } } })
		expect(membership.role).toBe('OWNER')

		const offsite = await postDevSignIn({ email, redirectTo: '//evil.example' })
		expect(offsite.headers.get('Location')).toBe('/contacts')
	})

	test('an invalid email goes back to /login with its message code', async () => {
		const response = await postDevSignIn({ email: 'not-an-email', redirectTo: '/lists' })
		expect(response.status).toBe(303)
		expect(response.headers.get('Location')).toBe('/login?error=invalid_email&redirectTo=%2Flists')
		const page = await callRoute(() => devSignInLoader())
		expect(page.headers.get('Location')).toBe('/login')
	})

	test('signing in again revokes the previous session of that browser', async () => {
		const { cookie, session, user } = await createSignedInUser()
		const response = await postDevSignIn({ email: user.email }, cookie)
		expect(response.status).toBe(302)
		expect((await prisma.session.findUniqueOrThrow({ where: { id: session.id } })).revokedAt).toBeInstanceOf(
			Date,
		)
	})

	test('is refused in production unless DEV_LOGIN=true', async () => {
		process.env.NODE_ENV = 'production'
		delete process.env.DEV_LOGIN
		resetEnvCache()
		const refused = await postDevSignIn({ email: 'prod@example.com' })
		expect(refused.status).toBe(403)
		expect(refused.body).toEqual({ error: 'forbidden', message: 'Development sign-in is disabled' })
		expect(await prisma.user.count({ where: { email: 'prod@example.com' } })).toBe(0)

		process.env.DEV_LOGIN = 'true'
		resetEnvCache()
		const allowed = await postDevSignIn({ email: 'prod@example.com' })
		expect(allowed.status).toBe(302)
		expect(sessionCookieOf(allowed.headers)).toMatch(/^__session=.+/)
		// In production the address is not treated as verified (no platform-admin rights by email alone).
		const user = await prisma.user.findUniqueOrThrow({ where: { email: 'prod@example.com' } })
		expect(user.emailVerified).toBe(false)
	})
})

describe('cleanup_expired_sessions', () => {
	test('is registered for the crontab and deletes expired and long-revoked sessions only', async () => {
		expect(taskList.cleanup_expired_sessions).toBe(cleanupExpiredSessions)
		const { user, session: live } = await createSignedInUser()
		const day = 864e5
		const expired = await prisma.session.create({
			data: { id: 'expired', userId: user.id, expiresAt: new Date(Date.now() - day) },
		})
		const longRevoked = await prisma.session.create({
			data: {
				id: 'long-revoked',
				userId: user.id,
				expiresAt: new Date(Date.now() + day),
				revokedAt: new Date(Date.now() - 8 * day),
			},
		})
		const recentlyRevoked = await prisma.session.create({
			data: {
				id: 'recently-revoked',
				userId: user.id,
				expiresAt: new Date(Date.now() + day),
				revokedAt: new Date(Date.now() - day),
			},
		})

		// Through Graphile Worker itself, as the cron would run it.
		const connectionString = process.env.DATABASE_URL!
		const utils = await makeWorkerUtils({ connectionString })
		try {
			await utils.migrate()
			await utils.addJob('cleanup_expired_sessions', {
				_cron: { ts: new Date().toISOString(), backfilled: false },
			})
		} finally {
			await utils.release()
		}
		await runOnce({ connectionString, taskList, logger: silentLogger })
		const failed = await prisma.$queryRaw<Array<{ count: bigint }>>`SELECT count(*) FROM graphile_worker.jobs`
		expect(Number(failed[0]!.count)).toBe(0)

		const remaining = await prisma.session.findMany({ where: { userId: user.id }, select: { id: true } })
		expect(remaining.map((session) => session.id).sort()).toEqual([live.id, recentlyRevoked.id].sort())
		expect(remaining.map((session) => session.id)).not.toContain(expired.id)
		expect(remaining.map((session) => session.id)).not.toContain(longRevoked.id)
	})
})
