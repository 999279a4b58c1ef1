import { expect, test } from 'vitest'
import { safeRedirectTo } from './redirect.ts'

test('keeps same-site paths and refuses anything a browser would send elsewhere', () => {
	expect(safeRedirectTo('/settings?tab=users')).toBe('/settings?tab=users')
	for (const hostile of [
		'//evil.test',
		'/\\evil.test',
		'https://evil.test',
		'/\t/evil.test',
		'evil',
		undefined,
		42,
	]) {
		expect(safeRedirectTo(hostile)).toBe('/contacts')
	}
	expect(safeRedirectTo(null, '/login')).toBe('/login')
})
