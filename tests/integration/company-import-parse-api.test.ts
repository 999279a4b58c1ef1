import iconv from 'iconv-lite'
import { describe, expect, test } from 'vitest'
import { action, loader } from '#app/routes/api+/v1+/companies.parse.ts'
import {
	COMPANY_CSV_UPLOAD_MESSAGES,
	COMPANY_IMPORT_MESSAGES,
	CSV_FILE_TOO_LARGE_MESSAGE,
	extraRowsIgnoredMessage,
} from '#app/schemas/company-import.ts'
import { prisma } from '#app/utils/db.server.ts'
import { TEST_ORIGIN, callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

const CSV = [
	'Company Name,Description,Website,Industries,num_employees,linkedin_url,Location',
	'Acme 🚀,Makes anvils,www.acme.com/,Tools,"1,200",https://de.linkedin.com/company/acme/about/,"Berlin, Germany"',
	'Globex,,http://globex.com?utm_source=x,Software,51-200,https://www.linkedin.com/in/hank,"San Francisco, CA, United States"',
	',Nameless,,,lots,,',
].join('\n')

function csvForm(
	content: string | Uint8Array,
	{
		name = 'companies.csv',
		type = 'text/csv',
		columnMapping,
	}: { name?: string; type?: string; columnMapping?: string } = {},
) {
	const form = new FormData()
	const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
	form.append('file', new File([new Uint8Array(bytes)], name, { type }))
	if (columnMapping !== undefined) form.append('columnMapping', columnMapping)
	return form
}

function post(
	body: FormData | string | undefined,
	{ cookie, contentType }: { cookie?: string; contentType?: string } = {},
) {
	return callRoute(() =>
		action({
			request:
				typeof body === 'string'
					? new Request(new URL('/api/v1/companies/parse', TEST_ORIGIN), {
							method: 'POST',
							headers: {
								Origin: TEST_ORIGIN,
								Cookie: cookie ?? '',
								'Content-Type': contentType ?? 'text/plain',
							},
							body,
						})
					: makeRequest('/api/v1/companies/parse', { method: 'POST', cookie, form: body }),
			params: {},
			context: {},
		}),
	)
}

function expectError(
	result: { status: number; body: { error?: unknown; message?: unknown } },
	status: number,
	message?: string,
) {
	expect(result.status, JSON.stringify(result.body)).toBe(status)
	expect(typeof result.body.error).toBe('string')
	expect(typeof result.body.message).toBe('string')
	if (message) expect(result.body.message).toBe(message)
}

describe('POST /api/v1/companies/parse', () => {
	test('401 without a session; GET is 405', async () => {
		expectError(await post(csvForm(CSV)), 401)
		expectError(await callRoute(async () => loader()), 405)
	})

	test('parses, normalizes and reports field errors, storing nothing', async () => {
		const { cookie, organization } = await createSignedInUser()
		const [companiesBefore, queueablesBefore] = await Promise.all([
			prisma.company.count(),
			prisma.queueable.count(),
		])
		const result = await post(csvForm(CSV), { cookie })
		expect(result.status).toBe(200)
		expect(result.body.headers).toEqual([
			'Company Name',
			'Description',
			'Website',
			'Industries',
			'num_employees',
			'linkedin_url',
			'Location',
		])
		expect(result.body.mapping).toEqual({
			name: 0,
			description: 1,
			website: 2,
			industry: 3,
			employeeCount: 4,
			linkedinUrl: 5,
			headquarter: 6,
		})
		expect(result.body).toMatchObject({ totalRows: 3, ignoredRows: 0, warnings: [] })
		expect(result.body.companies[0]).toMatchObject({
			name: 'Acme',
			description: 'Makes anvils',
			website: 'https://acme.com',
			industry: 'Tools',
			employeeCount: 1200,
			linkedinUrl: 'https://www.linkedin.com/company/acme',
			headquarter: { city: 'Berlin', country: 'Germany' },
		})
		expect(result.body.companies[1]).toMatchObject({
			name: 'Globex',
			description: null,
			website: 'https://globex.com',
			employeeCount: null,
			employeeCountRange: '51-200',
			linkedinUrl: null,
			headquarter: { city: 'San Francisco', geographic_area: 'CA', country: 'United States' },
		})
		expect(result.body.errors).toEqual([
			{ index: 1, field: 'description', message: COMPANY_IMPORT_MESSAGES.descriptionEmpty },
			{ index: 2, field: 'name', message: COMPANY_IMPORT_MESSAGES.nameEmpty },
			{ index: 2, field: 'employeeCount', message: COMPANY_IMPORT_MESSAGES.mustBeNumeric },
		])
		expect(await prisma.company.count()).toBe(companiesBefore)
		expect(await prisma.queueable.count()).toBe(queueablesBefore)
		expect(await prisma.company.count({ where: { organizationId: organization.id } })).toBe(0)
	})

	test('a column mapping by header text or index; Windows-1252 with semicolons', async () => {
		const { cookie } = await createSignedInUser()
		const bytes = new Uint8Array(
			iconv.encode('Firma;Über uns;Heimat\nMüller GmbH;Bäckerei seit 1900;müller.de\n', 'windows-1252'),
		)
		const mapping = JSON.stringify({ name: 'firma', description: 1, website: 'Heimat', summary: null })
		const result = await post(csvForm(bytes, { columnMapping: mapping }), { cookie })
		expect(result.status).toBe(200)
		expect(result.body.mapping).toEqual({ name: 0, description: 1, website: 2 })
		expect(result.body.companies[0]).toMatchObject({
			name: 'Müller GmbH',
			description: 'Bäckerei seit 1900',
			website: 'https://xn--mller-kva.de',
		})
	})

	test('more than 500 rows: 500 companies, the rest counted and reported', async () => {
		const { cookie } = await createSignedInUser()
		const rows = Array.from({ length: 503 }, (_, index) => `Company ${index},Description ${index}`)
		const result = await post(csvForm(`name,description\n${rows.join('\n')}`), { cookie })
		expect(result.status).toBe(200)
		expect(result.body.companies).toHaveLength(500)
		expect(result.body).toMatchObject({
			totalRows: 503,
			ignoredRows: 3,
			warnings: [extraRowsIgnoredMessage(3)],
			errors: [],
		})
	})

	test('each error is a 4xx with { error, message }', async () => {
		const { cookie } = await createSignedInUser()
		expectError(await post(new FormData(), { cookie }), 400, COMPANY_CSV_UPLOAD_MESSAGES.noFile)
		const two = csvForm(CSV)
		two.append('file', new File(['name\nx'], 'b.csv', { type: 'text/csv' }))
		expectError(await post(two, { cookie }), 400, COMPANY_CSV_UPLOAD_MESSAGES.oneFile)
		expectError(
			await post(csvForm('%PDF-1.4 junk', { name: 'junk.pdf', type: 'application/pdf' }), { cookie }),
			415,
			COMPANY_CSV_UPLOAD_MESSAGES.fileType,
		)
		expectError(await post(csvForm('x'.repeat(1_000_001)), { cookie }), 413, CSV_FILE_TOO_LARGE_MESSAGE)
		expectError(await post(csvForm(''), { cookie }), 422, COMPANY_IMPORT_MESSAGES.noHeaders)
		expectError(await post(csvForm('1,2\n3,4\n'), { cookie }), 422, COMPANY_IMPORT_MESSAGES.noHeaders)
		expectError(
			await post(csvForm(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 9])), { cookie }),
			422,
			COMPANY_IMPORT_MESSAGES.couldNotRead,
		)
		expectError(
			await post(csvForm(CSV, { columnMapping: '{nope' }), { cookie }),
			400,
			COMPANY_CSV_UPLOAD_MESSAGES.mappingJson,
		)
		expectError(await post(csvForm(CSV, { columnMapping: '{"colour": 1}' }), { cookie }), 400)
		const unknown = await post(csvForm(CSV, { columnMapping: '{"name": "Firm"}' }), { cookie })
		expectError(unknown, 422)
		expect(unknown.body.message).toContain('"Firm", which is not in the CSV file')
		expectError(
			await post('name,description\nAcme,x', { cookie }),
			400,
			COMPANY_CSV_UPLOAD_MESSAGES.notMultipart,
		)
		expectError(await post('{"file": "x"}', { cookie, contentType: 'application/json' }), 400)
		expectError(await post('garbage', { cookie, contentType: 'multipart/form-data; boundary=zzz' }), 400)
	})

	test('never a 500 for garbage files', async () => {
		const { cookie } = await createSignedInUser()
		let seed = 42
		const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
		const alphabet = ['"', ',', ';', '\t', '\n', '\r', 'a', 'é', '=', '\u0000', '🚀', ' ', '|', '1']
		for (let round = 0; round < 40; round++) {
			const length = Math.floor(random() * 400)
			const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
			const bytes =
				round % 4 === 0
					? new Uint8Array(length).map(() => Math.floor(random() * 256))
					: new TextEncoder().encode(text)
			const result = await post(csvForm(bytes), { cookie })
			expect(result.status, `round ${round}: ${JSON.stringify(result.body).slice(0, 200)}`).toBeLessThan(500)
			if (result.status !== 200) expectError(result, result.status)
		}
	})

	test("another organization's member gets only its own file back; nothing is kept between calls", async () => {
		const owner = await createSignedInUser()
		const other = await createSignedInUser()
		const secret = 'name,description\nSecret Co,Top secret plans\n'
		const first = await post(csvForm(secret), { cookie: owner.cookie })
		expect(first.body.companies[0].name).toBe('Secret Co')
		const second = await post(csvForm('name,description\nOpen Co,Public\n'), { cookie: other.cookie })
		expect(second.status).toBe(200)
		expect(JSON.stringify(second.body)).not.toContain('Secret')
		expect(
			await prisma.company.count({
				where: { organizationId: { in: [owner.organization.id, other.organization.id] } },
			}),
		).toBe(0)
	})
})
