import { describe, expect, test } from 'vitest'
import {
	AddContactsToCampaignSchema,
	campaignIneligibility,
	CreateCampaignApiSchema,
	CreateCampaignSchema,
	EMAIL_REQUIRED_FOR_CAMPAIGN,
	INVALID_LINKEDIN_FOR_CAMPAIGN,
	isLinkedinProfileUrl,
	LINKEDIN_REQUIRED_FOR_CAMPAIGN,
} from './campaign.ts'

describe('CreateCampaignSchema', () => {
	test('the name must not be empty', () => {
		for (const name of [undefined, '', '  ']) {
			const result = CreateCampaignSchema.safeParse({ name, channels: ['EMAIL'] })
			expect(result.error?.issues[0]?.message).toBe('Campaign name is required')
		}
		expect(CreateCampaignSchema.parse({ name: ' Launch ', channels: ['EMAIL'] }).name).toBe('Launch')
	})

	test('channels: email and/or LinkedIn, at least one; a single form value is a list', () => {
		expect(CreateCampaignSchema.parse({ name: 'A', channels: 'LINKEDIN' }).channels).toEqual(['LINKEDIN'])
		expect(
			CreateCampaignSchema.parse({ name: 'A', channels: ['EMAIL', 'LINKEDIN', 'EMAIL'] }).channels,
		).toEqual(['EMAIL', 'LINKEDIN'])
		expect(CreateCampaignSchema.safeParse({ name: 'A', channels: [] }).error?.issues[0]?.message).toBe(
			'Select at least one channel',
		)
		expect(CreateCampaignSchema.safeParse({ name: 'A' }).error?.issues[0]?.message).toBe(
			'Select at least one channel',
		)
		expect(CreateCampaignSchema.safeParse({ name: 'A', channels: ['FAX'] }).success).toBe(false)
	})

	test('the API defaults the channels to email', () => {
		expect(CreateCampaignApiSchema.parse({ name: 'A' }).channels).toEqual(['EMAIL'])
	})

	test('the batch body takes contact_ids (ids or all) and the filter', () => {
		expect(AddContactsToCampaignSchema.parse({ contact_ids: 'all', tags: ['t'] })).toMatchObject({
			contact_ids: 'all',
			tags: ['t'],
			exclude_ids: [],
		})
		expect(AddContactsToCampaignSchema.safeParse({ contact_ids: 'some' }).success).toBe(false)
	})
})

describe('LinkedIn personal profile URLs', () => {
	test.each([
		'https://www.linkedin.com/in/ada-lovelace',
		'https://linkedin.com/in/ada/',
		'http://uk.linkedin.com/in/ada?trk=x',
		'www.linkedin.com/in/ada',
		'HTTPS://WWW.LINKEDIN.COM/IN/Ada',
	])('%s is a profile', (url) => expect(isLinkedinProfileUrl(url)).toBe(true))

	test.each([
		'https://www.linkedin.com/company/acme',
		'https://www.linkedin.com/in/',
		'https://example.com/in/ada',
		'https://linkedin.com.evil.com/in/ada',
		'not a url',
	])('%s is not', (url) => expect(isLinkedinProfileUrl(url)).toBe(false))
})

describe('campaignIneligibility', () => {
	const profile = 'https://www.linkedin.com/in/ada'
	test('a contact needs an email or a LinkedIn URL', () => {
		expect(campaignIneligibility({ email: null, linkedin: null }, ['EMAIL'])).toBe(
			EMAIL_REQUIRED_FOR_CAMPAIGN,
		)
		expect(campaignIneligibility({ email: ' ', linkedin: '' }, ['LINKEDIN'])).toBe(
			LINKEDIN_REQUIRED_FOR_CAMPAIGN,
		)
	})

	test('the email channel needs an email', () => {
		expect(campaignIneligibility({ email: null, linkedin: profile }, ['EMAIL'])).toBe(
			EMAIL_REQUIRED_FOR_CAMPAIGN,
		)
		expect(campaignIneligibility({ email: 'a@b.co', linkedin: null }, ['EMAIL'])).toBeNull()
	})

	test('the LinkedIn channel needs a personal profile URL', () => {
		expect(campaignIneligibility({ email: 'a@b.co', linkedin: null }, ['LINKEDIN'])).toBe(
			LINKEDIN_REQUIRED_FOR_CAMPAIGN,
		)
		expect(
			campaignIneligibility({ email: 'a@b.co', linkedin: 'https://linkedin.com/company/x' }, ['LINKEDIN']),
		).toBe(INVALID_LINKEDIN_FOR_CAMPAIGN)
		expect(campaignIneligibility({ email: null, linkedin: profile }, ['LINKEDIN'])).toBeNull()
		expect(campaignIneligibility({ email: 'a@b.co', linkedin: profile }, ['EMAIL', 'LINKEDIN'])).toBeNull()
		expect(campaignIneligibility({ email: null, linkedin: profile }, ['EMAIL', 'LINKEDIN'])).toBe(
			EMAIL_REQUIRED_FOR_CAMPAIGN,
		)
	})
})
