import { describe, expect, test } from 'vitest'
import { decrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { action as startAction, loader as startLoader } from '#app/routes/_auth+/auth.google.tsx'
import { loader as callbackLoader } from '#app/routes/_auth+/auth.google.callback.tsx'
import { loader as loginLoader } from '#app/routes/_auth+/login.tsx'
import { loader as authUserLoader } from '#app/routes/api+/v1+/auth.user.ts'
import { callRoute, createSignedInUser, makeRequest, TEST_ORIGIN } from '#tests/db-utils.ts'
import {
	exchangedGrant,
	fakeGoogleUser,
	GOOGLE_CLIENT_ID,
	IDENTITY_ONLY_SCOPE,
	issueGoogleCode,
	tokenRequests,
	setupFakeGoogle,
	type FakeGoogleUser,
} from '#tests/fakes/google-oauth.ts'

const CLIENT_ID = GOOGLE_CLIENT_ID
setupFakeGoogle({ APP_URL: TEST_ORIGIN })

/** `name=value` pairs of a response's Set-Cookie headers, as the browser would send them back. */
function cookiesFrom(headers: Headers, previous = '') {
	const jar = new Map(
		previous
			.split('; ')
			.filter(Boolean)
			.map((pair) => [pair.split('=')[0]!, pair] as const),
	)
	for (const setCookie of headers.getSetCookie()) {
		const pair = setCookie.split(';')[0]!
		const name = pair.split('=')[0]!
		const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie)
		if (expired || pair.endsWith('=')) jar.delete(name)
		else jar.set(name, pair)
	}
	return [...jar.values()].join('; ')
}

async function startGoogleSignIn({ redirectTo, cookie }: { redirectTo?: string; cookie?: string } = {}) {
	const request = makeRequest('/auth/google', {
		method: 'POST',
		form: redirectTo ? { redirectTo } : {},
		cookie,
	})
	const response = await callRoute(() => startAction({ request, params: {}, context: {} }))
	expect(response.status).toBe(302)
	const location = new URL(response.headers.get('Location')!)
	return {
		location,
		state: location.searchParams.get('state')!,
		cookie: cookiesFrom(response.headers, cookie),
	}
}

async function googleCallback(query: Record<string, string>, cookie: string) {
	const request = makeRequest(`/auth/google/callback?${new URLSearchParams(query)}`, { cookie })
	return callRoute(() => callbackLoader({ request, params: {}, context: {} }))
}

/** The whole redirect round trip for a Google user who consents. */
async function signInThroughGoogle(
	user: FakeGoogleUser,
	options: Parameters<typeof issueGoogleCode>[1] & { redirectTo?: string } = {},
) {
	const started = await startGoogleSignIn({ redirectTo: options.redirectTo })
	const code = issueGoogleCode(user, options)
	const response = await googleCallback({ code, state: started.state }, started.cookie)
	return { response, code, cookie: cookiesFrom(response.headers, started.cookie) }
}

describe('GET/POST /auth/google', () => {
	test('redirects to Google with our scopes, offline access, consent and a state kept in a cookie', async () => {
		const { location, state, cookie } = await startGoogleSignIn()
		expect(`${location.origin}${location.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth')
		const params = location.searchParams
		expect(params.get('client_id')).toBe(CLIENT_ID)
		expect(params.get('response_type')).toBe('code')
		expect(params.get('redirect_uri')).toBe(`${TEST_ORIGIN}/auth/google/callback`)
		expect(params.get('access_type')).toBe('offline')
		expect(params.get('prompt')).toBe('consent')
		expect(params.get('scope')!.split(' ')).toEqual([
			'openid',
			'email',
			'profile',
			'https://www.googleapis.com/auth/gmail.readonly',
			'https://www.googleapis.com/auth/gmail.send',
		])
		expect(state).toMatch(/^[0-9a-f-]{36}$/)
		expect(cookie).toContain('__google_oauth=')
	})

	test('GET works too (a plain link)', async () => {
		const request = makeRequest('/auth/google')
		const response = await callRoute(() => startLoader({ request, params: {}, context: {} }))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toMatch(/^https:\/\/accounts\.google\.com\//)
	})

	test('without Google credentials it returns to /login', async () => {
		delete process.env.GOOGLE_CLIENT_ID
		resetEnvCache()
		try {
			const request = makeRequest('/auth/google', { method: 'POST', form: {} })
			const response = await callRoute(() => startAction({ request, params: {}, context: {} }))
			expect(response.status).toBe(302)
			expect(response.headers.get('Location')).toBe('/login?error=not_configured')
		} finally {
			process.env.GOOGLE_CLIENT_ID = CLIENT_ID
			resetEnvCache()
		}
	})
})

describe('GET /auth/google/callback', () => {
	test('the first sign-in creates the user and their organization, stores the tokens encrypted and signs in', async () => {
		const googleUser = fakeGoogleUser({ name: 'Ada Lovelace' })
		const { response, code, cookie } = await signInThroughGoogle(googleUser)

		// Our server exchanged exactly that code, for the callback URL it sent the user to.
		expect(tokenRequests).toHaveLength(1)
		expect(tokenRequests[0]!.get('code')).toBe(code)
		expect(tokenRequests[0]!.get('redirect_uri')).toBe(`${TEST_ORIGIN}/auth/google/callback`)
		expect(tokenRequests[0]!.get('client_id')).toBe(CLIENT_ID)
		const grant = exchangedGrant(code)!

		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/contacts')
		const setCookies = response.headers.getSetCookie().join('\n')
		expect(setCookies).toMatch(/__session=[^;]+/)
		expect(setCookies).toContain('en_toast=')
		expect(cookie).not.toContain('__google_oauth=')

		const user = await prisma.user.findUniqueOrThrow({
			where: { email: googleUser.email },
			include: { memberships: { include: { organization: true } }, googleAccount: true },
		})
		expect(user.name).toBe('Ada Lovelace')
		expect(user.emailVerified).toBe(true)
		expect(user.avatarUrl).toBe(googleUser.picture)
		expect(user.shouldResetGmailScope).toBe(false)
		expect(user.memberships).toHaveLength(1)
		expect(user.memberships[0]!.role).toBe('OWNER')
		expect(user.memberships[0]!.organization.name).toBe("Ada Lovelace's organization")

		const account = user.googleAccount!
		expect(account.googleId).toBe(googleUser.sub)
		expect(account.email).toBe(googleUser.email)
		expect(account.scope).toBe(grant.scope)
		expect(account.accessTokenEncrypted).not.toContain(grant.accessToken)
		expect(account.refreshTokenEncrypted).not.toContain(grant.refreshToken)
		expect(decrypt(account.accessTokenEncrypted)).toBe(grant.accessToken)
		expect(decrypt(account.refreshTokenEncrypted!)).toBe(grant.refreshToken)
		const expiresInMs = account.accessTokenExpiresAt!.getTime() - Date.now()
		expect(expiresInMs).toBeGreaterThan(3500_000)
		expect(expiresInMs).toBeLessThanOrEqual(3600_000)

		// The cookie is a live session.
		const me = await callRoute(() =>
			authUserLoader({ request: makeRequest('/api/v1/auth/user', { cookie }), params: {}, context: {} }),
		)
		expect(me.status).toBe(200)
		expect(me.body.user).toMatchObject({
			id: user.id,
			email: googleUser.email,
			name: 'Ada Lovelace',
			shouldResetGmailScope: false,
		})
	})

	test('returns to the page the user came from', async () => {
		const { response } = await signInThroughGoogle(fakeGoogleUser(), { redirectTo: '/sequences?tab=active' })
		expect(response.headers.get('Location')).toBe('/sequences?tab=active')
	})

	test('an invited email joins the inviting organization and the invite is accepted', async () => {
		const { organization, user: inviter } = await createSignedInUser({ role: 'OWNER' })
		const googleUser = fakeGoogleUser()
		const invite = await prisma.invite.create({
			data: {
				email: googleUser.email,
				role: 'ADMIN',
				organizationId: organization.id,
				invitedById: inviter.id,
			},
		})
		const organizationsBefore = await prisma.organization.count()

		const { response } = await signInThroughGoogle(googleUser)
		expect(response.status).toBe(302)

		const user = await prisma.user.findUniqueOrThrow({
			where: { email: googleUser.email },
			include: { memberships: true },
		})
		expect(user.memberships).toEqual([
			expect.objectContaining({ organizationId: organization.id, role: 'ADMIN' }),
		])
		expect(await prisma.organization.count()).toBe(organizationsBefore)
		const accepted = await prisma.invite.findUniqueOrThrow({ where: { id: invite.id } })
		expect(accepted.acceptedAt).toBeInstanceOf(Date)
	})

	test('without the Gmail scopes the user is flagged; granting them later clears the flag and keeps the refresh token', async () => {
		const googleUser = fakeGoogleUser()
		const first = await signInThroughGoogle(googleUser, { scope: IDENTITY_ONLY_SCOPE })
		const firstRefresh = exchangedGrant(first.code)!.refreshToken
		let user = await prisma.user.findUniqueOrThrow({
			where: { email: googleUser.email },
			include: { googleAccount: true },
		})
		expect(user.shouldResetGmailScope).toBe(true)
		expect(user.googleAccount!.scope).toBe(IDENTITY_ONLY_SCOPE)

		// Google sends no refresh token when it already issued one; ours must survive.
		await signInThroughGoogle(googleUser, { refreshToken: null })
		user = await prisma.user.findUniqueOrThrow({
			where: { email: googleUser.email },
			include: { googleAccount: true },
		})
		expect(user.shouldResetGmailScope).toBe(false)
		expect(decrypt(user.googleAccount!.refreshTokenEncrypted!)).toBe(firstRefresh)
		expect(await prisma.user.count({ where: { email: googleUser.email } })).toBe(1)
		expect(await prisma.membership.count({ where: { userId: user.id } })).toBe(1)
	})

	test('the Google id wins over a changed email address', async () => {
		const googleUser = fakeGoogleUser()
		await signInThroughGoogle(googleUser)
		const renamed = { ...googleUser, email: `renamed-${googleUser.email}` }
		await signInThroughGoogle(renamed)
		expect(await prisma.user.count({ where: { email: renamed.email } })).toBe(0)
		const account = await prisma.googleAccount.findUniqueOrThrow({
			where: { googleId: googleUser.sub },
			include: { user: true },
		})
		expect(account.user.email).toBe(googleUser.email)
		expect(account.email).toBe(renamed.email)
	})

	test('signing in again ends the session the browser had', async () => {
		const { session, cookie, user } = await createSignedInUser()
		const googleUser = fakeGoogleUser({ email: user.email })
		const started = await startGoogleSignIn({ cookie })
		const response = await googleCallback(
			{ code: issueGoogleCode(googleUser), state: started.state },
			started.cookie,
		)
		expect(response.status).toBe(302)
		const previous = await prisma.session.findUniqueOrThrow({ where: { id: session.id } })
		expect(previous.revokedAt).toBeInstanceOf(Date)
	})

	test('access_denied (the user closed the consent screen) shows its message on /login', async () => {
		const started = await startGoogleSignIn()
		const response = await googleCallback({ error: 'access_denied', state: started.state }, started.cookie)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/login?error=access_denied')
		expect(response.headers.getSetCookie().join('\n')).not.toMatch(/__session=[^;]/)
		expect(tokenRequests).toHaveLength(0)

		const login = await callRoute(() =>
			loginLoader({ request: makeRequest('/login?error=access_denied'), params: {}, context: {} }),
		)
		expect(login.body.error.message).toBe('You closed the popup before completing the sign in process')
	})

	test('another error from Google shows the unknown-error message', async () => {
		const started = await startGoogleSignIn()
		const response = await googleCallback({ error: 'server_error', state: started.state }, started.cookie)
		expect(response.headers.get('Location')).toBe('/login?error=google')
		const login = await callRoute(() =>
			loginLoader({ request: makeRequest('/login?error=google'), params: {}, context: {} }),
		)
		expect(login.body.error.message).toBe('An unknown error occurred, please try again')
	})

	test('a code Google refuses ends on /login with the generic error', async () => {
		const started = await startGoogleSignIn()
		const response = await googleCallback(
			{ code: 'not-a-code-google-issued', state: started.state },
			started.cookie,
		)
		expect(response.headers.get('Location')).toBe('/login?error=exchange')
		expect(tokenRequests[0]!.get('code')).toBe('not-a-code-google-issued')
		const login = await callRoute(() =>
			loginLoader({ request: makeRequest('/login?error=exchange'), params: {}, context: {} }),
		)
		expect(login.body.error.message).toBe('An error occurred, please try again')
	})

	test('a state that does not match the cookie is refused before any token exchange', async () => {
		const started = await startGoogleSignIn()
		const code = issueGoogleCode(fakeGoogleUser())
		const forged = await googleCallback({ code, state: 'forged-state' }, started.cookie)
		expect(forged.headers.get('Location')).toBe('/login?error=exchange')
		const noCookie = await googleCallback({ code, state: started.state }, '')
		expect(noCookie.headers.get('Location')).toBe('/login?error=exchange')
		expect(tokenRequests).toHaveLength(0)
	})

	test('an unverified Google email is refused', async () => {
		const googleUser = fakeGoogleUser({ emailVerified: false })
		const { response } = await signInThroughGoogle(googleUser)
		expect(response.headers.get('Location')).toBe('/login?error=exchange')
		expect(await prisma.user.count({ where: { email: googleUser.email } })).toBe(0)
	})
})

describe('/login', () => {
	test('offers Google when configured and never echoes free text from the URL', async () => {
		const page = await callRoute(() =>
			loginLoader({
				request: makeRequest('/login?error=Call%20us%20at%20555&redirectTo=/lists'),
				params: {},
				context: {},
			}),
		)
		expect(page.status).toBe(200)
		expect(page.body).toMatchObject({
			googleEnabled: true,
			devLoginEnabled: true,
			error: null,
			redirectTo: '/lists',
		})
	})

	test('a signed-in user is sent on to the app', async () => {
		const { cookie } = await createSignedInUser()
		const page = await callRoute(() =>
			loginLoader({ request: makeRequest('/login', { cookie }), params: {}, context: {} }),
		)
		expect(page.status).toBe(302)
		expect(page.headers.get('Location')).toBe('/contacts')
		const elsewhere = await callRoute(() =>
			loginLoader({
				request: makeRequest('/login?redirectTo=//evil.example/x', { cookie }),
				params: {},
				context: {},
			}),
		)
		expect(elsewhere.headers.get('Location')).toBe('/contacts')
	})
})
