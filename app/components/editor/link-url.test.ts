import { describe, expect, test } from 'vitest'
import { checkLinkUrl, isAllowedLinkUrl, LINK_MESSAGES } from './link-url.ts'

describe('checkLinkUrl', () => {
	test.each(['', '   '])('an empty URL (%j) removes the link', (input) => {
		expect(checkLinkUrl(input)).toEqual({ action: 'remove' })
	})

	test.each([
		['https://example.com', 'https://example.com'],
		['  https://example.com/a?b=c#d  ', 'https://example.com/a?b=c#d'],
		['HTTPS://Example.com', 'HTTPS://Example.com'],
		['example.com/pricing', 'https://example.com/pricing'],
		['www.example.co.uk', 'https://www.example.co.uk'],
	])('%j is applied as %j', (input, url) => {
		expect(checkLinkUrl(input)).toEqual({ action: 'apply', url })
	})

	test.each([
		'http://example.com',
		'javascript:alert(1)',
		'mailto:a@example.com',
		'ftp://example.com',
		'data:text/html,hi',
	])('%j is refused with the https message', (input) => {
		expect(checkLinkUrl(input)).toEqual({ action: 'reject', message: LINK_MESSAGES.httpsOnly })
	})

	test.each(['not a url', 'localhost', '//example.com', 'https://', 'https://exa mple.com'])(
		'%j is refused as invalid',
		(input) => {
			expect(checkLinkUrl(input)).toEqual({ action: 'reject', message: LINK_MESSAGES.invalid })
		},
	)
})

test('isAllowedLinkUrl accepts only absolute https URLs', () => {
	expect(isAllowedLinkUrl('https://example.com')).toBe(true)
	expect(isAllowedLinkUrl('http://example.com')).toBe(false)
	expect(isAllowedLinkUrl('javascript:alert(1)')).toBe(false)
	expect(isAllowedLinkUrl('example.com')).toBe(false)
})
