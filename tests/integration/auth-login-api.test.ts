import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import { decrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { action as loginAction, loader as loginLoader } from '#app/routes/api+/v1+/auth.login.ts'
import { loader as authUserLoader } from '#app/routes/api+/v1+/auth.user.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import {
	exchangedGrant,
	fakeGoogleUser,
	IDENTITY_ONLY_SCOPE,
	issueGoogleCode,
	tokenRequests,
	setupFakeGoogle,
} from '#tests/fakes/google-oauth.ts'

const server = setupFakeGoogle()

function postLogin(json: unknown, cookie?: string) {
	return callRoute(() =>
		loginAction({
			request: makeRequest('/api/v1/auth/login', { method: 'POST', json, cookie }),
			params: {},
			context: {},
		}),
	)
}

describe('POST /api/v1/auth/login', () => {
	test('trades the popup code for tokens, signs in, sets the cookie and returns the session', async () => {
		const googleUser = fakeGoogleUser({ name: 'Grace Hopper' })
		const code = issueGoogleCode(googleUser)
		const response = await postLogin({ code })

		expect(tokenRequests).toHaveLength(1)
		expect(tokenRequests[0]!.get('code')).toBe(code)
		// Codes from Google's popup code client are issued for this redirect URI.
		expect(tokenRequests[0]!.get('redirect_uri')).toBe('postmessage')

		expect(response.status).toBe(200)
		const user = await prisma.user.findUniqueOrThrow({
			where: { email: googleUser.email },
			include: { googleAccount: true, memberships: true },
		})
		expect(response.body).toEqual({
			id: expect.any(String),
			user: {
				id: user.id,
				name: 'Grace Hopper',
				email: googleUser.email,
				featureFlags: [],
				shouldResetGmailScope: false,
				linkedinUsername: null,
				linkedinOrgConsent: false,
				linkedinConnected: false,
			},
		})
		expect(user.memberships).toEqual([expect.objectContaining({ role: 'OWNER' })])

		const grant = exchangedGrant(code)!
		expect(user.googleAccount!.googleId).toBe(googleUser.sub)
		expect(user.googleAccount!.accessTokenEncrypted).not.toContain(grant.accessToken)
		expect(decrypt(user.googleAccount!.accessTokenEncrypted)).toBe(grant.accessToken)
		expect(decrypt(user.googleAccount!.refreshTokenEncrypted!)).toBe(grant.refreshToken)
		expect(user.googleAccount!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000)

		const cookie = response.headers
			.getSetCookie()
			.find((value) => value.startsWith('__session='))!
			.split(';')[0]
		const me = await callRoute(() =>
			authUserLoader({ request: makeRequest('/api/v1/auth/user', { cookie }), params: {}, context: {} }),
		)
		expect(me.status).toBe(200)
		expect(me.body.id).toBe(response.body.id)
	})

	test('flags the user when Gmail scopes were not granted', async () => {
		const googleUser = fakeGoogleUser()
		const response = await postLogin({ code: issueGoogleCode(googleUser, { scope: IDENTITY_ONLY_SCOPE }) })
		expect(response.status).toBe(200)
		expect(response.body.user.shouldResetGmailScope).toBe(true)
	})

	test('an invited email joins the inviting organization', async () => {
		const { organization } = await createSignedInUser()
		const googleUser = fakeGoogleUser()
		const invite = await prisma.invite.create({
			data: { email: googleUser.email, role: 'MEMBER', organizationId: organization.id },
		})
		const response = await postLogin({ code: issueGoogleCode(googleUser) })
		expect(response.status).toBe(200)
		const membership = await prisma.membership.findFirstOrThrow({ where: { userId: response.body.user.id } })
		expect(membership).toMatchObject({ organizationId: organization.id, role: 'MEMBER' })
		expect((await prisma.invite.findUniqueOrThrow({ where: { id: invite.id } })).acceptedAt).toBeInstanceOf(
			Date,
		)
	})

	test('400 without a code', async () => {
		const missing = await postLogin({})
		expect(missing.status).toBe(400)
		expect(missing.body).toEqual({ error: 'validation_error', message: 'code is required' })
		expect((await postLogin({ code: '  ' })).status).toBe(400)
		expect(tokenRequests).toHaveLength(0)
	})

	test('401 google_auth_failed when Google rejects the code, and nobody is signed in', async () => {
		const response = await postLogin({ code: '4/not-issued' })
		expect(response.status).toBe(401)
		expect(response.body).toEqual({ error: 'google_auth_failed', message: expect.any(String) })
		expect(response.headers.get('Set-Cookie')).toBeNull()
		expect(tokenRequests).toHaveLength(1)

		// A code works once.
		const code = issueGoogleCode(fakeGoogleUser())
		expect((await postLogin({ code })).status).toBe(200)
		expect((await postLogin({ code })).status).toBe(401)
	})

	test('401 when Google will not tell us who it is, or the email is unverified', async () => {
		server.use(
			http.get('https://www.googleapis.com/oauth2/v2/userinfo', () =>
				HttpResponse.json({ error: 'invalid_token' }, { status: 401 }),
			),
		)
		expect((await postLogin({ code: issueGoogleCode(fakeGoogleUser()) })).status).toBe(401)
		server.resetHandlers()

		const unverified = fakeGoogleUser({ emailVerified: false })
		const response = await postLogin({ code: issueGoogleCode(unverified) })
		expect(response.status).toBe(401)
		expect(await prisma.user.count({ where: { email: unverified.email } })).toBe(0)
	})

	test('502 when Google is unavailable', async () => {
		server.use(http.post('https://oauth2.googleapis.com/token', () => HttpResponse.error()))
		const response = await postLogin({ code: issueGoogleCode(fakeGoogleUser()) })
		expect(response.status).toBe(502)
		expect(response.body.error).toBe('google_unavailable')
	})

	test('GET is not allowed', async () => {
		const response = await callRoute(() => loginLoader())
		expect(response.status).toBe(405)
	})
})
