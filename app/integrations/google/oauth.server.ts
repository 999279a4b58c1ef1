// The oauth2 API alone: loading all of `googleapis` costs about a second per process.
import { auth, oauth2 } from 'googleapis/build/src/apis/oauth2/index.js'
import { getEnv } from '#app/utils/env.server.ts'
import { type GoogleProfile, type GoogleTokens } from './google-grant.ts'

/** Google refused the code (expired, used twice, issued to another client). */
export class GoogleCodeRejectedError extends Error {
	name = 'GoogleCodeRejectedError'
}

/** An OAuth client of our Google app; `redirectUri` must match the one the code was issued for. */
export function googleOAuthClient(redirectUri?: string) {
	const env = getEnv()
	if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
		throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set')
	}
	return new auth.OAuth2({
		clientId: env.GOOGLE_CLIENT_ID,
		clientSecret: env.GOOGLE_CLIENT_SECRET,
		redirectUri,
	})
}

/**
 * The popup flow (Google Identity Services' code client) hands the page a code
 * issued for redirect_uri `postmessage`; trade it for tokens and read who it is.
 */
export async function exchangePopupCode(
	code: string,
): Promise<{ profile: GoogleProfile; tokens: GoogleTokens }> {
	const client = googleOAuthClient('postmessage')
	let tokens
	try {
		;({ tokens } = await client.getToken(code))
	} catch (error) {
		if (isClientError(error))
			throw new GoogleCodeRejectedError('Google rejected the authorization code', { cause: error })
		throw error
	}
	if (!tokens.access_token) throw new GoogleCodeRejectedError('Google returned no access token')
	client.setCredentials(tokens)
	let info
	try {
		;({ data: info } = await oauth2({ version: 'v2', auth: client }).userinfo.get())
	} catch (error) {
		if (isClientError(error))
			throw new GoogleCodeRejectedError('Google refused the access token', { cause: error })
		throw error
	}
	return {
		profile: {
			googleId: info.id ?? '',
			email: info.email ?? '',
			emailVerified: info.verified_email === true,
			name: info.name,
			avatarUrl: info.picture,
		},
		tokens: {
			accessToken: tokens.access_token,
			refreshToken: tokens.refresh_token,
			scope: tokens.scope ?? '',
			expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
		},
	}
}

/** A 4xx from Google: our request was refused, retrying will not help. */
function isClientError(error: unknown) {
	const status =
		error && typeof error === 'object' && 'response' in error
			? (error.response as { status?: number } | undefined)?.status
			: undefined
	return typeof status === 'number' && status >= 400 && status < 500
}
