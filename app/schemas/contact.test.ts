import { describe, expect, test } from 'vitest'
import {
	CheckBatchSchema,
	ContactCreateSchema,
	ContactEditSchema,
	ContactUpdateSchema,
	normalizeUrl,
} from './contact.ts'

const valid = {
	firstName: 'Ada',
	lastName: 'Lovelace',
	companyId: 'company-1',
	role: 'CTO',
	email: 'ada@example.com',
}

function messages(schema: typeof ContactCreateSchema | typeof ContactEditSchema, input: unknown) {
	const result = schema.safeParse(input)
	return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('ContactCreateSchema (Add Contact form, POST /contacts)', () => {
	test('accepts the required fields, defaults status to NEW and tags to none', () => {
		expect(ContactCreateSchema.parse(valid)).toMatchObject({
			...valid,
			status: 'NEW',
			tagIds: [],
			phone: null,
			linkedin: null,
			roleDetails: null,
		})
	})

	test.each([
		['firstName', undefined, 'First name is required'],
		['firstName', '   ', 'First name is required'],
		['lastName', undefined, 'Last name is required'],
		['lastName', '', 'Last name is required'],
		['email', undefined, 'Email is required'],
		['email', '', 'Email is required'],
		['email', 'not-an-email', 'Invalid email address'],
		['linkedin', 'not a url', 'Please enter a valid URL'],
		['linkedin', 'ftp://linkedin.com/in/ada', 'Please enter a valid URL'],
		['linkedin', 'localhost', 'Please enter a valid URL'],
		['role', undefined, 'Role is required'],
		['role', '  ', 'Role cannot be empty'],
		['companyId', undefined, 'Company is required'],
		['companyId', '', 'Company is required'],
	])('%s = %j gives "%s"', (field, value, message) => {
		expect(messages(ContactCreateSchema, { ...valid, [field]: value })).toEqual([message])
	})

	test('lower-cases and trims the email, trims names', () => {
		const value = ContactCreateSchema.parse({ ...valid, email: '  ADA@Example.COM ', firstName: ' Ada ' })
		expect(value.email).toBe('ada@example.com')
		expect(value.firstName).toBe('Ada')
	})

	test('LinkedIn may be empty; a scheme-less address becomes https', () => {
		expect(ContactCreateSchema.parse({ ...valid, linkedin: '' }).linkedin).toBeNull()
		expect(ContactCreateSchema.parse({ ...valid, linkedin: 'linkedin.com/in/ada' }).linkedin).toBe(
			'https://www.linkedin.com/in/ada',
		)
	})

	test('tagIds: one form value, a list, duplicates and blanks', () => {
		expect(ContactCreateSchema.parse({ ...valid, tagIds: 't1' }).tagIds).toEqual(['t1'])
		expect(ContactCreateSchema.parse({ ...valid, tagIds: ['t1', 't2', 't1', ' '] }).tagIds).toEqual([
			't1',
			't2',
		])
	})

	test('status must be one of the four', () => {
		expect(ContactCreateSchema.parse({ ...valid, status: 'ARCHIVED' }).status).toBe('ARCHIVED')
		expect(messages(ContactCreateSchema, { ...valid, status: 'DONE' })).toEqual([
			'Status must be NEW, ACTIVE, ARCHIVED or INACTIVE',
		])
	})
})

describe('ContactEditSchema (Edit Contact modal)', () => {
	test('a company must be selected', () => {
		expect(messages(ContactEditSchema, { ...valid, companyId: undefined })).toEqual([
			'Please select a company',
		])
		expect(messages(ContactEditSchema, { ...valid, companyId: '' })).toEqual(['Please select a company'])
	})

	test('empty optional strings become null; first name, last name and email stay required', () => {
		const value = ContactEditSchema.parse({
			...valid,
			role: '',
			middleName: ' ',
			phone: '',
			linkedin: '',
			roleDetails: '',
			summary: undefined,
		})
		expect(value).toMatchObject({
			role: null,
			middleName: null,
			phone: null,
			linkedin: null,
			roleDetails: null,
			summary: null,
			tagIds: [],
		})
		expect(messages(ContactEditSchema, { ...valid, firstName: '' })).toEqual(['First name is required'])
		expect(messages(ContactEditSchema, { ...valid, lastName: '' })).toEqual(['Last name is required'])
		expect(messages(ContactEditSchema, { ...valid, email: '' })).toEqual(['Email is required'])
		expect(messages(ContactEditSchema, { ...valid, email: 'nope' })).toEqual(['Invalid email address'])
		expect(messages(ContactEditSchema, { ...valid, linkedin: 'nope nope' })).toEqual([
			'Please enter a valid URL',
		])
	})
})

describe('ContactUpdateSchema (PUT /contacts/:id)', () => {
	test('missing fields stay unchanged, empty optional ones become null', () => {
		expect(ContactUpdateSchema.parse({ status: 'ACTIVE' })).toEqual({ status: 'ACTIVE' })
		expect(ContactUpdateSchema.parse({ phone: '' })).toEqual({ phone: null })
		expect(ContactUpdateSchema.parse({ tagIds: [] })).toEqual({ tagIds: [] })
	})

	test('given fields follow the edit rules', () => {
		const issues = (input: unknown) =>
			ContactUpdateSchema.safeParse(input).error?.issues.map((issue) => issue.message)
		expect(issues({ firstName: '' })).toEqual(['First name is required'])
		expect(issues({ companyId: '' })).toEqual(['Please select a company'])
		expect(issues({ email: 'x' })).toEqual(['Invalid email address'])
	})
})

describe('CheckBatchSchema', () => {
	test('needs a list of addresses', () => {
		expect(
			CheckBatchSchema.parse({ linkedinUrls: ['https://linkedin.com/in/ada'] }).linkedinUrls,
		).toHaveLength(1)
		expect(CheckBatchSchema.safeParse({}).success).toBe(false)
	})
})

test('normalizeUrl', () => {
	expect(normalizeUrl('https://www.linkedin.com/in/ada')).toBe('https://www.linkedin.com/in/ada')
	expect(normalizeUrl('www.linkedin.com/in/ada')).toBe('https://www.linkedin.com/in/ada')
	expect(normalizeUrl('javascript:alert(1)')).toBeNull()
	expect(normalizeUrl('')).toBeNull()
})
