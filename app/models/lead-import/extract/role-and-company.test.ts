import { describe, expect, test } from 'vitest'
import { hasRoleWord } from './lead-words.ts'
import { isCompanyLike, parsePersonLine, splitRoleAndCompany } from './role-and-company.ts'

describe('splitRoleAndCompany', () => {
	test.each([
		['CTO at Acme', { role: 'CTO', companyName: 'Acme' }],
		['Head of Growth @ Initech', { role: 'Head of Growth', companyName: 'Initech' }],
		['CTO @Loom', { role: 'CTO', companyName: 'Loom' }],
		['VP Marketing, HubSpot', { role: 'VP Marketing', companyName: 'HubSpot' }],
		['(Head of RevOps, Personio)', { role: 'Head of RevOps', companyName: 'Personio' }],
		['Geschäftsführer bei Muster GmbH', { role: 'Geschäftsführer', companyName: 'Muster GmbH' }],
		['Directeur commercial chez Capgemini', { role: 'Directeur commercial', companyName: 'Capgemini' }],
		['Directora de Marketing en Telefónica', { role: 'Directora de Marketing', companyName: 'Telefónica' }],
		['the CEO of Globex', { role: 'CEO', companyName: 'Globex' }],
		['Fundador de Cabify', { role: 'Fundador', companyName: 'Cabify' }],
		['Growth Lead at Revolut | ex-N26', { role: 'Growth Lead', companyName: 'Revolut' }],
		['Founder, Acme, Inc.', { role: 'Founder', companyName: 'Acme, Inc.' }],
		['Head of Sales', { role: 'Head of Sales', companyName: undefined }],
		['Acme Corp', { companyName: 'Acme Corp' }],
		['Sales Ninja, Acme', { role: 'Sales Ninja', companyName: 'Acme' }],
	])('%s', (text, expected) => {
		expect(splitRoleAndCompany(text)).toEqual(expected)
	})

	test('places, event labels and sentences are not companies', () => {
		expect(splitRoleAndCompany('Berlin')).toEqual({})
		expect(splitRoleAndCompany('Keynote')).toEqual({})
		expect(splitRoleAndCompany('thanks for the call, talk soon')).toEqual({})
		expect(splitRoleAndCompany('CTO at Acme, Berlin')).toEqual({ role: 'CTO', companyName: 'Acme' })
		expect(isCompanyLike('We help teams ship faster. Try it')).toBe(false)
		expect(isCompanyLike('eBay')).toBe(true)
		expect(isCompanyLike('n8n')).toBe(true)
	})
})

describe('parsePersonLine', () => {
	test.each([
		['Jane Doe, CTO at Acme', 'Jane', 'CTO', 'Acme'],
		['John Smith - VP Sales, Globex', 'John', 'VP Sales', 'Globex'],
		['Ann Lee (Head of Marketing, Initech)', 'Ann', 'Head of Marketing', 'Initech'],
		['Tom Becker | Founder | Cloudsmith', 'Tom', 'Founder', 'Cloudsmith'],
		['CEO: Sarah Connor', 'Sarah', 'CEO', undefined],
		["mary-ann o'neil, head of people at Globex", 'Mary-Ann', 'head of people', 'Globex'],
	])('%s', (line, firstName, role, companyName) => {
		const person = parsePersonLine(line)
		expect(person?.name.firstName).toBe(firstName)
		expect(person?.role).toBe(role)
		expect(person?.companyName).toBe(companyName)
	})

	test('lines that do not start with a name, or say nothing about the person, are not people', () => {
		for (const line of [
			'Jane Doe: thanks for the call, talk soon',
			'Privacy Policy - Terms of Service',
			'Read more - Acme',
			'Thanks for joining, John',
			'We are hiring engineers at Acme',
			'jane doe, acme',
		]) {
			expect(parsePersonLine(line), line).toBeNull()
		}
	})
})

describe('hasRoleWord', () => {
	test('titles in several languages, German compounds, C-level acronyms', () => {
		for (const title of [
			'Chief Happiness Officer',
			'Vertriebsleiterin',
			'Produktmanager',
			'Responsable marketing',
			'Jefa de Ventas',
			'CTO',
			'ceo',
			'SVP Sales',
			'Oprichter',
		])
			expect(hasRoleWord(title), title).toBe(true)
		for (const text of ['Jane Doe', 'Berlin', 'it is late', 'Acme Robotics'])
			expect(hasRoleWord(text), text).toBe(false)
	})
})
