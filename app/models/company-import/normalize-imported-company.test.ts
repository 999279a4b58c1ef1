import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { IMPORTED_COMPANY_FIELDS } from '#app/schemas/company-import.ts'
import { crunchbaseUrlError, linkedinCompanyUrlError, parseHttpsUrl } from '#app/schemas/company.ts'
import { normalizeImportedCompany } from './normalize-imported-company.ts'

const base = { name: 'Acme', description: 'Makes anvils' }

function normalize(raw: Record<string, unknown>) {
	return normalizeImportedCompany({ ...base, ...raw })
}

describe('normalizeImportedCompany: text', () => {
	test('trims, strips control characters and emoji, keeps accents, CJK, punctuation and ™', () => {
		const { company, errors } = normalize({
			name: '  Café\u0000 Müller 🚀 GmbH™\u200B ',
			tagline: '株式会社 – “quoted” 👍🏽 flags 🇩🇪 end',
		})
		expect(errors).toEqual({})
		expect(company.name).toBe('Café Müller GmbH™')
		expect(company.tagline).toBe('株式会社 – “quoted” flags end')
	})

	test('descriptions keep paragraphs; one-line fields become one line; bidi overrides go', () => {
		const { company } = normalize({
			description: 'Line one\r\n\r\n\r\n\r\nLine\ttwo  \u202Eevil',
			industry: 'Software\n& Services',
		})
		expect(company.description).toBe('Line one\n\nLine two evil')
		expect(company.industry).toBe('Software & Services')
		expect(normalize({ description: 'One\u2028two' }).company.description).toBe('One\ntwo')
	})

	test('empty name and description are the spec errors; emoji-only counts as empty', () => {
		expect(normalizeImportedCompany({ name: ' 🚀🔥 ', description: '\u0007' }).errors).toEqual({
			name: 'Name cannot be empty',
			description: 'Description cannot be empty',
		})
		expect(normalizeImportedCompany({}).errors).toEqual({
			name: 'Name cannot be empty',
			description: 'Description cannot be empty',
		})
	})

	test('length caps: name 200, text 10,000, short text 500, without splitting a surrogate pair', () => {
		const { company } = normalize({
			name: 'N'.repeat(199) + '𝒜𝒜',
			description: 'd'.repeat(1_000_000),
			industry: 'i'.repeat(600),
		})
		expect(company.name).toBe('N'.repeat(199))
		expect(company.description).toHaveLength(10_000)
		expect(company.industry).toHaveLength(500)
	})

	test('every field is present, null when empty; numbers in text fields become text', () => {
		const { company } = normalize({ revenue: 5000000, industry: ['Software', 'AI'] })
		expect(company.revenue).toBe('5000000')
		expect(company.industry).toBe('Software, AI')
		expect(company.summary).toBeNull()
		expect(company.website).toBeNull()
		expect(company.funding).toBeNull()
		expect(Object.keys(company)).toHaveLength(16)
	})

	test("the spec's external shape is read too", () => {
		const { company } = normalizeImportedCompany({
			name: 'Acme',
			description: 'x',
			industries: 'Retail',
			num_employees: '1,200',
			linkedin_url: 'linkedin.com/company/acme',
			location: 'Berlin, Germany',
		})
		expect(company).toMatchObject({
			industry: 'Retail',
			employeeCount: 1200,
			linkedinUrl: 'https://www.linkedin.com/company/acme',
			headquarter: { city: 'Berlin', country: 'Germany' },
		})
	})
})

describe('normalizeImportedCompany: counts', () => {
	test.each([
		['1,200', 1200],
		['1200', 1200],
		[' 1 200 ', 1200],
		[1200, 1200],
		['1.2k', 1200],
		['1,5K', 1500],
		['2M', 2_000_000],
		['1.200', 1200],
		["1'200", 1200],
		['1200 employees', 1200],
		['1200.0', 1200],
		['0', 0],
	])('employeeCount %j → %d', (value, expected) => {
		const { company, errors } = normalize({ employeeCount: value })
		expect(errors).toEqual({})
		expect(company.employeeCount).toBe(expected)
		expect(company.employeeCountRange).toBeNull()
	})

	test.each([
		['51-200', '51-200'],
		['51–200 employees', '51-200'],
		['1,001 - 5,000', '1001-5000'],
		['11 to 50', '11-50'],
		['10,001+', '10001+'],
	])('employeeCount range %j → employeeCountRange %j, no error', (value, range) => {
		const { company, errors } = normalize({ employeeCount: value })
		expect(errors).toEqual({})
		expect(company.employeeCount).toBeNull()
		expect(company.employeeCountRange).toBe(range)
	})

	test('an explicit range column wins over a range in the count column', () => {
		const { company } = normalize({ employeeCount: '51-200', employeeCountRange: 'Mid-size' })
		expect(company.employeeCountRange).toBe('Mid-size')
	})

	test.each(['lots', '12.5', '-5', 'ten', '200-51', '3000000000', 'NaN'])(
		'employeeCount %j → "Must be numeric"',
		(value) => {
			const { company, errors } = normalize({ employeeCount: value })
			expect(errors).toEqual({ employeeCount: 'Must be numeric' })
			expect(company.employeeCount).toBeNull()
			expect(company.employeeCountRange).toBeNull()
		},
	)

	test.each(['', '  ', 'N/A', '-', 'unknown', null, undefined])('empty count %j is no error', (value) => {
		expect(normalize({ employeeCount: value, linkedinFollowers: value }).errors).toEqual({})
	})

	test('followers: numbers and "12k+"; a range is not a follower count', () => {
		expect(normalize({ linkedinFollowers: '12k+' }).company.linkedinFollowers).toBe(12_000)
		expect(normalize({ linkedinFollowers: '3,456 followers' }).company.linkedinFollowers).toBe(3456)
		expect(normalize({ linkedinFollowers: '10-20' }).errors).toEqual({ linkedinFollowers: 'Must be numeric' })
		expect(normalize({ linkedinFollowers: { n: 1 } }).errors).toEqual({
			linkedinFollowers: 'Must be numeric',
		})
	})
})

describe('normalizeImportedCompany: links', () => {
	test.each([
		['acme.com', 'https://acme.com'],
		['www.acme.com/', 'https://acme.com'],
		['http://acme.com', 'https://acme.com'],
		['HTTPS://WWW.Acme.COM/About/', 'https://acme.com/About'],
		['https://acme.com/?utm_source=x&utm_medium=y&gclid=1', 'https://acme.com'],
		['acme.com/products?id=3&fbclid=abc#top', 'https://acme.com/products?id=3'],
		['//acme.co.uk', 'https://acme.co.uk'],
		['münchen.de', 'https://xn--mnchen-3ya.de'],
		['acme.com; acme.de', 'https://acme.com'],
		['acme.com, acme.de', 'https://acme.com'],
		[' acme.com (main site)', 'https://acme.com'],
	])('website %j → %j', (value, expected) => {
		const { company, errors } = normalize({ website: value })
		expect(errors).toEqual({})
		expect(company.website).toBe(expected)
		expect(parseHttpsUrl(expected)).not.toBeNull()
	})

	test.each([
		'not a url',
		'ftp://acme.com',
		'javascript:alert(1)',
		'localhost',
		'10.0.0.1',
		'https://user:pw@acme.com',
		'acme',
		'mailto:a@acme.com',
		`acme.com/${'a'.repeat(3000)}`,
	])('unusable website %j is dropped silently', (value) => {
		const { company, errors } = normalize({ website: value })
		expect(errors).toEqual({})
		expect(company.website).toBeNull()
	})

	test.each([
		['linkedin.com/company/acme', 'https://www.linkedin.com/company/acme'],
		['https://de.linkedin.com/company/acme/about/?x=1', 'https://www.linkedin.com/company/acme'],
		['http://www.linkedin.com/company/Acme-Inc/', 'https://www.linkedin.com/company/acme-inc'],
		['https://www.linkedin.com/company/12345/', 'https://www.linkedin.com/company/12345'],
	])('LinkedIn %j → %j', (value, expected) => {
		const url = normalize({ linkedinUrl: value }).company.linkedinUrl
		expect(url).toBe(expected)
		expect(linkedinCompanyUrlError(expected)).toBeNull()
	})

	test.each([
		'https://www.linkedin.com/in/ada',
		'linkedin.com',
		'https://evil.com/company/acme',
		'acme',
		'https://linkedin.com.evil.com/company/x',
	])('LinkedIn %j (profile, garbage) is dropped', (value) => {
		const { company, errors } = normalize({ linkedinUrl: value })
		expect(errors).toEqual({})
		expect(company.linkedinUrl).toBeNull()
	})

	test('Crunchbase organization links, the old /company/ form; others dropped', () => {
		const read = (value: string) => normalize({ crunchbaseUrl: value }).company.crunchbaseUrl
		expect(read('crunchbase.com/organization/Acme?utm_source=x')).toBe(
			'https://www.crunchbase.com/organization/acme',
		)
		expect(read('http://www.crunchbase.com/company/acme/')).toBe(
			'https://www.crunchbase.com/organization/acme',
		)
		expect(crunchbaseUrlError(read('crunchbase.com/organization/acme') ?? '')).toBeNull()
		expect(read('https://www.crunchbase.com/person/ada')).toBeNull()
		expect(read('https://example.com/organization/acme')).toBeNull()
	})

	test('logo: https only, query kept', () => {
		const read = (value: string) => normalize({ logoUrl: value }).company.logoUrl
		expect(read('https://media.licdn.com/logo.png?e=1&t=sig')).toBe(
			'https://media.licdn.com/logo.png?e=1&t=sig',
		)
		expect(read('http://acme.com/logo.png')).toBeNull()
		expect(read('data:image/png;base64,AAAA')).toBeNull()
	})
})

describe('normalizeImportedCompany: places and funding', () => {
	test.each([
		['Berlin, Germany', { city: 'Berlin', country: 'Germany' }],
		[
			'San Francisco, CA, United States',
			{ city: 'San Francisco', geographic_area: 'CA', country: 'United States' },
		],
		['San Francisco, CA', { city: 'San Francisco', geographic_area: 'CA' }],
		['Germany', { country: 'Germany' }],
		['Berlin', { city: 'Berlin' }],
		['10115 Berlin, Germany', { city: 'Berlin', postal_code: '10115', country: 'Germany' }],
		[
			'1 Main St, Springfield, IL 62701, USA',
			{
				first_line: '1 Main St',
				city: 'Springfield',
				geographic_area: 'IL',
				postal_code: '62701',
				country: 'USA',
			},
		],
	])('headquarter text %j', (value, expected) => {
		expect(normalize({ headquarter: value }).company.headquarter).toEqual(expected)
	})

	test('headquarter object: known keys (and common aliases) only, text values', () => {
		const { company } = normalize({
			headquarter: {
				city: ' Paris ',
				country: 'France',
				postalCode: 75001,
				state: 'IDF',
				evil: '<script>',
				nested: { a: 1 },
			},
		})
		expect(company.headquarter).toEqual({
			city: 'Paris',
			country: 'France',
			postal_code: '75001',
			geographic_area: 'IDF',
		})
		expect(normalize({ headquarter: '{"city":"Oslo","country":"Norway"}' }).company.headquarter).toEqual({
			city: 'Oslo',
			country: 'Norway',
		})
		expect(normalize({ headquarter: {} }).company.headquarter).toBeNull()
		expect(normalize({ headquarter: '  ' }).company.headquarter).toBeNull()
	})

	test('locations: a list, or text split on ; | and new lines, de-duplicated', () => {
		expect(normalize({ locations: ['Berlin', ' Paris ', '', 3] }).company.locations).toEqual([
			'Berlin',
			'Paris',
			'3',
		])
		expect(normalize({ locations: 'Berlin; Paris | London\nberlin' }).company.locations).toEqual([
			'Berlin',
			'Paris',
			'London',
		])
		expect(normalize({ locations: '["Oslo","Bergen"]' }).company.locations).toEqual(['Oslo', 'Bergen'])
		expect(normalize({ locations: [{ city: 'Rome', country: 'Italy' }] }).company.locations).toEqual([
			'Rome, Italy',
		])
		expect(normalize({ locations: ' ; ' }).company.locations).toBeNull()
	})

	test('funding: JSON values and JSON text kept as values, other text as text', () => {
		expect(
			normalize({ funding: { total: 40_000_000, rounds: [{ type: 'Series B 🚀' }] } }).company.funding,
		).toEqual({
			total: 40_000_000,
			rounds: [{ type: 'Series B' }],
		})
		expect(normalize({ funding: '{"total": 5}' }).company.funding).toEqual({ total: 5 })
		expect(normalize({ funding: 'Series B, $40M' }).company.funding).toBe('Series B, $40M')
		expect(normalize({ funding: '{broken' }).company.funding).toBe('{broken')
		expect(normalize({ funding: 12 }).company.funding).toBe(12)
		expect(normalize({ funding: '' }).company.funding).toBeNull()
	})
})

describe('normalizeImportedCompany: any input', () => {
	const text = fc.oneof(
		fc.string({ unit: 'binary', maxLength: 300 }),
		fc.constantFrom(
			'acme.com',
			'http://www.acme.com/?utm_source=x',
			'linkedin.com/company/acme/about',
			'crunchbase.com/organization/acme',
			'51-200',
			'1,200',
			'1.2k',
			'Berlin, Germany',
			'San Francisco, CA, United States',
			'a; b | c',
			'{"total": 5}',
			'["Oslo"]',
			'=HYPERLINK("x")',
			'🚀',
		),
	)
	const value = fc.oneof(
		text,
		fc.integer(),
		fc.double(),
		fc.constant(null),
		fc.boolean(),
		fc.array(text, { maxLength: 3 }),
		fc.object({ maxDepth: 2 }),
	)
	const raw = fc.dictionary(
		fc.constantFrom(...IMPORTED_COMPANY_FIELDS, 'industries', 'num_employees', 'location'),
		value,
	)

	test('never throws, keeps the caps and the link rules, and normalizing twice changes nothing', () => {
		fc.assert(
			fc.property(raw, (input) => {
				const { company } = normalizeImportedCompany(input)
				expect((company.name ?? '').length).toBeLessThanOrEqual(200)
				expect((company.description ?? '').length).toBeLessThanOrEqual(10_000)
				expect((company.industry ?? '').length).toBeLessThanOrEqual(500)
				if (company.website) expect(parseHttpsUrl(company.website)).not.toBeNull()
				if (company.linkedinUrl) expect(linkedinCompanyUrlError(company.linkedinUrl)).toBeNull()
				if (company.crunchbaseUrl) expect(crunchbaseUrlError(company.crunchbaseUrl)).toBeNull()
				if (company.logoUrl) expect(parseHttpsUrl(company.logoUrl)).not.toBeNull()
				for (const field of ['name', 'description', 'summary', 'tagline', 'industry', 'revenue'] as const) {
					expect(company[field] ?? '').not.toMatch(
						// eslint-disable-next-line no-control-regex -- no control character may be left
						/[\u0000-\u0008\u000B-\u001F\u007F]|\p{Extended_Pictographic}(?<![©®™])/u,
					)
				}
				expect(normalizeImportedCompany(company as Record<string, unknown>).company).toEqual(company)
			}),
			{ numRuns: 400 },
		)
	})
})
