import fc from 'fast-check'
import iconv from 'iconv-lite'
import { describe, expect, test } from 'vitest'
import { COMPANY_IMPORT_MESSAGES, extraRowsIgnoredMessage } from '#app/schemas/company-import.ts'
import { normalizeImportedCompany } from '../normalize-imported-company.ts'
import {
	CompanyCsvError,
	previewCompanyCsv,
	readCompanyCsv,
	resolveColumnMapping,
} from './read-company-csv.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)
const SIMPLE = 'name,description,website\nAcme,Makes anvils,acme.com\nGlobex,Büro & Co – ünïcödé,globex.com\n'

function expectCsvError(run: () => unknown, message: string) {
	let thrown: unknown
	try {
		run()
	} catch (error) {
		thrown = error
	}
	expect(thrown).toBeInstanceOf(CompanyCsvError)
	expect((thrown as Error).message).toBe(message)
}

describe('encodings', () => {
	test('UTF-8 without and with a BOM', () => {
		for (const bytes of [utf8(SIMPLE), new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(SIMPLE)])]) {
			const preview = previewCompanyCsv(bytes)
			expect(preview.encoding).toBe('utf-8')
			expect(preview.headers).toEqual(['name', 'description', 'website'])
			expect(preview.sampleRows[1]).toEqual(['Globex', 'Büro & Co – ünïcödé', 'globex.com'])
		}
	})

	test.each(['utf-16le', 'utf-16be'])('%s with a BOM and without', (encoding) => {
		const withBom = iconv.encode(SIMPLE, encoding, { addBOM: true })
		const withoutBom = iconv.encode(SIMPLE, encoding)
		for (const bytes of [withBom, withoutBom]) {
			const preview = previewCompanyCsv(new Uint8Array(bytes))
			expect(preview.encoding).toBe(encoding)
			expect(preview.headers).toEqual(['name', 'description', 'website'])
			expect(preview.sampleRows[1]?.[1]).toBe('Büro & Co – ünïcödé')
		}
	})

	test('Windows-1252 (Excel on Windows)', () => {
		const text = 'Name;Description\nCafé Müller;Crème brûlée – “the best” for 5 €\n'
		const preview = previewCompanyCsv(new Uint8Array(iconv.encode(text, 'windows-1252')))
		expect(preview.encoding).toBe('windows-1252')
		expect(preview.delimiter).toBe(';')
		expect(preview.sampleRows[0]).toEqual(['Café Müller', 'Crème brûlée – “the best” for 5 €'])
	})

	test.each([
		['windows-1251', 'Название,Описание\nЯндекс,Поисковая система и технологическая компания\n'],
		['shift_jis', '会社名,説明\nトヨタ自動車,自動車メーカーです。世界最大級の企業です。\n'],
		['iso-8859-2', 'Nazwa,Opis\nŁódź Sp. z o.o.,Producent żółtych łódek w Gdańsku i Poznaniu\n'],
	])('%s (chardet’s guess)', (encoding, text) => {
		const preview = previewCompanyCsv(new Uint8Array(iconv.encode(text, encoding)))
		expect(preview.encoding).toBe(encoding)
		expect([preview.headers, ...preview.sampleRows]).toEqual(
			text
				.trim()
				.split('\n')
				.map((line) => line.split(',')),
		)
	})

	test('mostly UTF-8 with one broken byte stays UTF-8', () => {
		const bytes = new Uint8Array([
			...utf8('name,description\nZürich AG,Über uns – Büro '),
			0xff,
			...utf8(' ok\n'),
		])
		const preview = previewCompanyCsv(bytes)
		expect(preview.encoding).toBe('utf-8')
		expect(preview.sampleRows[0]).toEqual(['Zürich AG', 'Über uns – Büro ok'])
	})

	test('an empty file, a blank file and binary files are errors with the spec words', () => {
		expectCsvError(() => previewCompanyCsv(new Uint8Array()), COMPANY_IMPORT_MESSAGES.noHeaders)
		expectCsvError(() => previewCompanyCsv(utf8(' \n\n ')), COMPANY_IMPORT_MESSAGES.noHeaders)
		const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])
		expectCsvError(() => previewCompanyCsv(zip), COMPANY_IMPORT_MESSAGES.couldNotRead)
		let seed = 7
		const garbage = new Uint8Array(4_000).map(() => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256)
		expectCsvError(() => previewCompanyCsv(garbage), COMPANY_IMPORT_MESSAGES.couldNotRead)
	})

	test('a file over 1 MB is refused', () => {
		expect(() => previewCompanyCsv(new Uint8Array(1_000_001).fill(0x61))).toThrow(CompanyCsvError)
	})
})

describe('delimiters, quoting and ragged rows', () => {
	test.each([
		[',', 'name,description,industry\nAcme,"Anvils, rockets; more",Tools\nGlobex,x,y\n'],
		[';', 'name;description;industry\nAcme;"Anvils, rockets";Tools\nGlobex;x;y\n'],
		['\t', 'name\tdescription\tindustry\nAcme\tAnvils, rockets, more, and more\tTools\nGlobex\tx, y\ty\n'],
		['|', 'name|description|industry\nAcme|Anvils, rockets|Tools\nGlobex|x|y\n'],
		[',', 'name,description,industry\nAcme,Anvils; rockets; more,Tools\nGlobex,x; y,y\n'],
	])('delimiter %j', (delimiter, text) => {
		const preview = previewCompanyCsv(utf8(text))
		expect(preview.delimiter).toBe(delimiter)
		expect(preview.headers).toEqual(['name', 'description', 'industry'])
		expect(preview.sampleRows[0]?.[0]).toBe('Acme')
		expect(preview.totalRows).toBe(2)
		expect(preview.warnings).toEqual([])
	})

	test('quoted newlines and doubled quotes stay inside the cell; CRLF lines', () => {
		const text = 'name,description\r\n"Acme","Line one\r\nLine ""two"""\r\nGlobex,Plain\r\n'
		const { rows } = readCompanyCsv(utf8(text))
		expect(rows).toHaveLength(2)
		expect(rows[0]?.description).toBe('Line one\r\nLine "two"')
		expect(normalizeImportedCompany(rows[0] ?? {}).company.description).toBe('Line one\nLine "two"')
	})

	test('ragged rows are read and reported with the spec warning', () => {
		const text =
			'name,description,website\nAcme,Anvils\nGlobex,Widgets,globex.com,extra\nInitech,TPS,initech.com\n'
		const result = readCompanyCsv(utf8(text))
		expect(result.rows.map((row) => row.name)).toEqual(['Acme', 'Globex', 'Initech'])
		expect(result.rows[0]?.website).toBeUndefined()
		expect(result.warnings).toEqual([COMPANY_IMPORT_MESSAGES.parseIssues])
		expect(result.headers).toEqual(['name', 'description', 'website', 'Column 4'])
	})

	test('an unclosed quote does not swallow the rest of the file', () => {
		const text = 'name,description\nAcme,Anvils\nGlobex,"Widgets and\nInitech,TPS reports\nHooli,Search\n'
		const result = readCompanyCsv(utf8(text))
		expect(result.rows.map((row) => row.name)).toEqual(['Acme', 'Globex', 'Initech', 'Hooli'])
		expect(result.rows[1]?.description).toBe('Widgets and')
		expect(result.warnings).toContain(COMPANY_IMPORT_MESSAGES.parseIssues)
	})

	test('stray quotes inside fields are kept as text', () => {
		const { rows } = readCompanyCsv(utf8('name,description\nAcme 12" Anvils,The "best"\n'))
		expect(rows[0]).toMatchObject({ name: 'Acme 12" Anvils', description: 'The "best"' })
	})
})

describe('header row', () => {
	test('found in row 3 under a title and a blank line', () => {
		const text = 'Companies exported 2026-11-01\n\n,,\nname,description,website\nAcme,Anvils,acme.com\n'
		const preview = previewCompanyCsv(utf8(text))
		expect(preview.headers).toEqual(['name', 'description', 'website'])
		expect(preview.headerRowIndex).toBe(1)
		expect(preview.totalRows).toBe(1)
	})

	test('found in the third line under two title lines', () => {
		const text =
			'Accounts report\nExported by Ann on 2026-11-01\nCompany,About,Domain\nAcme,Anvils,acme.com\n'
		const preview = previewCompanyCsv(utf8(text))
		expect(preview.headerRowIndex).toBe(2)
		expect(preview.mapping).toEqual({ name: 0, description: 1, website: 2 })
		expect(preview.sampleRows).toEqual([['Acme', 'Anvils', 'acme.com']])
	})

	test('a headerless file (first row holds data with a link) has no headers', () => {
		const text = 'Acme,Makes anvils,acme.com\nGlobex,Exports,globex.com\n'
		expectCsvError(() => previewCompanyCsv(utf8(text)), COMPANY_IMPORT_MESSAGES.noHeaders)
	})

	test('no header row: numbers and links only', () => {
		const text =
			'1,https://acme.com,2020-01-01\n2,https://globex.com,2021-01-01\n3,https://x.com,2022-01-01\n'
		expectCsvError(() => previewCompanyCsv(utf8(text)), COMPANY_IMPORT_MESSAGES.noHeaders)
	})

	test('a header row past the first 5 rows is not looked for', () => {
		const text = '1,2\n3,4\n5,6\n7,8\n9,10\nname,description\nAcme,Anvils\n'
		expectCsvError(() => previewCompanyCsv(utf8(text)), COMPANY_IMPORT_MESSAGES.noHeaders)
	})
})

describe('limits', () => {
	test('501+ rows: 500 kept, the rest counted and reported', () => {
		const lines = Array.from({ length: 620 }, (_, index) => `Company ${index},Desc ${index}`)
		const text = `name,description\n${lines.join('\n')}\n`
		const result = readCompanyCsv(utf8(text))
		expect(result.rows).toHaveLength(500)
		expect(result.rows[499]?.name).toBe('Company 499')
		expect(result.totalRows).toBe(620)
		expect(result.ignoredRows).toBe(120)
		expect(result.warnings).toEqual([extraRowsIgnoredMessage(120)])
		const preview = previewCompanyCsv(utf8(text))
		expect(preview.totalRows).toBe(620)
		expect(preview.sampleRows).toHaveLength(5)
		expect(preview.warnings).toEqual([extraRowsIgnoredMessage(120)])
	})

	test('10,000 columns: read fast, the first 200 kept', () => {
		const header = ['name', 'description', ...Array.from({ length: 9_998 }, (_, index) => `extra ${index}`)]
		const row = ['Acme', 'Anvils', ...Array.from({ length: 9_998 }, (_, index) => String(index))]
		const started = performance.now()
		const preview = previewCompanyCsv(utf8(`${header.join(',')}\n${row.join(',')}\n`))
		expect(performance.now() - started).toBeLessThan(15_000)
		expect(preview.headers).toHaveLength(200)
		expect(preview.mapping).toMatchObject({ name: 0, description: 1 })
		expect(preview.warnings.join(' ')).toContain('9,800 more were ignored')
	})

	test('a million commas on one line finish in time', () => {
		const started = performance.now()
		const preview = previewCompanyCsv(utf8(`name,description\nAcme,Anvils${','.repeat(999_000)}\n`))
		// Generous for a loaded machine: a quadratic scan of a million commas takes minutes, not seconds.
		expect(performance.now() - started).toBeLessThan(15_000)
		expect(preview.totalRows).toBe(1)
	})

	test('a one-million-character cell is cut to 10,000 characters, fast', () => {
		const started = performance.now()
		const result = readCompanyCsv(utf8(`name,description\nAcme,"${'x'.repeat(999_000)}"\nGlobex,Widgets\n`))
		// Generous for a loaded machine (1.3 s seen beside the e2e lanes): a quadratic read takes minutes.
		expect(performance.now() - started).toBeLessThan(15_000)
		expect(result.rows[0]?.description).toHaveLength(10_000)
	})

	test('a one-million-character unquoted last line without a line break finishes fast', () => {
		const started = performance.now()
		const result = readCompanyCsv(utf8(`name,description\nAcme,${'x'.repeat(999_000)}`))
		expect(performance.now() - started).toBeLessThan(15_000)
		expect(result.rows[0]?.description).toHaveLength(10_000)
	})

	test('an unclosed quote in the first data row keeps every row after it', () => {
		const lines = Array.from({ length: 50 }, (_, index) => `Company ${index},Desc ${index}`)
		const result = readCompanyCsv(utf8(`name,description\n"Broken,Desc\n${lines.join('\n')}`))
		expect(result.totalRows).toBe(51)
		expect(result.rows[0]).toMatchObject({ name: 'Broken', description: 'Desc' })
		expect(result.rows[50]?.name).toBe('Company 49')
	})
})

describe('formula cells', () => {
	test('leading = + - @ of formulas are removed; numbers and phone numbers are not touched', () => {
		const text = [
			'name,description,employees,followers,revenue',
			'"=HYPERLINK(""http://evil"",""x"")",+cmd|\' /C calc\'!A0,-5,+49 30 1234,@SUM(A1:A2)',
			'Acme,-2+3,=1+1,-,==cmd',
		].join('\n')
		const { rows } = readCompanyCsv(utf8(text))
		expect(rows[0]).toMatchObject({
			name: 'HYPERLINK("http://evil","x")',
			description: "cmd|' /C calc'!A0",
			employeeCount: '-5',
			linkedinFollowers: '+49 30 1234',
			revenue: 'SUM(A1:A2)',
		})
		expect(rows[1]).toMatchObject({ description: '2+3', employeeCount: '1+1', revenue: 'cmd' })
	})
})

describe('mapping guess', () => {
	test("the spec's external shape maps fully and surely", () => {
		const preview = previewCompanyCsv(
			utf8(
				'name,description,website,industries,num_employees,linkedin_url,location\nAcme,Anvils,acme.com,Tools,51-200,linkedin.com/company/acme,"Berlin, Germany"\n',
			),
		)
		expect(preview.mapping).toEqual({
			name: 0,
			description: 1,
			website: 2,
			industry: 3,
			employeeCount: 4,
			linkedinUrl: 5,
			headquarter: 6,
		})
		expect(preview.mappingSure).toBe(true)
		const [row] = readCompanyCsv(
			utf8('name,description,num_employees,location\nAcme,Anvils,51-200,"Berlin, Germany"\n'),
		).rows
		expect(normalizeImportedCompany(row ?? {}).company).toMatchObject({
			employeeCountRange: '51-200',
			headquarter: { city: 'Berlin', country: 'Germany' },
		})
	})

	test('Apollo accounts export', () => {
		const headers =
			'Company,Company Name for Emails,Account Stage,# Employees,Industry,Website,Company Linkedin Url,Facebook Url,Twitter Url,Company Street,Company City,Company State,Company Country,Company Postal Code,Company Address,Keywords,Company Phone,SEO Description,Technologies,Total Funding,Latest Funding,Latest Funding Amount,Annual Revenue,Short Description,Founded Year,Logo Url'
		const row =
			'Acme Inc,Acme,Cold,1200,Machinery,http://www.acme.com,http://www.linkedin.com/company/acme,,,1 Main St,Springfield,IL,United States,62701,"1 Main St, Springfield, IL 62701, United States","anvils, rockets",+1 555,SEO text,React,40000000,Series B,20000000,5000000,Makes anvils for coyotes,1949,https://logo.example.com/acme.png'
		const preview = previewCompanyCsv(utf8(`${headers}\n${row}\n`))
		const column = (name: string) => preview.headers.indexOf(name)
		expect(preview.mapping).toMatchObject({
			name: column('Company'),
			description: column('Short Description'),
			website: column('Website'),
			linkedinUrl: column('Company Linkedin Url'),
			industry: column('Industry'),
			employeeCount: column('# Employees'),
			headquarter: column('Company Address'),
			summary: column('Keywords'),
			revenue: column('Annual Revenue'),
			funding: column('Total Funding'),
			logoUrl: column('Logo Url'),
		})
		// "Short Description" beats "SEO Description".
		expect(preview.mappingSure).toBe(true)
		const company = normalizeImportedCompany(
			readCompanyCsv(utf8(`${headers}\n${row}\n`)).rows[0] ?? {},
		).company
		expect(company).toMatchObject({
			name: 'Acme Inc',
			website: 'https://acme.com',
			linkedinUrl: 'https://www.linkedin.com/company/acme',
			employeeCount: 1200,
			headquarter: {
				first_line: '1 Main St',
				city: 'Springfield',
				geographic_area: 'IL',
				postal_code: '62701',
				country: 'United States',
			},
		})
	})

	test('HubSpot companies export: City + State/Region + Country/Region become the headquarter', () => {
		const text = [
			'Record ID,Company name,Company Domain Name,Create Date,Company owner,City,State/Region,Country/Region,Industry,Number of Employees,Annual Revenue,Description,LinkedIn Company Page,Postal Code',
			'123,Globex,globex.com,2024-01-01,Ann,Cypress Creek,OR,United States,COMPUTER_SOFTWARE,250,10000000,Global exports,https://www.linkedin.com/company/globex,97001',
		].join('\n')
		const preview = previewCompanyCsv(utf8(text))
		expect(preview.mapping).toMatchObject({
			name: 1,
			website: 2,
			headquarter: 5,
			industry: 8,
			employeeCount: 9,
			revenue: 10,
			description: 11,
			linkedinUrl: 12,
		})
		expect(preview.mappingSure).toBe(true)
		const [row] = readCompanyCsv(utf8(text)).rows
		expect(row?.headquarter).toBe('Cypress Creek, OR 97001, United States')
		expect(normalizeImportedCompany(row ?? {}).company.headquarter).toEqual({
			city: 'Cypress Creek',
			geographic_area: 'OR',
			postal_code: '97001',
			country: 'United States',
		})
	})

	test('Crunchbase export: Organization Name URL is the Crunchbase link, ranges go to the range', () => {
		const text = [
			'Organization Name,Organization Name URL,Industries,Headquarters Location,Description,CB Rank (Company),Website,LinkedIn,Number of Employees,Total Funding Amount,Estimated Revenue Range',
			'Initech,https://www.crunchbase.com/organization/initech,"Software, SaaS","Austin, Texas, United States",TPS reports as a service,1234,https://initech.com,https://www.linkedin.com/company/initech,101-250,"$12,000,000",$10M to $50M',
		].join('\n')
		const preview = previewCompanyCsv(utf8(text))
		expect(preview.mapping).toMatchObject({
			name: 0,
			crunchbaseUrl: 1,
			industry: 2,
			headquarter: 3,
			description: 4,
			website: 6,
			linkedinUrl: 7,
			employeeCount: 8,
			funding: 9,
			revenue: 10,
		})
		expect(preview.mappingSure).toBe(true)
		const company = normalizeImportedCompany(readCompanyCsv(utf8(text)).rows[0] ?? {}).company
		expect(company).toMatchObject({
			crunchbaseUrl: 'https://www.crunchbase.com/organization/initech',
			employeeCount: null,
			employeeCountRange: '101-250',
			headquarter: { city: 'Austin', geographic_area: 'Texas', country: 'United States' },
		})
	})

	test('LinkedIn Sales Navigator accounts export (no description column: not sure)', () => {
		const text = [
			'Account Name,Industry,Employee Count,Headquarters,Website,LinkedIn Company URL,Sales Navigator URL,Followers',
			'Hooli,Internet,"10,001+","Palo Alto, California, United States",hooli.xyz,https://www.linkedin.com/company/hooli/,https://www.linkedin.com/sales/company/1,"120,000"',
		].join('\n')
		const preview = previewCompanyCsv(utf8(text))
		expect(preview.mapping).toMatchObject({
			name: 0,
			industry: 1,
			employeeCount: 2,
			headquarter: 3,
			website: 4,
			linkedinUrl: 5,
			linkedinFollowers: 7,
		})
		expect(preview.mapping.description).toBeUndefined()
		expect(preview.mappingSure).toBe(false)
		const { company, errors } = normalizeImportedCompany(readCompanyCsv(utf8(text)).rows[0] ?? {})
		expect(errors).toEqual({ description: 'Description cannot be empty' })
		expect(company).toMatchObject({ employeeCountRange: '10001+', linkedinFollowers: 120_000 })
	})

	test('not sure when the name column is only a weak guess or two fields share a column', () => {
		expect(previewCompanyCsv(utf8('Brand,About\nAcme,Anvils\n')).mappingSure).toBe(false)
		expect(previewCompanyCsv(utf8('Company,Description\nAcme,Anvils\n')).mappingSure).toBe(true)
		expect(previewCompanyCsv(utf8('Company,Description,Description\nAcme,Anvils,Again\n')).mappingSure).toBe(
			false,
		)
	})
})

describe('a given mapping', () => {
	const text = 'Firm,Text,Home\nAcme,Anvils,acme.com\n'

	test('by index or by header text (any case and spacing)', () => {
		const byIndex = readCompanyCsv(utf8(text), { name: 0, description: 1, website: 2 })
		const byText = readCompanyCsv(utf8(text), {
			name: 'firm',
			description: ' TEXT ',
			website: 'Home',
			summary: null,
		})
		expect(byIndex.rows).toEqual(byText.rows)
		expect(byText.rows[0]).toMatchObject({
			name: 'Acme',
			description: 'Anvils',
			website: 'acme.com',
			summary: undefined,
		})
	})

	test('an unknown header or index is a CompanyCsvError naming it', () => {
		expect(() => readCompanyCsv(utf8(text), { name: 'Company' })).toThrow(
			/"Company", which is not in the CSV file\. Its columns are: Firm, Text, Home/,
		)
		expect(() => resolveColumnMapping({ name: 7 }, ['a', 'b'])).toThrow(CompanyCsvError)
		expectCsvError(() => resolveColumnMapping({ name: 0 }, []), COMPANY_IMPORT_MESSAGES.noHeadersForMapping)
	})
})

describe('any bytes', () => {
	const csvText = fc
		.array(
			fc.constantFrom(
				'"',
				',',
				';',
				'\t',
				'|',
				'\n',
				'\r',
				'name',
				'description',
				'Acme',
				'é',
				'=',
				'+',
				'🚀',
				' ',
				'1',
				'\u0000',
			),
			{
				maxLength: 200,
			},
		)
		.map((parts) => utf8(parts.join('')))
	const bytes = fc.oneof(csvText, fc.uint8Array({ maxLength: 500 }))

	test('give a result or a CompanyCsvError, never another error', () => {
		fc.assert(
			fc.property(bytes, (input) => {
				for (const read of [() => previewCompanyCsv(input), () => readCompanyCsv(input)]) {
					try {
						const result = read()
						expect(result.totalRows).toBeGreaterThanOrEqual(0)
						expect(result.headers.length).toBeLessThanOrEqual(200)
					} catch (error) {
						expect(error).toBeInstanceOf(CompanyCsvError)
					}
				}
			}),
			{ numRuns: 300 },
		)
	})
})
