import { describe, expect, test } from 'vitest'
import { LEAD_TEXT_MAX_LENGTH } from '#app/schemas/lead-import.ts'
import { extractLeadsFromText, TEXT_LEAD_MESSAGES } from './extract-leads-from-text.ts'
import { LEAD_INSTRUCTION_MESSAGES } from './lead-instructions.ts'

const people = (text: string, instructions?: string) =>
	extractLeadsFromText(text, instructions).leads.map((lead) =>
		Object.fromEntries(Object.entries(lead).filter(([, value]) => value != null && value !== '')),
	)

describe('extractLeadsFromText', () => {
	test('the shapes of person lines', () => {
		expect(
			people(
				[
					'Our Team',
					'Jane Doe, CTO at Acme',
					'John Smith - VP Sales, Globex',
					'Ann Lee (Head of Marketing, Initech)',
					'Contact us',
					'CEO: Sarah Connor',
				].join('\n'),
			),
		).toEqual([
			{ firstName: 'Jane', lastName: 'Doe', role: 'CTO', companyName: 'Acme' },
			{ firstName: 'John', lastName: 'Smith', role: 'VP Sales', companyName: 'Globex' },
			{ firstName: 'Ann', lastName: 'Lee', role: 'Head of Marketing', companyName: 'Initech' },
			{ firstName: 'Sarah', lastName: 'Connor', role: 'CEO' },
		])
	})

	test('a signature: name, title, company, address, phone and profile below it are one person', () => {
		expect(
			people(
				[
					'Best regards,',
					'',
					'Jane Doe',
					'Chief Executive Officer',
					'Acme Robotics',
					'jane.doe@acme-robotics.com',
					'Tel: +49 30 1234567',
					'https://www.linkedin.com/in/jane-doe-4a5b6c/',
				].join('\n'),
			),
		).toEqual([
			{
				firstName: 'Jane',
				lastName: 'Doe',
				email: 'jane.doe@acme-robotics.com',
				phone: '+49 30 1234567',
				linkedin: 'https://www.linkedin.com/in/jane-doe-4a5b6c',
				role: 'Chief Executive Officer',
				companyName: 'Acme Robotics',
			},
		])
	})

	test('"Name <email>", bare addresses (a name only from first.last), desks left out', () => {
		const { leads, warnings } = extractLeadsFromText(
			[
				'To: "Doe, Jane" <Jane.Doe@Acme.com>, John Smith <john@globex.com>',
				'Also: peter.parker@dailybugle.com, info@acme.com, jdoe@x.com',
				'Acme Robotics <hello@acme-robotics.com>',
			].join('\n'),
		)
		expect(leads.map((lead) => [lead.firstName, lead.lastName, lead.email, lead.companyName])).toEqual([
			['Jane', 'Doe', 'jane.doe@acme.com', 'Acme'],
			['John', 'Smith', 'john@globex.com', 'Globex'],
			['Peter', 'Parker', 'peter.parker@dailybugle.com', 'Dailybugle'],
		])
		expect(warnings).toEqual([TEXT_LEAD_MESSAGES.addressesWithoutName(1)])
	})

	test('LinkedIn links: the name beside them, else the slug; a profile spelling another name is not theirs', () => {
		expect(
			people(
				[
					'Olivia Brown https://www.linkedin.com/in/OliviaBrown/',
					'https://de.linkedin.com/in/lukas-mueller-123456789?trk=public_profile',
					'https://linkedin.com/in/xyz123',
					'',
					'Maria Rossi',
					'https://www.linkedin.com/in/paolo-bianchi',
				].join('\n'),
			),
		).toEqual([
			{ firstName: 'Olivia', lastName: 'Brown', linkedin: 'https://www.linkedin.com/in/oliviabrown' },
			{
				firstName: 'Lukas',
				lastName: 'Mueller',
				linkedin: 'https://www.linkedin.com/in/lukas-mueller-123456789',
			},
			// A name over a profile that spells another name: two people.
			{ firstName: 'Maria', lastName: 'Rossi' },
			{ firstName: 'Paolo', lastName: 'Bianchi', linkedin: 'https://www.linkedin.com/in/paolo-bianchi' },
		])
	})

	test('mentions of one person are merged (profile, address in any case, full name)', () => {
		expect(
			people(
				[
					'Jane Doe, CTO at Acme',
					'',
					'Follow up with Jane Doe <JANE.DOE@acme.com> next week.',
					'jane.doe@acme.com https://www.linkedin.com/in/janedoe',
					'Jane Doe, CTO at Globex',
				].join('\n'),
			),
		).toEqual([
			{
				firstName: 'Jane',
				lastName: 'Doe',
				email: 'jane.doe@acme.com',
				linkedin: 'https://www.linkedin.com/in/janedoe',
				role: 'CTO',
				companyName: 'Acme',
			},
			{ firstName: 'Jane', lastName: 'Doe', role: 'CTO', companyName: 'Globex' },
		])
	})

	test('no junk: headings, navigation, sentences, places and products are not people', () => {
		const text = [
			'Home',
			'About Us',
			'Meet the Speakers',
			'- Pricing',
			'- Enterprise Cloud',
			'- New York',
			'We help revenue teams close more deals. Book a demo today!',
			'Thanks for joining, John',
			'Jane Doe: thanks for the call, talk soon',
			'Copyright 2025 Acme Inc. All rights reserved.',
			'Call us: +1 415 555 0100',
		].join('\n')
		expect(extractLeadsFromText(text).leads).toEqual([])
	})

	test('lists of names count in bullets or runs of three; one stray name does not', () => {
		expect(people('- Hannah Schulz\n- Oliver Jones').map((lead) => lead.lastName)).toEqual([
			'Schulz',
			'Jones',
		])
		expect(people('Hannah Schulz\nOliver Jones\nMei Tanaka').map((lead) => lead.lastName)).toEqual([
			'Schulz',
			'Jones',
			'Tanaka',
		])
		expect(people('Hello everyone,\nHannah Schulz\nwill host today.')).toEqual([])
	})

	test('tables in the text are read as CSV', () => {
		expect(
			people(
				'| Name | Title | Company |\n|---|---|---|\n| Noah Williams | CFO | Klarna |\n| Emma Johansson | Head of Data | Spotify |',
			),
		).toEqual([
			{ firstName: 'Noah', lastName: 'Williams', role: 'CFO', companyName: 'Klarna' },
			{ firstName: 'Emma', lastName: 'Johansson', role: 'Head of Data', companyName: 'Spotify' },
		])
	})

	test('instructions narrow by role or company, and say when they could not', () => {
		const text =
			'Jane Doe, CTO at Acme\nKenji Watanabe, Software Engineer at Acme\nAnn Lee, Account Executive at Globex'
		expect(people(text, 'only engineers').map((lead) => lead.firstName)).toEqual(['Kenji'])
		expect(people(text, 'only people at Globex').map((lead) => lead.firstName)).toEqual(['Ann'])
		expect(extractLeadsFromText(text, 'prioritise warm intros').warnings).toEqual([
			LEAD_INSTRUCTION_MESSAGES.notApplied,
		])
	})

	test('hostile input ends quickly and finds nobody', () => {
		for (const text of [
			'a'.repeat(200_000),
			'Jane '.repeat(50_000),
			'('.repeat(50_000) + 'Jane Doe',
			'@'.repeat(100_000),
			'https://linkedin.com/in/' + 'x'.repeat(100_000),
			'A'.repeat(200_000),
			'Ab '.repeat(70_000),
			'Jane Doe (x'.repeat(20_000),
			'\u0000\u0001\u0002'.repeat(10_000),
			'Jane Doe, CTO at ' + 'Acme '.repeat(20_000),
		]) {
			const { leads } = extractLeadsFromText(text)
			expect(leads.length).toBeLessThanOrEqual(1)
		}
	})

	test('a megabyte of pasted lines in a few seconds at most', () => {
		const line = (index: number) =>
			`Person ${String.fromCharCode(65 + (index % 26))}${'abcdefghij'[index % 10]}son, Engineer at Company ${index % 300}\n`
		let text = ''
		for (let index = 0; text.length < LEAD_TEXT_MAX_LENGTH; index++) text += line(index)
		const { leads } = extractLeadsFromText(text)
		expect(leads.length).toBeGreaterThan(100)
	})
})
