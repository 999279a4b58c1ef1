import { describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { decrypt } from '#app/utils/crypto.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'

// The LinkedIn connection: the companion's session for the signed-in user only, stored encrypted,
// and never sent back to any client.

const send = setupApiRouter()
const PATH = '/api/v1/linkedin/auth-status'
const COOKIE = 'li_at=AQEDAS3cr3tSessionCookie'
const CSRF = 'ajax:8127364512873645'

function connectBody(overrides: Record<string, unknown> = {}) {
	return {
		isAuthenticated: true,
		linkedInAuthData: {
			cookie: COOKIE,
			csrfToken: CSRF,
			userDetails: { publicIdentifier: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' },
		},
		linkedinOrgConsent: true,
		...overrides,
	}
}

function expectNoSecrets(text: string) {
	expect(text).not.toContain('AQEDAS3cr3tSessionCookie')
	expect(text).not.toContain(CSRF)
}

describe('POST /api/v1/linkedin/auth-status', () => {
	test('401 without a session; 405 for other methods', async () => {
		expectApiError(await send('POST', PATH, { json: connectBody() }), 401)
		expectApiError(await send('GET', PATH), 401)
		const { cookie } = await createSignedInUser()
		expectApiError(await send('PUT', PATH, { cookie, json: connectBody() }), 405)
	})

	test('stores the session encrypted, the profile and username, and answers without secrets', async () => {
		const { user, cookie } = await createSignedInUser()
		const before = Date.now()
		const result = await send('POST', PATH, { cookie, json: connectBody() })
		expect(result.status, result.text).toBe(200)
		expect(result.json).toEqual({
			isAuthenticated: true,
			userDetails: { publicIdentifier: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' },
			linkedinOrgConsent: true,
		})
		expectNoSecrets(result.text)

		const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(stored.linkedinAuthEncrypted).toBeTruthy()
		expectNoSecrets(stored.linkedinAuthEncrypted!)
		expect(JSON.parse(decrypt(stored.linkedinAuthEncrypted!))).toEqual({ cookie: COOKIE, csrfToken: CSRF })
		expect(stored.linkedinUsername).toBe('ada-lovelace')
		expect(stored.linkedinOrgConsent).toBe(true)
		expect(stored.linkedinConnectedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)

		const status = await send('GET', PATH, { cookie })
		expect(status.status).toBe(200)
		expect(status.json).toEqual(result.json)
		expectNoSecrets(status.text)

		// The session user says connected, without the secrets either.
		const session = await send('GET', '/api/v1/auth/user', { cookie })
		expect(session.json.user).toMatchObject({
			linkedinConnected: true,
			linkedinUsername: 'ada-lovelace',
			linkedinOrgConsent: true,
		})
		expectNoSecrets(session.text)
		expect(session.text).not.toContain('linkedinAuthEncrypted')
	})

	test('isAuthenticated false disconnects: secrets, profile, username and consent cleared', async () => {
		const { user, cookie } = await createSignedInUser()
		await send('POST', PATH, { cookie, json: connectBody() })
		const result = await send('POST', PATH, { cookie, json: { isAuthenticated: false } })
		expect(result.status).toBe(200)
		expect(result.json).toEqual({ isAuthenticated: false, userDetails: null, linkedinOrgConsent: false })
		const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(stored).toMatchObject({
			linkedinAuthEncrypted: null,
			linkedinConnectedAt: null,
			linkedinProfile: null,
			linkedinUsername: null,
			linkedinOrgConsent: false,
		})
		const session = await send('GET', '/api/v1/auth/user', { cookie })
		expect(session.json.user.linkedinConnected).toBe(false)
	})

	test('a fresh user is not connected', async () => {
		const { cookie } = await createSignedInUser()
		const status = await send('GET', PATH, { cookie })
		expect(status.json).toEqual({ isAuthenticated: false, userDetails: null, linkedinOrgConsent: false })
		expect((await send('GET', '/api/v1/auth/user', { cookie })).json.user.linkedinConnected).toBe(false)
	})

	test('400 for incomplete or malformed bodies, and nothing is stored', async () => {
		const { user, cookie } = await createSignedInUser()
		const incomplete = [
			{ isAuthenticated: true },
			{ isAuthenticated: true, linkedInAuthData: { cookie: COOKIE } },
			{ isAuthenticated: true, linkedInAuthData: { csrfToken: CSRF } },
			{ isAuthenticated: true, linkedInAuthData: { cookie: '', csrfToken: CSRF } },
		]
		for (const json of incomplete) {
			expectApiError(
				await send('POST', PATH, { cookie, json }),
				400,
				'Incomplete authentication data received',
			)
		}
		expectApiError(await send('POST', PATH, { cookie, json: {} }), 400)
		expectApiError(await send('POST', PATH, { cookie, json: { isAuthenticated: 'true' } }), 400)
		expectApiError(await send('POST', PATH, { cookie, body: '{not json' }), 400)
		expectApiError(
			await send('POST', PATH, { cookie, json: connectBody({ linkedinOrgConsent: 'yes' }) }),
			400,
		)
		const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(stored.linkedinAuthEncrypted).toBeNull()
		expect(stored.linkedinConnectedAt).toBeNull()
	})

	test("another user's connection, in the same or another organization, is never returned or changed", async () => {
		const owner = await createSignedInUser({ role: 'OWNER' })
		const teammate = await createSignedInUser({ role: 'MEMBER', organizationId: owner.organization.id })
		const stranger = await createSignedInUser()
		await send('POST', PATH, { cookie: owner.cookie, json: connectBody() })

		for (const other of [teammate, stranger]) {
			const status = await send('GET', PATH, { cookie: other.cookie })
			expect(status.json).toEqual({ isAuthenticated: false, userDetails: null, linkedinOrgConsent: false })
			expect(
				(await send('GET', '/api/v1/auth/user', { cookie: other.cookie })).json.user.linkedinConnected,
			).toBe(false)
		}

		// A disconnect by someone else touches only their own row.
		await send('POST', PATH, { cookie: stranger.cookie, json: { isAuthenticated: false } })
		await send('POST', PATH, { cookie: teammate.cookie, json: { isAuthenticated: false } })
		const stillConnected = await send('GET', PATH, { cookie: owner.cookie })
		expect(stillConnected.json.isAuthenticated).toBe(true)
		const ownerRow = await prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } })
		expect(ownerRow.linkedinAuthEncrypted).not.toBeNull()
	})

	test('reconnecting replaces the session; a profile without an identifier keeps the username', async () => {
		const { user, cookie } = await createSignedInUser()
		await send('POST', PATH, { cookie, json: connectBody() })
		const result = await send('POST', PATH, {
			cookie,
			json: {
				isAuthenticated: true,
				linkedInAuthData: { cookie: 'li_at=second', csrfToken: 'ajax:2', userDetails: { firstName: 'Ada' } },
			},
		})
		expect(result.json).toEqual({
			isAuthenticated: true,
			userDetails: { firstName: 'Ada' },
			linkedinOrgConsent: false,
		})
		const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
		expect(JSON.parse(decrypt(stored.linkedinAuthEncrypted!))).toEqual({
			cookie: 'li_at=second',
			csrfToken: 'ajax:2',
		})
		expect(stored.linkedinUsername).toBe('ada-lovelace')
	})
})
