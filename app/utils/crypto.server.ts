import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { getEnv } from './env.server.ts'

const ALGORITHM = 'aes-256-gcm'

function encryptionKey() {
	const configured = getEnv().ENCRYPTION_KEY
	if (configured) {
		const key = /^[0-9a-f]{64}$/i.test(configured)
			? Buffer.from(configured, 'hex')
			: Buffer.from(configured, 'base64')
		if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)')
		return key
	}
	// Development default only: production refuses to start without ENCRYPTION_KEY (env.server.ts).
	return createHash('sha256').update('reachout-development-encryption-key').digest()
}

/** AES-256-GCM; the result is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encrypt(plaintext: string) {
	const iv = randomBytes(12)
	const cipher = createCipheriv(ALGORITHM, encryptionKey(), iv)
	const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
	return ['v1', iv, cipher.getAuthTag(), ciphertext]
		.map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
		.join('.')
}

export function decrypt(sealed: string) {
	const [version, iv, tag, ciphertext] = sealed.split('.')
	if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unrecognised ciphertext')
	const decipher = createDecipheriv(ALGORITHM, encryptionKey(), Buffer.from(iv, 'base64url'))
	decipher.setAuthTag(Buffer.from(tag, 'base64url'))
	return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
		'utf8',
	)
}
