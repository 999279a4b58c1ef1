import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * Tokens that carry their own data and prove we issued them: `<payload>.<mac>` in base64url,
 * the MAC an HMAC-SHA256 (truncated to 128 bits) over the purpose and the payload. They need
 * no table, so the links in an email keep working for as long as the secret does.
 * The purpose keeps a click token from being replayed as an unsubscribe token.
 */
export type TokenPurpose = 'link' | 'unsubscribe'

const MAC_BYTES = 16
const BASE64URL = /^[A-Za-z0-9_-]+$/

function signingKey() {
	const env = getEnv()
	// Development default only: production refuses to start without both secrets (env.server.ts).
	const secret = env.SESSION_SECRET ?? env.ENCRYPTION_KEY ?? 'reachout-development-signing-secret'
	return createHash('sha256').update(`reachout-email-tokens:${secret}`).digest()
}

function mac(purpose: TokenPurpose, payload: string) {
	return createHmac('sha256', signingKey()).update(`${purpose}.${payload}`).digest().subarray(0, MAC_BYTES)
}

/** Signs a JSON-serialisable value; the exact strings inside come back byte for byte. */
export function signToken(purpose: TokenPurpose, value: unknown) {
	const payload = Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
	return `${payload}.${mac(purpose, payload).toString('base64url')}`
}

/** The signed value, or null for anything we did not issue for this purpose. */
export function verifyToken(purpose: TokenPurpose, token: string): unknown {
	const [payload, signature, extra] = token.split('.')
	if (!payload || !signature || extra !== undefined) return null
	if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null
	const given = Buffer.from(signature, 'base64url')
	const expected = mac(purpose, payload)
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
	try {
		return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
	} catch {
		return null
	}
}
