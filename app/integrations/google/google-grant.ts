// What we ask Google for and what it hands back: the scopes, a Google identity and its tokens.
// Shared by the OAuth clients (app/integrations) and the account model that stores them.

export const GMAIL_READONLY_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly'
export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send'

/** What we ask Google for: identity plus reading and sending the user's mail. */
export const GOOGLE_SCOPES = ['openid', 'email', 'profile', GMAIL_READONLY_SCOPE, GMAIL_SEND_SCOPE]

/** A Google identity as its userinfo endpoint reports it. */
export type GoogleProfile = {
	googleId: string
	email: string
	emailVerified: boolean
	name?: string | null
	avatarUrl?: string | null
}

export type GoogleTokens = {
	accessToken: string
	/** Google sends one only when the user consents; otherwise we keep the one we have. */
	refreshToken?: string | null
	/** The scopes the user actually granted, space separated. */
	scope: string
	expiresAt?: Date | null
}

/** Both Gmail scopes were granted (users can untick them on Google's consent screen). */
export function hasGmailScopes(scope: string) {
	const granted = new Set(scope.split(/\s+/).filter(Boolean))
	return granted.has(GMAIL_READONLY_SCOPE) && granted.has(GMAIL_SEND_SCOPE)
}
