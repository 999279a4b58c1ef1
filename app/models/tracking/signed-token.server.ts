import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * Tokens of the links in sent email (click tracking, unsubscribe): they carry their own data and
 * prove we issued them, so they need no table and no write on the sending path (decision 015).
 *
 * Current tokens are sealed: AES-256-GCM over the JSON value, the purpose as associated data, in
 * one base64url string without dots. Nothing in them is readable — not the step id, not the URL —
 * and the GCM tag is the signature: an altered or forged token does not open. The IV is an HMAC of
 * the purpose and the value (a synthetic IV), so the same link in a re-sent email is the same token
 * and no IV is ever reused for two different values.
 *
 * Tokens of email sent before (`<payload>.<mac>`: readable base64 JSON and an HMAC) still open,
 * for as long as the secret stays the same: those links are in inboxes.
 * The purpose keeps a click token from being replayed as an unsubscribe token, in both formats.
 */
export type TokenPurpose = 'link' | 'unsubscribe'

const IV_BYTES = 12
const TAG_BYTES = 16
const MAC_BYTES = 16
const BASE64URL = /^[A-Za-z0-9_-]+$/

function secret() {
	const env = getEnv()
	// Development default only: production refuses to start without both secrets (env.server.ts).
	return env.SESSION_SECRET ?? env.ENCRYPTION_KEY ?? 'reachout-development-signing-secret'
}

let keys: { secret: string; legacyMac: Buffer; seal: Buffer; iv: Buffer } | null = null

function tokenKeys() {
	const current = secret()
	if (keys?.secret !== current) {
		const derive = (label: string) => createHash('sha256').update(`${label}:${current}`).digest()
		keys = {
			secret: current,
			legacyMac: derive('reachout-email-tokens'),
			seal: derive('reachout-email-tokens-sealed'),
			iv: derive('reachout-email-tokens-iv'),
		}
	}
	return keys
}

/** Seals a JSON-serialisable value; the exact strings inside come back byte for byte. */
export function sealToken(purpose: TokenPurpose, value: unknown) {
	const { seal, iv: ivKey } = tokenKeys()
	const plaintext = Buffer.from(JSON.stringify(value), 'utf8')
	const iv = createHmac('sha256', ivKey)
		.update(purpose)
		.update('\0')
		.update(plaintext)
		.digest()
		.subarray(0, IV_BYTES)
	const cipher = createCipheriv('aes-256-gcm', seal, iv)
	cipher.setAAD(Buffer.from(purpose, 'utf8'))
	const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
	return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')
}

/** The value of a token we issued for this purpose (either format), or null for anything else. */
export function openToken(purpose: TokenPurpose, token: string): unknown {
	if (token.includes('.')) return verifyLegacyToken(purpose, token)
	if (!BASE64URL.test(token)) return null
	const bytes = Buffer.from(token, 'base64url')
	if (bytes.length <= IV_BYTES + TAG_BYTES) return null
	try {
		const decipher = createDecipheriv('aes-256-gcm', tokenKeys().seal, bytes.subarray(0, IV_BYTES))
		decipher.setAAD(Buffer.from(purpose, 'utf8'))
		decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
		const plaintext = Buffer.concat([
			decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
			decipher.final(),
		])
		return JSON.parse(plaintext.toString('utf8')) as unknown
	} catch {
		return null
	}
}

function legacyMac(purpose: TokenPurpose, payload: string) {
	return createHmac('sha256', tokenKeys().legacyMac)
		.update(`${purpose}.${payload}`)
		.digest()
		.subarray(0, MAC_BYTES)
}

/**
 * The format of email sent before decision 015 (readable payload). Nothing issues it any more;
 * tests use it to prove that those links still work.
 */
export function legacySignedToken(purpose: TokenPurpose, value: unknown) {
	const payload = Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
	return `${payload}.${legacyMac(purpose, payload).toString('base64url')}`
}

function verifyLegacyToken(purpose: TokenPurpose, token: string): unknown {
	const [payload, signature, extra] = token.split('.')
	if (!payload || !signature || extra !== undefined) return null
	if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null
	const given = Buffer.from(signature, 'base64url')
	const expected = legacyMac(purpose, payload)
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
	try {
		return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
	} catch {
		return null
	}
}
