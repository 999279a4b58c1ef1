import { describe, expect, test } from 'vitest'
import {
	companyFromLinkedIn,
	companyFromWebsite,
	fillMissing,
	headquarterFromText,
	isMissing,
} from './merge-company.ts'

describe('fillMissing', () => {
	test('never replaces a value the row has, and fills the rest in each field’s order', () => {
		const { company, filled } = fillMissing(
			{ name: 'Acme (ours)', description: '  ', industry: 'Rockets', headquarter: { city: null } },
			{
				website: {
					name: 'Acme Inc.',
					description: 'From the site.',
					industry: 'Aerospace',
					employeeCountRange: '11-50',
					headquarter: { city: 'Tucson' },
					linkedinUrl: 'https://www.linkedin.com/company/acme/',
				},
				linkedin: {
					name: 'Acme',
					description: 'From LinkedIn.',
					employeeCountRange: '51-200',
					linkedinFollowers: 12,
					website: 'https://elsewhere.example/',
				},
				writer: { description: 'Written.', summary: 'A summary.' },
			},
		)
		expect(company).toEqual({
			name: 'Acme (ours)',
			description: 'Written.',
			summary: 'A summary.',
			industry: 'Rockets',
			employeeCountRange: '51-200',
			linkedinFollowers: 12,
			website: 'https://elsewhere.example/',
			linkedinUrl: 'https://www.linkedin.com/company/acme/',
			headquarter: { city: 'Tucson' },
		})
		expect(filled.sort()).toEqual(
			[
				'description',
				'summary',
				'employeeCountRange',
				'linkedinFollowers',
				'website',
				'linkedinUrl',
				'headquarter',
			].sort(),
		)
	})

	test('a zero is a value; blank text, empty lists and empty objects are not', () => {
		expect(isMissing(0)).toBe(false)
		expect(isMissing('')).toBe(true)
		expect(isMissing([])).toBe(true)
		expect(isMissing({ city: '', country: null })).toBe(true)
		const { company } = fillMissing({ linkedinFollowers: 0 }, { linkedin: { linkedinFollowers: 99 } })
		expect(company.linkedinFollowers).toBe(0)
	})
})

describe('sources as company fields', () => {
	test('the website’s facts: https logos only, canonical LinkedIn URL, keywords as industry, address', () => {
		expect(
			companyFromWebsite({
				name: 'Acme',
				logoUrl: 'http://acme.example/logo.png',
				iconUrl: 'https://acme.example/icon.png',
				keywords: ['rockets', 'anvils', 'traps', 'paint'],
				linkedinUrl: 'https://linkedin.com/company/ACME/about?x=1',
				address: { city: 'Tucson', region: 'AZ', country: 'US' },
				employeeCount: 40,
				sameAs: [],
				sources: [],
			}),
		).toEqual({
			name: 'Acme',
			logoUrl: 'https://acme.example/icon.png',
			industry: 'rockets, anvils, traps',
			linkedinUrl: 'https://www.linkedin.com/company/acme/',
			headquarter: {
				first_line: null,
				city: 'Tucson',
				geographic_area: 'AZ',
				postal_code: null,
				country: 'US',
			},
			employeeCount: 40,
		})
	})

	test('LinkedIn’s facts: text headquarters, followers, ranges; values cut to what a company holds', () => {
		expect(
			companyFromLinkedIn({
				name: 'x'.repeat(300),
				headquarters: 'Berlin, Berlin, DE',
				followers: 5,
				employeeCountRange: '2-10',
				employeeCount: -3,
			}),
		).toEqual({
			name: 'x'.repeat(200),
			headquarter: { city: 'Berlin', geographic_area: 'Berlin', country: 'DE' },
			linkedinFollowers: 5,
			employeeCountRange: '2-10',
		})
		expect(headquarterFromText('Springfield, OR')).toEqual({
			city: 'Springfield',
			geographic_area: 'OR',
			country: null,
		})
		expect(headquarterFromText('')).toBeUndefined()
	})
})
