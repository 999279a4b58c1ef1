import { describe, expect, test } from 'vitest'
import { linkedInCookieHeader, linkedInCsrfToken, restliEncode } from './linkedin-request.ts'
import {
	classifyLinkedInUrl,
	linkedInPostUrn,
	linkedInProfileUrl,
	linkedInUsernameFromUrl,
} from './linkedin-urls.ts'

describe('LinkedIn addresses', () => {
	test('a profile URL gives its username (decoded), anything else none', () => {
		expect(linkedInUsernameFromUrl('https://www.linkedin.com/in/j%C3%BCrgen-m/?trk=x')).toBe('jürgen-m')
		expect(linkedInUsernameFromUrl('https://de.linkedin.com/in/anna')).toBe('anna')
		expect(linkedInUsernameFromUrl('https://www.linkedin.com/company/acme')).toBeNull()
		expect(linkedInUsernameFromUrl('linkedin.com/in/no-scheme')).toBeNull()
		expect(linkedInUsernameFromUrl(null)).toBeNull()
		expect(linkedInProfileUrl('jürgen-m')).toBe('https://www.linkedin.com/in/j%C3%BCrgen-m')
	})

	test("a post's thread urn from its two address forms", () => {
		expect(
			linkedInPostUrn('https://www.linkedin.com/posts/jane_hiring-sdrs-activity-7123456789012345678-AbCd'),
		).toBe('urn:li:activity:7123456789012345678')
		expect(linkedInPostUrn('https://www.linkedin.com/posts/jane_x-ugcPost-7123-AbCd?utm=1')).toBe(
			'urn:li:ugcPost:7123',
		)
		expect(linkedInPostUrn('https://www.linkedin.com/feed/update/urn:li:activity:712345/')).toBe(
			'urn:li:activity:712345',
		)
		expect(linkedInPostUrn('https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A99/')).toBe(
			'urn:li:share:99',
		)
		expect(linkedInPostUrn('https://www.linkedin.com/posts/jane_no-id')).toBeNull()
		expect(linkedInPostUrn('https://www.linkedin.com/posts/%E0%A4%A-activity-5-x')).toBe('urn:li:activity:5')
	})

	test("the spec's link classes", () => {
		expect(classifyLinkedInUrl('https://www.linkedin.com/feed/update/urn:li:activity:712345/')).toBe('POST')
		expect(classifyLinkedInUrl('https://www.linkedin.com/posts/jane_x-activity-1-a')).toBe('POST')
		expect(classifyLinkedInUrl('https://www.linkedin.com/posts/jane_no-id')).toBe('OTHERS')
		expect(classifyLinkedInUrl('https://www.linkedin.com/in/jane')).toBe('PEOPLE')
		expect(classifyLinkedInUrl('https://www.linkedin.com/mynetwork/')).toBe('NETWORK')
		expect(classifyLinkedInUrl('https://www.linkedin.com/search/results/people/?keywords=cto')).toBe(
			'NETWORK',
		)
		expect(classifyLinkedInUrl('https://evillinkedin.com/posts/x-activity-1-a')).toBe('OTHERS')
		expect(classifyLinkedInUrl('https://example.com/posts/x-activity-1-a')).toBe('OTHERS')
		expect(classifyLinkedInUrl('http://127.0.0.1:4100/posts/x-activity-1-a', '127.0.0.1')).toBe('POST')
		expect(classifyLinkedInUrl('ftp://www.linkedin.com/in/jane')).toBe('INVALID_URL')
		expect(classifyLinkedInUrl('not a url')).toBe('INVALID_URL')
	})
})

describe('LinkedIn session headers', () => {
	test('the cookie quotes JSESSIONID; the csrf token is it without quotes', () => {
		expect(linkedInCookieHeader({ liAt: 'AQE', jsessionId: 'ajax:1' })).toBe('li_at=AQE; JSESSIONID="ajax:1"')
		expect(linkedInCookieHeader({ liAt: 'AQE', jsessionId: '"ajax:1"' })).toBe(
			'li_at=AQE; JSESSIONID="ajax:1"',
		)
		expect(linkedInCsrfToken('"ajax:1"')).toBe('ajax:1')
	})

	test('Rest.li encodes values, parentheses included', () => {
		expect(restliEncode('urn:li:msg_conversation:(urn:li:fsd_profile:A,2-b)')).toBe(
			'urn%3Ali%3Amsg_conversation%3A%28urn%3Ali%3Afsd_profile%3AA%2C2-b%29',
		)
	})
})
