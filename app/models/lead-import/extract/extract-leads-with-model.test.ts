import { describe, expect, test } from 'vitest'
import { normalizeModelLeads, type ModelLead } from './extract-leads-with-model.server.ts'

const empty: Omit<ModelLead, 'firstName' | 'lastName'> = {
	middleName: null,
	email: null,
	phone: null,
	linkedin: null,
	role: null,
	roleDetails: null,
	companyName: null,
	companyDescription: null,
}

describe('normalizeModelLeads', () => {
	test("the model's people in our form: capitalised, lower-cased addresses, canonical profiles, no blanks or duplicates", () => {
		const leads = normalizeModelLeads(
			[
				{
					...empty,
					firstName: ' JANE ',
					lastName: 'doe',
					email: 'Jane.Doe@Acme.com',
					linkedin: 'linkedin.com/in/JaneDoe/',
					role: ' cto ',
					companyName: ' Acme ',
				},
				{
					...empty,
					firstName: 'Jane',
					lastName: 'Doe',
					phone: '+1 (415) 555-0100',
					companyDescription: 'Rockets.',
				},
				{ ...empty, firstName: '', lastName: 'Nobody' },
				{
					...empty,
					firstName: 'Bob',
					lastName: 'Stone',
					linkedin: 'https://acme.com/bob',
					email: 'not an email',
				},
			],
			{
				known: [
					{ fullName: 'Bob Stone', linkedin: 'https://www.linkedin.com/in/bobstone' },
					{ fullName: 'Extra Person' },
				],
				defaultCompany: 'Acme',
			},
		)
		expect(leads).toEqual([
			{
				firstName: 'Jane',
				middleName: null,
				lastName: 'Doe',
				email: 'jane.doe@acme.com',
				phone: '+1 415 555 0100',
				linkedin: 'https://www.linkedin.com/in/janedoe',
				role: 'CTO',
				roleDetails: null,
				companyName: 'Acme',
				companyDescription: 'Rockets.',
			},
			{
				firstName: 'Bob',
				middleName: null,
				lastName: 'Stone',
				email: null,
				phone: null,
				linkedin: 'https://www.linkedin.com/in/bobstone',
				role: null,
				roleDetails: null,
				companyName: 'Acme',
				companyDescription: null,
			},
		])
	})
})
