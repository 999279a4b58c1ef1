import { describe, expect, test } from 'vitest'
import { INCOMPLETE_LINKEDIN_AUTH, LinkedInAuthStatusBodySchema, linkedInUsernameFrom } from './linkedin.ts'

describe('LinkedInAuthStatusBodySchema', () => {
	test('a session with cookie and csrf token, the profile kept as sent', () => {
		const body = {
			isAuthenticated: true,
			linkedInAuthData: {
				cookie: 'li_at=x',
				csrfToken: 'ajax:1',
				userDetails: { publicIdentifier: 'ada', headline: 'CTO' },
			},
			linkedinOrgConsent: true,
		}
		expect(LinkedInAuthStatusBodySchema.parse(body)).toEqual(body)
	})

	test('a disconnect needs no data', () => {
		expect(LinkedInAuthStatusBodySchema.parse({ isAuthenticated: false })).toEqual({ isAuthenticated: false })
	})

	test.each([
		[{ isAuthenticated: true }],
		[{ isAuthenticated: true, linkedInAuthData: { cookie: 'li_at=x' } }],
		[{ isAuthenticated: true, linkedInAuthData: { csrfToken: 'ajax:1' } }],
		[{ isAuthenticated: true, linkedInAuthData: { cookie: '  ', csrfToken: 'ajax:1' } }],
	])('%j is incomplete', (body) => {
		const result = LinkedInAuthStatusBodySchema.safeParse(body)
		expect(result.success).toBe(false)
		expect(result.error?.issues[0]?.message).toBe(INCOMPLETE_LINKEDIN_AUTH)
	})

	test('isAuthenticated must be a boolean, and the profile bounded', () => {
		expect(LinkedInAuthStatusBodySchema.safeParse({ isAuthenticated: 'yes' }).success).toBe(false)
		const huge = {
			isAuthenticated: true,
			linkedInAuthData: { cookie: 'c', csrfToken: 't', userDetails: { bio: 'x'.repeat(20_000) } },
		}
		expect(LinkedInAuthStatusBodySchema.safeParse(huge).success).toBe(false)
	})
})

test('linkedInUsernameFrom reads a usable public identifier', () => {
	expect(linkedInUsernameFrom({ publicIdentifier: 'ada-lovelace-1815' })).toBe('ada-lovelace-1815')
	expect(linkedInUsernameFrom({ username: 'grace' })).toBe('grace')
	expect(linkedInUsernameFrom({ publicIdentifier: '../admin?x=1' })).toBeNull()
	expect(linkedInUsernameFrom({})).toBeNull()
	expect(linkedInUsernameFrom(null)).toBeNull()
})
