import { describe, expect, test } from 'vitest'
import { addressDomain, newMessageId } from './message-id.ts'

describe('newMessageId', () => {
	test('a random id on the sender’s domain, never the same twice', () => {
		const first = newMessageId('Ada@Sales.Acme.TEST', 'fallback.test')
		expect(first).toMatch(/^<[0-9a-f]{32}@sales\.acme\.test>$/)
		expect(newMessageId('ada@sales.acme.test', 'fallback.test')).not.toBe(first)
	})

	test('an address without a domain falls back', () => {
		expect(addressDomain('nobody', 'fallback.test')).toBe('fallback.test')
		expect(addressDomain(null, 'fallback.test')).toBe('fallback.test')
		expect(addressDomain('"a@b"@quoted.test', 'fallback.test')).toBe('quoted.test')
	})
})
