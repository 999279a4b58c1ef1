import { expect, test } from 'vitest'
import { hasHostileJson, hasHostileUrl, isHostileText } from './hostile-text.ts'

test('NUL and lone surrogates are hostile; real text, emoji and CJK are not', () => {
	expect(isHostileText('a\u0000b')).toBe(true)
	expect(isHostileText('\uD800')).toBe(true)
	expect(isHostileText('x\uDC00')).toBe(true)
	expect(isHostileText('Zoë 👋 日本')).toBe(false)
	expect(isHostileText('')).toBe(false)
})

test('JSON is searched through keys, arrays and nesting', () => {
	expect(hasHostileJson({ a: [{ b: 'ok' }, 'fine'] })).toBe(false)
	expect(hasHostileJson({ a: [{ b: 'n\u0000' }] })).toBe(true)
	expect(hasHostileJson({ ['k\u0000']: 1 })).toBe(true)
	expect(hasHostileJson(JSON.parse('{"x":"\\ud83d"}'))).toBe(true)
	expect(hasHostileJson(JSON.parse('{"x":"\\ud83d\\udc4b"}'))).toBe(false)
	expect(hasHostileJson(42)).toBe(false)
})

test('paths and queries are decoded before they are judged', () => {
	expect(hasHostileUrl('/api/v1/companies/%00')).toBe(true)
	expect(hasHostileUrl('/api/v1/contacts?search=%00')).toBe(true)
	expect(hasHostileUrl('/api/v1/contacts?search=%ED%A0%80')).toBe(false) // decoded to U+FFFD: harmless
	expect(hasHostileUrl('/api/v1/companies/%ED%A0%80')).toBe(true) // malformed in a path
	expect(hasHostileUrl('/api/v1/contacts?search=Zo%C3%AB')).toBe(false)
	expect(hasHostileUrl('/contacts')).toBe(false)
})
