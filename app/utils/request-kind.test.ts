import { describe, expect, test } from 'vitest'
import { answersSignInWithRedirect } from './request-kind.ts'

const redirects = (headers: Record<string, string>) => answersSignInWithRedirect(new Headers(headers))

describe('answersSignInWithRedirect', () => {
	test('browser navigations and plain form posts go to sign in', () => {
		const navigation = {
			Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
			'Sec-Fetch-Mode': 'navigate',
		}
		expect(redirects(navigation)).toBe(true)
		// An old browser without Sec-Fetch headers still asks for HTML.
		expect(redirects({ Accept: 'text/html' })).toBe(true)
	})

	test("Remix's own form and fetcher requests (a browser, accepting anything) go to sign in", () => {
		expect(redirects({ 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Site': 'same-origin' })).toBe(true)
		expect(redirects({ Accept: '*/*', 'Sec-Fetch-Mode': 'cors' })).toBe(true)
	})

	test('programs get 401', () => {
		expect(redirects({})).toBe(false)
		expect(redirects({ Accept: '*/*' })).toBe(false) // curl
		expect(redirects({ Accept: 'application/json' })).toBe(false)
		expect(redirects({ Accept: 'application/json', 'Sec-Fetch-Mode': 'cors' })).toBe(false)
		expect(redirects({ Accept: 'text/event-stream', 'Sec-Fetch-Mode': 'cors' })).toBe(false) // EventSource
		expect(redirects({ Accept: 'text/csv' })).toBe(false)
		expect(redirects({ Accept: 'text/html', 'X-Requested-With': 'XMLHttpRequest' })).toBe(false)
		expect(redirects({ 'X-Requested-With': 'fetch', 'Sec-Fetch-Mode': 'cors' })).toBe(false)
	})
})
