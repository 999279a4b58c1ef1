import { expect, test } from 'vitest'
import { newSessionToken, sessionIdOf } from './session-token.server.ts'

test('a token carries 256 random bits and is never its own id', () => {
	const token = newSessionToken()
	expect(Buffer.from(token, 'base64url')).toHaveLength(32)
	expect(newSessionToken()).not.toBe(token)
	expect(sessionIdOf(token)).not.toBe(token)
})

test("the id is the token's SHA-256 in hex, as the migration computed it in PostgreSQL", () => {
	expect(sessionIdOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
	expect(sessionIdOf(newSessionToken())).toMatch(/^[0-9a-f]{64}$/)
})
