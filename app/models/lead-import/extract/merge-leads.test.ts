import { describe, expect, test } from 'vitest'
import { type ExtractedLead } from '#app/schemas/lead-import.ts'
import { collectLeads } from './collect-leads.ts'
import { mergeLeads } from './merge-leads.ts'

const lead = (fields: Partial<ExtractedLead>): ExtractedLead => ({
	firstName: 'Jane',
	lastName: 'Doe',
	...fields,
})

describe('mergeLeads', () => {
	test('the same profile, the same address or the same name with nothing against it: one lead with what each knew', () => {
		const { leads, merged } = mergeLeads([
			lead({ role: 'CTO', companyName: 'Acme' }),
			lead({ email: 'jane@acme.com', linkedin: 'https://www.linkedin.com/in/janedoe' }),
			lead({
				firstName: 'J.',
				lastName: 'Doe',
				linkedin: 'https://www.linkedin.com/in/janedoe',
				phone: '+1 555 0100',
			}),
			lead({ firstName: 'Janet', lastName: 'Doherty', email: 'jane@acme.com', roleDetails: 'Engineering' }),
		])
		expect(merged).toBe(3)
		expect(leads).toEqual([
			lead({
				role: 'CTO',
				companyName: 'Acme',
				email: 'jane@acme.com',
				linkedin: 'https://www.linkedin.com/in/janedoe',
				phone: '+1 555 0100',
				roleDetails: 'Engineering',
			}),
		])
	})

	test('one name, different people: another company, address, profile or middle name keeps them apart', () => {
		const { leads } = mergeLeads([
			lead({ companyName: 'Acme' }),
			lead({ companyName: 'Globex' }),
			lead({ companyName: 'ACME, Inc.' }),
			lead({ email: 'jane@initech.com' }),
			lead({ email: 'jane.doe@hooli.com' }),
			lead({ middleName: 'Q' }),
			lead({ middleName: 'R' }),
		])
		expect(
			leads.map((found) => [found.companyName ?? null, found.email ?? null, found.middleName ?? null]),
		).toEqual([
			['Acme', null, 'Q'],
			['Globex', null, 'R'],
			// The company an address names counts against a stated one.
			[null, 'jane@initech.com', null],
			[null, 'jane.doe@hooli.com', null],
		])
	})

	test('a thousand people of one name stay linear', () => {
		const many = Array.from({ length: 5_000 }, (_, index) => lead({ email: `jane${index}@x${index}.com` }))
		expect(mergeLeads(many).leads).toHaveLength(5_000)
	})
})

describe('collectLeads', () => {
	test('drafts without a first name are counted; the company comes from the default, then the work address', () => {
		const result = collectLeads(
			[
				{ fullName: 'JANE DOE', email: 'Jane@Acme-Robotics.io' },
				{ fullName: 'John Smith', email: 'john@gmail.com' },
				{ email: 'x@y.com' },
				{ lastName: 'Only' },
			],
			{},
		)
		expect(result.withoutName).toBe(2)
		expect(result.leads.map((found) => [found.firstName, found.companyName ?? null])).toEqual([
			['Jane', 'Acme Robotics'],
			['John', null],
		])
		expect(
			collectLeads([{ fullName: 'Jane Doe', email: 'jane@acme.com' }], { defaultCompany: 'Acme GmbH' })
				.leads[0]?.companyName,
		).toBe('Acme GmbH')
	})

	test('enrich-only drafts fill in what the people lack and add nobody', () => {
		const { leads } = collectLeads([{ fullName: 'Jane Doe', role: 'CTO' }], {
			enrichOnly: [
				{ fullName: 'Jane Doe', linkedin: 'linkedin.com/in/janedoe' },
				{ fullName: 'John Smith', role: 'CEO' },
			],
		})
		expect(leads).toEqual([
			{
				firstName: 'Jane',
				middleName: null,
				lastName: 'Doe',
				email: null,
				phone: null,
				linkedin: 'https://www.linkedin.com/in/janedoe',
				role: 'CTO',
				roleDetails: null,
				companyName: null,
				companyDescription: null,
			},
		])
	})
})
