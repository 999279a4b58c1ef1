import { createCookie, redirect } from '@remix-run/node'
import { getEnv, isProduction } from './env.server.ts'

/** Secrets that sign our cookies (the session id, the OAuth state). */
export function cookieSecrets() {
	return [getEnv().SESSION_SECRET ?? 'reachout-development-session-secret']
}

// The cookie holds only the session id; the Session row holds the rest.
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

export async function readSessionId(request: Request): Promise<string | null> {
	const value = await sessionCookie().parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value ? value : null
}

export function commitSessionId(sessionId: string) {
	return sessionCookie().serialize(sessionId)
}

export function clearSessionCookie() {
	return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

export async function redirectWithSession(sessionId: string, to: string) {
	return redirect(to, { headers: { 'Set-Cookie': await commitSessionId(sessionId) } })
}
