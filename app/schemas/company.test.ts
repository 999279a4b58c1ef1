import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import {
	COMPANY_MESSAGES,
	CompanyApiCreateSchema,
	CompanyApiUpdateSchema,
	CompanyFormSchema,
	companyListQueryFromSearchParams,
	crunchbaseUrlError,
	editFormToUpdate,
	linkedinCompanyUrlError,
	linkedinProfileUrlError,
} from './company.ts'

function formData(values: Record<string, string>) {
	const data = new FormData()
	for (const [key, value] of Object.entries(values)) data.append(key, value)
	return data
}

function formErrors(values: Record<string, string>) {
	const submission = parseWithZod(formData(values), { schema: CompanyFormSchema })
	return submission.status === 'success' ? {} : (submission.reply().error ?? {})
}

function apiMessage(body: unknown) {
	const result = CompanyApiCreateSchema.safeParse(body)
	return result.success ? null : result.error.issues[0]?.message
}

const valid = { name: 'Acme', description: 'Anvils' }

describe('company form', () => {
	test('name and description are required', () => {
		expect(formErrors({})).toMatchObject({
			name: [COMPANY_MESSAGES.nameRequired],
			description: [COMPANY_MESSAGES.descriptionRequired],
		})
		expect(formErrors({ name: '   ', description: ' ' })).toMatchObject({
			name: ['Company name is required'],
			description: ['Company description is required'],
		})
	})

	test('website must be an https URL; empty is absent', () => {
		expect(formErrors({ ...valid, website: 'not a url' }).website).toEqual([
			'Please enter a valid website URL',
		])
		expect(formErrors({ ...valid, website: 'http://acme.com' }).website).toEqual([
			'Please enter a valid website URL',
		])
		expect(formErrors({ ...valid, website: 'ftp://acme.com' }).website).toEqual([
			'Please enter a valid website URL',
		])
		const ok = parseWithZod(formData({ ...valid, website: 'https://acme.com' }), {
			schema: CompanyFormSchema,
		})
		expect(ok.status === 'success' && ok.value.website).toBe('https://acme.com')
		const empty = parseWithZod(formData({ ...valid, website: '' }), { schema: CompanyFormSchema })
		expect(empty.status === 'success' && empty.value.website).toBeUndefined()
		expect(CompanyApiCreateSchema.parse({ ...valid, website: '' }).website).toBeNull()
	})

	test('a bare domain is a website: stored as its https address (issue 19)', () => {
		const bare = parseWithZod(formData({ ...valid, website: ' nordhaven.example ' }), {
			schema: CompanyFormSchema,
		})
		expect(bare.status === 'success' && bare.value.website).toBe('https://nordhaven.example')
		expect(CompanyApiCreateSchema.parse({ ...valid, website: 'www.acme.io/about' }).website).toBe(
			'https://www.acme.io/about',
		)
		// Not a domain, or another scheme: still refused.
		for (const website of ['acme', 'http://acme.com', 'acme .com', 'mailto:x@acme.com'])
			expect(formErrors({ ...valid, website }).website).toEqual(['Please enter a valid website URL'])
	})

	test('LinkedIn company URL rules', () => {
		expect(linkedinCompanyUrlError('https://www.linkedin.com/company/acme')).toBeNull()
		expect(linkedinCompanyUrlError('https://linkedin.com/company/acme/about/')).toBeNull()
		expect(linkedinCompanyUrlError('https://www.linkedin.com/in/ada')).toBe(
			'URL must be a LinkedIn company URL, not a personal profile',
		)
		expect(linkedinCompanyUrlError('https://www.linkedin.com/feed/')).toBe(
			'Please enter a valid LinkedIn company URL',
		)
		expect(linkedinCompanyUrlError('https://example.com/company/acme')).toBe(
			'Please enter a valid LinkedIn company URL',
		)
		expect(linkedinCompanyUrlError('http://www.linkedin.com/company/acme')).toBe(
			'Please enter a valid LinkedIn company URL',
		)
		expect(linkedinCompanyUrlError('linkedin')).toBe('Please enter a valid LinkedIn company URL')
		expect(formErrors({ ...valid, linkedinUrl: 'https://www.linkedin.com/in/ada' }).linkedinUrl).toEqual([
			'URL must be a LinkedIn company URL, not a personal profile',
		])
	})

	test('LinkedIn personal profile and Crunchbase organization rules', () => {
		expect(linkedinProfileUrlError('https://www.linkedin.com/in/ada')).toBeNull()
		expect(linkedinProfileUrlError('https://www.linkedin.com/company/acme')).toBe(
			'URL must be a LinkedIn personal profile URL, not a company profile',
		)
		expect(crunchbaseUrlError('https://www.crunchbase.com/organization/acme')).toBeNull()
		expect(crunchbaseUrlError('https://www.crunchbase.com/person/ada')).toBe(
			'URL must be a Crunchbase organization URL',
		)
		expect(crunchbaseUrlError('http://www.crunchbase.com/organization/acme')).toBe(
			'URL must be a Crunchbase organization URL',
		)
		expect(formErrors({ ...valid, crunchbaseUrl: 'https://example.com' }).crunchbaseUrl).toEqual([
			'URL must be a Crunchbase organization URL',
		])
	})

	test('employee count and followers are whole numbers', () => {
		for (const bad of ['1.5', '-1', 'ten', '1e3', '99999999999']) {
			expect(formErrors({ ...valid, employeeCount: bad }).employeeCount).toEqual([
				'Employee count must be a whole number',
			])
			expect(formErrors({ ...valid, linkedinFollowers: bad }).linkedinFollowers).toEqual([
				'LinkedIn followers must be a whole number',
			])
		}
		const ok = parseWithZod(formData({ ...valid, employeeCount: '120', linkedinFollowers: '0' }), {
			schema: CompanyFormSchema,
		})
		expect(ok.status === 'success' && [ok.value.employeeCount, ok.value.linkedinFollowers]).toEqual([120, 0])
		expect(apiMessage({ ...valid, employeeCount: 2.5 })).toBe('Employee count must be a whole number')
		expect(CompanyApiCreateSchema.parse({ ...valid, employeeCount: 12 }).employeeCount).toBe(12)
	})

	test('headquarter, locations and funding are JSON text in the form; bad JSON is "JSON parse error"', () => {
		expect(formErrors({ ...valid, headquarter: '{"city": ' }).headquarter).toEqual(['JSON parse error'])
		expect(formErrors({ ...valid, locations: '[oops' }).locations).toEqual(['JSON parse error'])
		expect(formErrors({ ...valid, funding: '{' }).funding).toEqual(['JSON parse error'])
		const ok = parseWithZod(
			formData({
				...valid,
				headquarter: '{"city":"Berlin","country":"DE"}',
				locations: '["Berlin","Paris"]',
				funding: '{"total":"$5M"}',
			}),
			{ schema: CompanyFormSchema },
		)
		expect(ok.status).toBe('success')
		if (ok.status !== 'success') return
		expect(ok.value.headquarter).toEqual({ city: 'Berlin', country: 'DE' })
		expect(ok.value.locations).toEqual(['Berlin', 'Paris'])
		expect(ok.value.funding).toEqual({ total: '$5M' })
	})

	test('the edit form clears the optional fields left empty', () => {
		const submission = parseWithZod(formData({ ...valid, industry: 'Tools' }), { schema: CompanyFormSchema })
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		const update = editFormToUpdate(submission.value)
		expect(update).toMatchObject({ name: 'Acme', industry: 'Tools', website: null, employeeCount: null })
		expect(update.locations).toBeNull()
	})

	test('Conform constraints mark name and description required', () => {
		const constraint = getZodConstraint(CompanyFormSchema)
		expect(constraint.name?.required).toBe(true)
		expect(constraint.description?.required).toBe(true)
		// An optional field marked required would block a form without JavaScript.
		const required = Object.entries(constraint).flatMap(([key, value]) => (value?.required ? [key] : []))
		expect(required).toEqual(['name', 'description'])
	})
})

describe('company API bodies', () => {
	test('JSON values are taken as they are', () => {
		const value = CompanyApiCreateSchema.parse({
			...valid,
			headquarter: { city: 'Berlin', first_line: 'Street 1' },
			locations: ['Berlin'],
			funding: { rounds: 2 },
			metadata: { source: 'api' },
			revenue: null,
		})
		expect(value).toMatchObject({
			headquarter: { city: 'Berlin', first_line: 'Street 1' },
			locations: ['Berlin'],
			funding: { rounds: 2 },
			metadata: { source: 'api' },
			revenue: null,
		})
		expect(apiMessage({ ...valid, locations: 'Berlin' })).toBe('Locations must be a list of text')
		expect(apiMessage({ ...valid, headquarter: 'Berlin' })).toBe('Headquarter must be an object')
		expect(apiMessage([])).toBe('Request body must be an object')
		expect(apiMessage({ description: 'x' })).toBe('Company name is required')
	})

	test('an update takes any subset; given fields are validated', () => {
		expect(CompanyApiUpdateSchema.parse({})).toEqual({})
		expect(CompanyApiUpdateSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
			'Company name is required',
		)
		expect(CompanyApiUpdateSchema.parse({ website: null })).toEqual({ website: null })
	})

	test('list query: take defaults to 20, at most 1000; skip at least 0', () => {
		const parse = (query: string) => companyListQueryFromSearchParams(new URLSearchParams(query))
		expect(parse('').data).toEqual({ take: 20, skip: 0, search: undefined })
		expect(parse('take=5000&skip=40&search=%20acme%20').data).toEqual({
			take: 1000,
			skip: 40,
			search: 'acme',
		})
		expect(parse('take=abc').success).toBe(false)
		expect(parse('take=0').success).toBe(false)
		expect(parse('skip=-1').success).toBe(false)
	})
})
