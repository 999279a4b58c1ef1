import { describe, expect, test } from 'vitest'
import { classifyAddress, isRefusedHostname } from './address-policy.ts'
import { checkTargetUrl, parseAllowList } from './url-policy.ts'

describe('classifyAddress', () => {
	test.each([
		['8.8.8.8', 'public'],
		['93.184.216.34', 'public'],
		['2606:4700:4700::1111', 'public'],
		['127.0.0.1', 'loopback'],
		['127.255.255.254', 'loopback'],
		['::1', 'loopback'],
		['10.1.2.3', 'private'],
		['172.16.0.1', 'private'],
		['172.31.255.255', 'private'],
		['192.168.1.1', 'private'],
		['fc00::1', 'uniqueLocal'],
		['fd12:3456::1', 'uniqueLocal'],
		['169.254.1.1', 'linkLocal'],
		['fe80::1', 'linkLocal'],
		['fe80::1%eth0', 'linkLocal'],
		['100.64.0.1', 'carrierGradeNat'],
		['100.127.255.254', 'carrierGradeNat'],
		['224.0.0.1', 'multicast'],
		['239.255.255.250', 'multicast'],
		['ff02::1', 'multicast'],
		['0.0.0.0', 'unspecified'],
		['0.1.2.3', 'unspecified'],
		['::', 'unspecified'],
		['255.255.255.255', 'broadcast'],
		['192.0.2.1', 'reserved'],
		['198.51.100.7', 'reserved'],
		['203.0.113.9', 'reserved'],
		['198.18.0.1', 'reserved'],
		['240.0.0.1', 'reserved'],
		['2001:db8::1', 'reserved'],
		['169.254.169.254', 'metadata'],
		['fd00:ec2::254', 'metadata'],
		['100.100.100.200', 'metadata'],
		// IPv4 inside IPv6: judged by the IPv4 address
		['::ffff:127.0.0.1', 'loopback'],
		['::ffff:7f00:1', 'loopback'],
		['::ffff:10.0.0.1', 'private'],
		['::ffff:169.254.169.254', 'metadata'],
		['::ffff:8.8.8.8', 'public'],
		['64:ff9b::a00:1', 'private'],
		['64:ff9b::808:808', 'public'],
		['2002:7f00:1::', 'loopback'],
		['2002:a9fe:a9fe::1', 'metadata'],
		['::127.0.0.1', 'loopback'],
		['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'tunnel'],
		['not an address', 'invalid'],
		['0x7f.1', 'invalid'],
	])('%s is %s', (address, kind) => {
		expect(classifyAddress(address)).toBe(kind)
	})

	test('metadata host names are refused by name', () => {
		expect(isRefusedHostname('metadata.google.internal')).toBe(true)
		expect(isRefusedHostname('METADATA.google.internal.')).toBe(true)
		expect(isRefusedHostname('example.com')).toBe(false)
	})
})

describe('checkTargetUrl', () => {
	const none = parseAllowList('')

	test('http and https on 80, 443, 8080 and 8443 pass', () => {
		for (const url of [
			'http://example.com/',
			'https://example.com/a?b',
			'http://example.com:8080/',
			'https://example.com:8443/',
		]) {
			expect(checkTargetUrl(url, none).href).toBe(new URL(url).href)
		}
	})

	test.each([
		['ftp://example.com/', 'invalid_url'],
		['file:///etc/passwd', 'invalid_url'],
		['gopher://example.com/', 'invalid_url'],
		['javascript:alert(1)', 'invalid_url'],
		['http://user:pass@example.com/', 'invalid_url'],
		['not a url', 'invalid_url'],
		['http://example.com:22/', 'blocked_port'],
		['http://example.com:5432/', 'blocked_port'],
		['http://127.0.0.1/', 'blocked_address'],
		['http://2130706433/', 'blocked_address'],
		['http://0x7f.1/', 'blocked_address'],
		['http://[::1]/', 'blocked_address'],
		['http://[::ffff:127.0.0.1]/', 'blocked_address'],
		['http://169.254.169.254/latest/meta-data/', 'blocked_address'],
		['http://[fd00:ec2::254]/', 'blocked_address'],
		['http://metadata.google.internal/computeMetadata/v1/', 'blocked_address'],
		['http://10.0.0.1/', 'blocked_address'],
		['http://100.64.0.1/', 'blocked_address'],
		['http://0.0.0.0/', 'blocked_address'],
	])('%s is refused (%s)', (url, code) => {
		expect(() => checkTargetUrl(url, none)).toThrow(expect.objectContaining({ code }))
	})

	test('the allow-list lets a test site through on its port only', () => {
		const allowList = parseAllowList('127.0.0.1:4567, localhost:4567')
		expect(checkTargetUrl('http://127.0.0.1:4567/', allowList).port).toBe('4567')
		expect(() => checkTargetUrl('http://127.0.0.1:4568/', allowList)).toThrow(
			expect.objectContaining({ code: 'blocked_port' }),
		)
		expect(() => checkTargetUrl('http://127.0.0.1/', allowList)).toThrow(
			expect.objectContaining({ code: 'blocked_address' }),
		)
		expect(() => parseAllowList('127.0.0.1')).toThrow(/host:port/)
	})
})
