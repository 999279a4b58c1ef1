import { randomUUID } from 'node:crypto'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetEnvCache } from '#app/utils/env.server.ts'

// Google's OAuth token endpoint and userinfo endpoints, faked at the HTTP boundary.
// remix-auth-google calls oauth2 v3 userinfo; googleapis' oauth2('v2') calls v2;
// openidconnect's userinfo is the one in Google's discovery document.

export const GMAIL_SCOPES =
	'https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.send'
export const FULL_SCOPE = `openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile ${GMAIL_SCOPES}`
export const IDENTITY_ONLY_SCOPE =
	'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile'

export type FakeGoogleUser = {
	sub: string
	email: string
	name: string
	emailVerified: boolean
	picture: string
}

type Grant = {
	user: FakeGoogleUser
	scope: string
	accessToken: string
	refreshToken: string | null
}

const grants = new Map<string, Grant>()
const accessTokens = new Map<string, Grant>()

/** Every form body the token endpoint received, in order (code, redirect_uri, client_id…). */
export const tokenRequests: URLSearchParams[] = []

export function fakeGoogleUser(overrides: Partial<FakeGoogleUser> = {}): FakeGoogleUser {
	const unique = randomUUID().slice(0, 8)
	return {
		sub: `1${Date.now()}${Math.floor(Math.random() * 1e6)}`,
		email: `google-${unique}@example.com`,
		name: `Google User ${unique}`,
		emailVerified: true,
		picture: `https://lh3.googleusercontent.com/a/${unique}`,
		...overrides,
	}
}

/** An authorization code Google would hand the browser after the user consented. */
export function issueGoogleCode(
	user: FakeGoogleUser,
	{
		scope = FULL_SCOPE,
		refreshToken = `1//refresh-${randomUUID()}`,
	}: { scope?: string; refreshToken?: string | null } = {},
) {
	const code = `4/code-${randomUUID()}`
	grants.set(code, { user, scope, refreshToken, accessToken: `ya29.access-${randomUUID()}` })
	return code
}

const exchanged = new Map<string, Grant>()
/** What the fake issued for a code it accepted, to compare with what we stored. */
export function exchangedGrant(code: string) {
	return exchanged.get(code)
}

export function resetGoogleFake() {
	grants.clear()
	accessTokens.clear()
	exchanged.clear()
	tokenRequests.length = 0
}

function grantFromBearer(request: Request) {
	const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '')
	return token ? accessTokens.get(token) : undefined
}

function unauthorized() {
	return HttpResponse.json(
		{ error: 'invalid_request', error_description: 'Invalid Credentials' },
		{ status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } },
	)
}

function v3UserInfo(request: Request) {
	const grant = grantFromBearer(request)
	if (!grant) return unauthorized()
	const { user } = grant
	return HttpResponse.json({
		sub: user.sub,
		name: user.name,
		given_name: user.name.split(' ')[0],
		family_name: user.name.split(' ').slice(1).join(' '),
		picture: user.picture,
		email: user.email,
		email_verified: user.emailVerified,
	})
}

export const googleHandlers = [
	http.post('https://oauth2.googleapis.com/token', async ({ request }) => {
		const body = new URLSearchParams(await request.text())
		tokenRequests.push(body)
		const code = body.get('code') ?? ''
		const grant = grants.get(code)
		if (
			body.get('grant_type') !== 'authorization_code' ||
			!grant ||
			!body.get('client_id') ||
			!body.get('client_secret')
		) {
			return HttpResponse.json({ error: 'invalid_grant', error_description: 'Bad Request' }, { status: 400 })
		}
		// A code works once.
		grants.delete(code)
		exchanged.set(code, grant)
		accessTokens.set(grant.accessToken, grant)
		return HttpResponse.json({
			access_token: grant.accessToken,
			expires_in: 3599,
			...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
			scope: grant.scope,
			token_type: 'Bearer',
			id_token: 'fake.id.token',
		})
	}),
	http.get('https://www.googleapis.com/oauth2/v3/userinfo', ({ request }) => v3UserInfo(request)),
	http.get('https://openidconnect.googleapis.com/v1/userinfo', ({ request }) => v3UserInfo(request)),
	http.get('https://www.googleapis.com/oauth2/v2/userinfo', ({ request }) => {
		const grant = grantFromBearer(request)
		if (!grant) return unauthorized()
		const { user } = grant
		return HttpResponse.json({
			id: user.sub,
			email: user.email,
			verified_email: user.emailVerified,
			name: user.name,
			given_name: user.name.split(' ')[0],
			family_name: user.name.split(' ').slice(1).join(' '),
			picture: user.picture,
		})
	}),
]

export const GOOGLE_CLIENT_ID = 'reachout-test.apps.googleusercontent.com'

/**
 * For a test file: Google configured and faked at the HTTP boundary for its whole run,
 * with extra environment (say APP_URL) set and removed alongside. Returns the MSW server.
 */
export function setupFakeGoogle(extraEnv: Record<string, string> = {}) {
	const server = setupServer(...googleHandlers)
	const env: Record<string, string> = {
		GOOGLE_CLIENT_ID,
		GOOGLE_CLIENT_SECRET: 'test-google-client-secret',
		...extraEnv,
	}
	beforeAll(() => {
		Object.assign(process.env, env)
		resetEnvCache()
		server.listen({ onUnhandledRequest: 'error' })
	})
	afterEach(() => {
		server.resetHandlers()
		resetGoogleFake()
	})
	afterAll(() => {
		server.close()
		for (const key of Object.keys(env)) delete process.env[key]
		resetEnvCache()
	})
	return server
}
