import { createHash, randomBytes } from 'node:crypto'

/** A new session's secret: 256 random bits, sent only in the cookie, never stored. */
export function newSessionToken() {
	return randomBytes(32).toString('base64url')
}

/**
 * The `Session` row's id: the SHA-256 of the cookie's token, so a copy of the table signs
 * nobody in (decision 019). Hex, as PostgreSQL's `encode(sha256(...), 'hex')` writes it: the
 * migration that hashed the ids issued before tokens existed used that, so their cookies still work.
 */
export function sessionIdOf(token: string) {
	return createHash('sha256').update(token, 'utf8').digest('hex')
}
