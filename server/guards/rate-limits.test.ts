import { expect, test } from 'vitest'
import { clientKey, ROUTE_LIMITS } from './rate-limits.ts'

test('clients are keyed by IPv4 address, and by /64 for IPv6', () => {
	expect(clientKey('203.0.113.7')).toBe('ip:203.0.113.7')
	expect(clientKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7')
	expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('ip:2001:db8:1:2::/64')
	expect(clientKey('2001:db8:1:2::ffff')).toBe(clientKey('2001:db8:1:2:aaaa::1'))
	expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'))
	expect(clientKey(undefined)).toBe('ip:unknown')
	expect(clientKey('not an address')).toBe('ip:unknown')
})

test('every route limit names a method list and a path the router can match', () => {
	for (const { route } of ROUTE_LIMITS) {
		expect(route).toMatch(/^((GET|POST|PUT|PATCH|DELETE)(,(GET|POST|PUT|PATCH|DELETE))* )?\/[\w/:.-]*$/)
	}
})
