import { createCookie, redirect } from '@remix-run/node'
import { getEnv, isProduction } from './env.server.ts'
import { sessionIdOf } from './session-token.server.ts'

/** Secrets that sign our cookies (the session id, the OAuth state). */
export function cookieSecrets() {
	return [getEnv().SESSION_SECRET ?? 'reachout-development-session-secret']
}

// The cookie holds only the session's token; the Session row, found by the token's hash, holds the rest.
function sessionCookie() {
	return createCookie('__session', {
		httpOnly: true,
		sameSite: 'lax',
		path: '/',
		secure: isProduction(),
		secrets: cookieSecrets(),
		maxAge: getEnv().SESSION_MAX_AGE_DAYS * 24 * 60 * 60,
	})
}

/** The id of the session the cookie's token names (its hash); null without a cookie. */
export async function readSessionId(request: Request): Promise<string | null> {
	const token = await sessionCookie().parse(request.headers.get('Cookie'))
	return typeof token === 'string' && token ? sessionIdOf(token) : null
}

export function commitSessionToken(sessionToken: string) {
	return sessionCookie().serialize(sessionToken)
}

export function clearSessionCookie() {
	return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

export async function redirectWithSession(sessionToken: string, to: string) {
	return redirect(to, { headers: { 'Set-Cookie': await commitSessionToken(sessionToken) } })
}
