import { createCookie, createCookieSessionStorage } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { GoogleStrategy } from 'remix-auth-google'
import { GOOGLE_SCOPES } from '#app/integrations/google/google-grant.ts'
import { appUrl, getEnv, isGoogleSignInConfigured, isProduction } from '#app/utils/env.server.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { cookieSecrets } from '#app/utils/session.server.ts'
import { signInWithGoogle } from './google-account.server.ts'

export type GoogleSignInResult = Awaited<ReturnType<typeof signInWithGoogle>>

// Ten minutes is plenty to get through Google's consent screen.
const OAUTH_COOKIE_MAX_AGE = 10 * 60

export function googleCallbackUrl() {
	return `${appUrl()}/auth/google/callback`
}

/**
 * remix-auth keeps the OAuth `state` in this session storage between the
 * redirect to Google and the callback. Its own short-lived signed cookie, apart
 * from `__session` (which holds only our session id). `lax`: the callback is a
 * top-level GET navigation from accounts.google.com, which carries lax cookies.
 */
export function oauthStateStorage() {
	return createCookieSessionStorage({
		cookie: {
			name: '__google_oauth',
			httpOnly: true,
			sameSite: 'lax',
			path: '/auth/google',
			secure: isProduction(),
			secrets: cookieSecrets(),
			maxAge: OAUTH_COOKIE_MAX_AGE,
		},
	})
}

/** Where to go after Google sends the user back (a same-site path, checked again when read). */
function redirectToCookie() {
	return createCookie('__google_redirect_to', {
		httpOnly: true,
		sameSite: 'lax',
		path: '/auth/google',
		secure: isProduction(),
		maxAge: OAUTH_COOKIE_MAX_AGE,
	})
}

export function rememberRedirectTo(redirectTo: string | null | undefined) {
	return redirectToCookie().serialize(redirectTo ? safeRedirectTo(redirectTo) : '')
}

export async function readRedirectTo(request: Request) {
	const value: unknown = await redirectToCookie().parse(request.headers.get('Cookie'))
	return safeRedirectTo(value)
}

/** Set-Cookie values that remove the OAuth state and the remembered destination. */
export async function clearOAuthCookies(request: Request) {
	const storage = oauthStateStorage()
	const session = await storage.getSession(request.headers.get('Cookie'))
	return [
		await storage.destroySession(session),
		await redirectToCookie().serialize('', { maxAge: 0, expires: new Date(0) }),
	]
}

/**
 * Built per call: the client id, secret and app URL come from the environment,
 * which tests change between cases. The verify step signs the user in.
 */
export function googleAuthenticator() {
	if (!isGoogleSignInConfigured()) throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set')
	const env = getEnv()
	const authenticator = new Authenticator<GoogleSignInResult>(oauthStateStorage(), { throwOnError: true })
	authenticator.use(
		new GoogleStrategy<GoogleSignInResult>(
			{
				clientID: env.GOOGLE_CLIENT_ID!,
				clientSecret: env.GOOGLE_CLIENT_SECRET!,
				callbackURL: googleCallbackUrl(),
				scope: GOOGLE_SCOPES,
				// A refresh token for sending mail later; `consent` makes Google issue one every time.
				accessType: 'offline',
				prompt: 'consent',
			},
			async ({ accessToken, refreshToken, extraParams, profile }) => {
				const expiresIn = Number(extraParams.expires_in)
				return signInWithGoogle({
					profile: {
						googleId: profile.id,
						email: profile._json.email,
						emailVerified: profile._json.email_verified === true,
						name: profile.displayName,
						avatarUrl: profile._json.picture,
					},
					tokens: {
						accessToken,
						refreshToken,
						scope: String(extraParams.scope ?? ''),
						expiresAt:
							Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
					},
				})
			},
		),
	)
	return authenticator
}
