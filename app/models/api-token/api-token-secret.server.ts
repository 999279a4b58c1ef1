import { createHash, randomBytes } from 'node:crypto'

// A personal access token is `ro_pat_` and 256 random bits (base64url): the prefix lets people and
// secret scanners recognise it; the database keeps only its SHA-256, so a copy of the table
// authenticates nobody (as with sessions, decision 019).

export const API_TOKEN_PREFIX = 'ro_pat_'
const SECRET_LENGTH = 43 // 32 bytes in base64url
/** Characters of the token kept to tell tokens apart in the list (the prefix and 4 of the secret). */
const DISPLAY_LENGTH = API_TOKEN_PREFIX.length + 4

export function newApiTokenSecret() {
	const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
	return { token, tokenHash: hashApiToken(token), displayPrefix: token.slice(0, DISPLAY_LENGTH) }
}

export function hashApiToken(token: string) {
	return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Whether a string has the shape of one of our tokens (anything else is refused without a query). */
export function looksLikeApiToken(token: string) {
	return (
		token.startsWith(API_TOKEN_PREFIX) &&
		token.length === API_TOKEN_PREFIX.length + SECRET_LENGTH &&
		/^[A-Za-z0-9_-]+$/.test(token.slice(API_TOKEN_PREFIX.length))
	)
}
