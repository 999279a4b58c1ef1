import iconv from 'iconv-lite'
import { describe, expect, test } from 'vitest'
import { LEAD_IMPORT_MESSAGES, LEAD_SAVE_MAX } from '#app/schemas/lead-import.ts'
import {
	extractLeadsFromCsv,
	LEAD_CSV_MESSAGES,
	leadsCappedMessage,
	rowsWithoutNameMessage,
} from './extract-leads-from-csv.ts'
import { LeadCsvError } from './lead-csv-error.ts'
import { LEAD_INSTRUCTION_MESSAGES } from './lead-instructions.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('extractLeadsFromCsv', () => {
	test('every field by its header; names capitalised, address lower-cased, profile canonical', () => {
		const result = extractLeadsFromCsv(
			bytes(
				[
					'First Name,Middle Name,Last Name,Email,Phone,LinkedIn URL,Job Title,Seniority,Department,Company,Company Description',
					'JOHN,q,SMITH,John.Smith@Acme.COM,+1 415 555 0100,https://www.linkedin.com/in/JohnSmith/?trk=x,vp sales,vp,Sales,  Acme Inc ,"Rockets, for coyotes"',
				].join('\n'),
			),
		)
		expect(result).toEqual({
			leads: [
				{
					firstName: 'John',
					middleName: 'Q',
					lastName: 'Smith',
					email: 'john.smith@acme.com',
					phone: '+1 415 555 0100',
					linkedin: 'https://www.linkedin.com/in/johnsmith',
					role: 'VP Sales',
					roleDetails: 'vp, Sales',
					companyName: 'Acme Inc',
					companyDescription: 'Rockets, for coyotes',
				},
			],
			warnings: [],
			totalRows: 1,
			hasNameColumn: true,
		})
	})

	test('full names split (also "Last, First" and "Name, Role at Company" cells); rows without a first name are counted', () => {
		const { leads, warnings, totalRows } = extractLeadsFromCsv(
			bytes(
				[
					'Name,Company',
					'"Doe, Jane",Acme',
					'"Max Mustermann, Geschäftsführer bei Muster GmbH",',
					',Globex',
					'Dr. Maria de la Cruz PhD,Initech',
				].join('\n'),
			),
		)
		expect(totalRows).toBe(4)
		expect(leads.map((lead) => [lead.firstName, lead.lastName, lead.role ?? null, lead.companyName])).toEqual(
			[
				['Jane', 'Doe', null, 'Acme'],
				['Max', 'Mustermann', 'Geschäftsführer', 'Muster GmbH'],
				['Maria', 'de la Cruz', null, 'Initech'],
			],
		)
		expect(warnings).toEqual([rowsWithoutNameMessage(1)])
	})

	test('a file without headers is read by its values', () => {
		const { leads, hasNameColumn } = extractLeadsFromCsv(
			bytes('jane.doe@acme.com,Jane Doe,CTO,Acme\njohn@globex.com,John Smith,VP Engineering,Globex\n'),
		)
		expect(hasNameColumn).toBe(true)
		expect(leads).toMatchObject([
			{ firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@acme.com', role: 'CTO', companyName: 'Acme' },
			{
				firstName: 'John',
				lastName: 'Smith',
				email: 'john@globex.com',
				role: 'VP Engineering',
				companyName: 'Globex',
			},
		])
	})

	test('addresses and profiles are found in columns whose headers do not say so; names then come from them', () => {
		const { leads, warnings, hasNameColumn } = extractLeadsFromCsv(
			bytes(
				'Contact info,Profile,Org\nanna.schmidt@bosch.com,,Bosch\n,https://linkedin.com/in/lukas-weber-1a2b3c,Siemens\njdoe@x.com,,X\n',
			),
		)
		expect(hasNameColumn).toBe(false)
		expect(leads).toMatchObject([
			{ firstName: 'Anna', lastName: 'Schmidt', email: 'anna.schmidt@bosch.com', companyName: 'Bosch' },
			{
				firstName: 'Lukas',
				lastName: 'Weber',
				linkedin: 'https://www.linkedin.com/in/lukas-weber-1a2b3c',
				companyName: 'Siemens',
			},
		])
		expect(warnings).toEqual([LEAD_CSV_MESSAGES.noNameColumn, rowsWithoutNameMessage(1)])
	})

	test("a company-mode role prompt column is never a lead's title", () => {
		const { leads } = extractLeadsFromCsv(
			bytes('Name,Looking for,Company\nJane Doe,Head of marketing or CMO,Acme\n'),
		)
		expect(leads[0]).toMatchObject({ firstName: 'Jane', role: null, companyName: 'Acme' })
	})

	test('repeated people are merged (same address in another case, same profile)', () => {
		const { leads, warnings } = extractLeadsFromCsv(
			bytes(
				'Email,First name,Last name,Title\nNINA.ROSE@DATADOG.COM,nina,rose,\nnina.rose@datadog.com,Nina,Rose,Solutions Engineer\n',
			),
		)
		expect(leads).toHaveLength(1)
		expect(leads[0]).toMatchObject({
			firstName: 'Nina',
			lastName: 'Rose',
			role: 'Solutions Engineer',
			companyName: 'Datadog',
		})
		expect(warnings).toContain('1 row repeated a person already in the file and was merged')
	})

	test('two people of one name at different companies stay two', () => {
		const { leads } = extractLeadsFromCsv(
			bytes('Name,Company\nJohn Smith,Acme\nJohn Smith,Globex\nJohn Smith,Acme Inc\n'),
		)
		expect(leads.map((lead) => lead.companyName)).toEqual(['Acme', 'Globex'])
	})

	test('Windows-1252, UTF-16 and semicolons; formulas defused', () => {
		const latin = iconv.encode('Vorname;Nachname;Firma\nJürgen;Weiß;=HYPERLINK("x")\n', 'windows-1252')
		expect(extractLeadsFromCsv(latin).leads[0]).toMatchObject({
			firstName: 'Jürgen',
			lastName: 'Weiß',
			companyName: 'HYPERLINK("x")',
		})
		const utf16 = Buffer.concat([
			Buffer.from([0xff, 0xfe]),
			iconv.encode('First name\tLast name\nZoë\tAdams\n', 'utf-16le'),
		])
		expect(extractLeadsFromCsv(utf16).leads[0]).toMatchObject({ firstName: 'Zoë', lastName: 'Adams' })
	})

	test('instructions narrow the leads', () => {
		const csv = bytes(
			'Name,Title,Company\nJane Doe,CTO,Acme\nKenji Watanabe,Software Engineer,Acme\nAnn Lee,Account Executive,Globex\n',
		)
		expect(extractLeadsFromCsv(csv, 'only engineers').leads.map((lead) => lead.firstName)).toEqual(['Kenji'])
		expect(extractLeadsFromCsv(csv, 'only people at Globex').leads.map((lead) => lead.firstName)).toEqual([
			'Ann',
		])
		const unknown = extractLeadsFromCsv(csv, 'the ones who liked our post')
		expect(unknown.leads).toHaveLength(3)
		expect(unknown.warnings).toEqual([LEAD_INSTRUCTION_MESSAGES.notApplied])
	})

	test("binary, empty and unreadable files throw the spec's messages", () => {
		const fail = (input: Uint8Array) => {
			try {
				extractLeadsFromCsv(input)
			} catch (error) {
				expect(error).toBeInstanceOf(LeadCsvError)
				return (error as Error).message
			}
			return 'no error'
		}
		expect(fail(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(LEAD_IMPORT_MESSAGES.couldNotRead)
		expect(fail(new Uint8Array([0, 1, 2, 3, 0, 0, 7, 8, 9]))).toBe(LEAD_IMPORT_MESSAGES.couldNotRead)
		expect(fail(new Uint8Array())).toBe(LEAD_IMPORT_MESSAGES.couldNotRead)
		// Readable but about nobody: no leads (the import says so), and the model may still read it.
		expect(extractLeadsFromCsv(bytes('just some words\nand more words here\n'))).toMatchObject({
			leads: [],
			hasNameColumn: false,
		})
	})

	test('odd input never throws anything but a LeadCsvError', () => {
		for (const text of [
			'"unterminated,Jane Doe\nJohn Smith,x',
			',,,,\n,,,\n',
			'Name\n' + '"'.repeat(5_000),
			Array.from({ length: 500 }, (_, index) => `col${index}`).join(',') + '\nJane Doe',
			'Name,Email\n' + 'Jane Doe,' + 'a'.repeat(100_000) + '@x.com\n',
		]) {
			try {
				const result = extractLeadsFromCsv(bytes(text))
				expect(Array.isArray(result.leads)).toBe(true)
			} catch (error) {
				expect(error).toBeInstanceOf(LeadCsvError)
			}
		}
	})

	test('an 8,000-row, 1 MB export reads in well under a second; more than the save limit are cut with a warning', () => {
		const header =
			'First Name,Last Name,Email,Phone,Title,Seniority,Department,Company,Company Description,LinkedIn URL'
		const rows = [header]
		let length = header.length
		for (let index = 0; index < 8_000; index++) {
			const row = `Person${index},Lastname${index % 97},person.${index}@company${index % 400}.com,+44 20 7946 ${String(index % 10_000).padStart(4, '0')},Senior Engineer,senior,engineering,Company ${index % 400} Ltd,"Builds tools, for teams",https://www.linkedin.com/in/person-${index}`
			if (length + row.length + 1 > 1_000_000) break
			rows.push(row)
			length += row.length + 1
		}
		const file = bytes(rows.join('\n'))
		expect(file.length).toBeLessThanOrEqual(1_000_000)
		extractLeadsFromCsv(file)
		const { leads, totalRows } = extractLeadsFromCsv(file)
		expect(totalRows).toBeGreaterThan(5_000)
		expect(leads).toHaveLength(totalRows)

		// Letters only: a name with digits in it is not a name.
		const word = (index: number) =>
			Array.from(index.toString(26).padStart(4, '0'), (digit) =>
				String.fromCharCode(97 + parseInt(digit, 26)),
			).join('')
		const many = bytes(
			[
				'First name,Last name',
				...Array.from({ length: LEAD_SAVE_MAX + 5 }, (_, index) => `Jane,${word(index)}`),
			].join('\n'),
		)
		const capped = extractLeadsFromCsv(many)
		expect(capped.leads).toHaveLength(LEAD_SAVE_MAX)
		expect(capped.warnings).toEqual([leadsCappedMessage(5)])
	})
})
