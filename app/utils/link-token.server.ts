import { createHash, randomBytes } from 'node:crypto'

/** A random token for an emailed link, and its SHA-256 (hex): only the hash is stored. */
export function newLinkToken() {
	const token = randomBytes(24).toString('base64url')
	return { token, hash: hashLinkToken(token) }
}

export function hashLinkToken(token: string) {
	return createHash('sha256').update(token, 'utf8').digest('hex')
}
