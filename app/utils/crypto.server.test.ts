import { expect, test } from 'vitest'
import { decrypt, encrypt } from './crypto.server.ts'

test('encrypts with a fresh IV each time and decrypts back', () => {
	const sealed = encrypt('ya29.refresh-token')
	expect(sealed).not.toContain('refresh-token')
	expect(encrypt('ya29.refresh-token')).not.toEqual(sealed)
	expect(decrypt(sealed)).toBe('ya29.refresh-token')
})

test('refuses tampered ciphertext', () => {
	const parts = encrypt('secret').split('.')
	parts[3] = Buffer.from('other').toString('base64url')
	expect(() => decrypt(parts.join('.'))).toThrow()
})
