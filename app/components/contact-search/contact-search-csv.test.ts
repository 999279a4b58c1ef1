import { parse } from 'csv-parse/sync'
import { describe, expect, test } from 'vitest'
import { type ContactSearchResult } from '#app/schemas/contact-search.ts'
import { contactSearchCsv, contactSearchCsvFileName } from './contact-search-csv.ts'

function person(patch: Partial<ContactSearchResult>): ContactSearchResult {
	return {
		id: 'r1',
		rank: 1,
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: 'ada@example.com',
		phone: null,
		role: 'VP Sales',
		roleDetails: null,
		companyName: 'Acme',
		linkedinUrl: 'https://www.linkedin.com/in/ada',
		matchReason: 'VP-level sales leader',
		score: 0.9,
		relevanceScore: 90,
		location: 'Berlin',
		companyData: { id: 'c1', name: 'Acme' },
		source: 'CONTACTS',
		existingContactId: null,
		...patch,
	}
}

const search = {
	mode: 'bulk' as const,
	query: { lookingFor: 'VP of Sales,\nin Europe', topX: 5 },
	results: [
		{
			companyId: 'c1',
			companyName: 'Acme',
			website: null,
			logoUrl: null,
			topContacts: [],
			totalEmployeesAnalyzed: 3,
		},
		{
			companyId: 'c2',
			companyName: 'Globex',
			website: null,
			logoUrl: null,
			topContacts: [],
			totalEmployeesAnalyzed: 2,
		},
	],
}

describe('contact search CSV', () => {
	test('file names carry the mode and the day', () => {
		const day = new Date('2026-11-27T10:00:00Z')
		expect(contactSearchCsvFileName('single', day)).toBe('contact-search-results-2026-11-27.csv')
		expect(contactSearchCsvFileName('bulk', day)).toBe('bulk-contact-search-results-2026-11-27.csv')
	})

	test('comment lines, then quoted values and neutralized formula cells', () => {
		const text = contactSearchCsv(
			search,
			[
				person({ role: 'Head of Sales, "EMEA"', matchReason: 'Sales leader\nbased in Berlin' }),
				person({
					id: 'r2',
					rank: null,
					firstName: '=HYPERLINK("x")',
					lastName: '+1',
					email: '@evil',
					role: '-2',
					existingContactId: 'k1',
				}),
			],
			new Date('2026-11-27T10:00:00Z'),
		)
		const lines = text.split('\r\n')
		expect(lines[0]).toBe('# Query: VP of Sales, in Europe')
		expect(lines[1]).toBe('# Date: 2026-11-27T10:00:00.000Z')
		expect(lines[2]).toBe('# Companies: Acme; Globex')
		const rows = parse(lines.slice(3).join('\r\n'), { columns: true }) as Array<Record<string, string>>
		expect(rows).toHaveLength(2)
		expect(rows[0]).toMatchObject({
			Rank: '1',
			Role: 'Head of Sales, "EMEA"',
			'Match Reason': 'Sales leader\nbased in Berlin',
			'Already a contact': 'no',
		})
		expect(rows[1]).toMatchObject({
			Rank: '',
			'First Name': `'=HYPERLINK("x")`,
			'Last Name': "'+1",
			Email: "'@evil",
			Role: "'-2",
			'Already a contact': 'yes',
		})
	})
})
