import iconv from 'iconv-lite'
import { describe, expect, test } from 'vitest'
import { COMPANY_IMPORT_MAX_TEXT_LENGTH, COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { CompanyTextError, readTextUpload, TEXT_UPLOAD_MESSAGES } from './read-text-upload.ts'

const file = (bytes: Uint8Array | string, name = 'companies.txt', type = 'text/plain') =>
	new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

async function refusal(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(error: unknown) => error,
	)
	expect(error).toBeInstanceOf(CompanyTextError)
	return (error as CompanyTextError).message
}

describe('readTextUpload', () => {
	test('only .txt and .csv, by name (or by type when the name has no extension)', async () => {
		expect(await refusal(readTextUpload(file('Acme', 'list.pdf', 'application/pdf')))).toBe(
			COMPANY_IMPORT_MESSAGES.textFileType,
		)
		expect(await refusal(readTextUpload(file('Acme', 'list.xlsx', 'text/plain')))).toBe(
			COMPANY_IMPORT_MESSAGES.textFileType,
		)
		expect(await refusal(readTextUpload(file('Acme', 'list', 'image/png')))).toBe(
			COMPANY_IMPORT_MESSAGES.textFileType,
		)
		expect((await readTextUpload(file('Acme', 'LIST.CSV', 'application/octet-stream'))).text).toBe('Acme')
		expect((await readTextUpload(file('Acme', 'list', 'text/csv'))).text).toBe('Acme')
	})

	test('UTF-8 with and without BOM, UTF-16 LE and BE with BOM, Windows-1252', async () => {
		const text = 'Société Générale — Zürich, Malmö'
		const utf8 = await readTextUpload(file(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text)])))
		expect(utf8).toMatchObject({ text, encoding: 'utf-8' })
		expect(await readTextUpload(file(Buffer.from(text)))).toMatchObject({ text, encoding: 'utf-8' })
		const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')])
		expect(await readTextUpload(file(le))).toMatchObject({ text, encoding: 'utf-16le' })
		const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')])
		expect(await readTextUpload(file(be))).toMatchObject({ text, encoding: 'utf-16be' })
		const windows = 'Société Générale; Café Müller; “quoted” – 5 €'
		const decoded = await readTextUpload(file(iconv.encode(windows, 'windows-1252'), 'list.csv', 'text/csv'))
		expect(decoded.text).toBe(windows)
	})

	test('an empty or blank file is "No text content provided"; a binary one cannot be read', async () => {
		expect(await refusal(readTextUpload(file('')))).toBe(COMPANY_IMPORT_MESSAGES.noText)
		expect(await refusal(readTextUpload(file(' \n\t \r\n')))).toBe(COMPANY_IMPORT_MESSAGES.noText)
		const png = new Uint8Array([
			0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
		])
		expect(await refusal(readTextUpload(file(png, 'logo.txt')))).toBe(COMPANY_IMPORT_MESSAGES.couldNotRead)
	})

	test(`a long file is cut at ${COMPANY_IMPORT_MAX_TEXT_LENGTH.toLocaleString('en-US')} characters, with a warning`, async () => {
		const line = '- Acme Robotics — arms (acme.com)\n'
		const long = line.repeat(Math.ceil((COMPANY_IMPORT_MAX_TEXT_LENGTH * 5) / line.length))
		const result = await readTextUpload(file(long))
		// Cut at the last line break: no half line reads as a company.
		expect(result.text.length).toBeLessThanOrEqual(COMPANY_IMPORT_MAX_TEXT_LENGTH)
		expect(result.text.length).toBeGreaterThan(COMPANY_IMPORT_MAX_TEXT_LENGTH - line.length)
		expect(result.text.endsWith(line)).toBe(true)
		expect(result.warnings).toEqual([TEXT_UPLOAD_MESSAGES.truncated])
		const short = await readTextUpload(file(line))
		expect(short.warnings).toEqual([])
	})

	test('a multi-byte character cut at the read limit does not turn the file into Windows-1252', async () => {
		// One ASCII byte first: the read limit (an even number of bytes) then falls inside an "é".
		const text = 'x' + 'é'.repeat(COMPANY_IMPORT_MAX_TEXT_LENGTH * 2 + 1)
		const result = await readTextUpload(file(Buffer.from(text)))
		expect(result.encoding).toBe('utf-8')
		expect(result.text).toBe('x' + 'é'.repeat(COMPANY_IMPORT_MAX_TEXT_LENGTH - 1))
	})
})
