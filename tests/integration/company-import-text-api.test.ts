import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { OFFLINE_MESSAGES } from '#app/models/company-import/text/extract-companies-offline.ts'
import { MODEL_EXTRACTION_MESSAGES } from '#app/models/company-import/text/extract-companies-with-model.server.ts'
import { action as parseDocumentAction } from '#app/routes/api+/v1+/companies.parse.document.ts'
import { COMPANY_IMPORT_MAX_TEXT_LENGTH, COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { COMPANY_TEXT_PARSE_MESSAGES } from '#app/schemas/company-text-parse.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startFakeOpenAI, type FakeOpenAI, pointModelAt, unsetModel } from '#tests/fakes/openai-server.ts'

// POST /api/v1/companies/parse/document: through the real router with no model (the offline
// extractor), then the model path against the fake OpenAI server (action called in-process).

delete process.env.OPENAI_API_KEY
const send = setupApiRouter()
const fixture = (name: string) =>
	readFileSync(new URL(`../fixtures/company-text/${name}.txt`, import.meta.url), 'utf8')
const PATH = '/api/v1/companies/parse/document'

describe('POST /api/v1/companies/parse/document without a model', () => {
	test('401 without a session', async () => {
		expectApiError(await send('POST', PATH, { json: { content: 'Acme — rockets' } }), 401)
	})

	test('the offline extractor reads a pasted table into companies', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const result = await send('POST', PATH, { cookie, json: { content: fixture('markdown-table') } })
		expect(result.status).toBe(200)
		expect(result.json.extractor).toBe('offline')
		expect(result.json.warnings).toEqual([])
		expect(result.json.companies[0]).toEqual({
			name: 'Personio',
			website: 'https://personio.com',
			description: 'HR and payroll software for SMEs',
			employeeCount: 1800,
			headquarter: { city: 'Munich', country: 'Germany' },
			locations: ['Munich, Germany'],
		})
		expect(result.json.companies.map((company: { name: string }) => company.name)).toEqual([
			'Personio',
			'Deel',
			'Remote',
			'Factorial HR',
			'Payfit',
		])
	})

	test('instructions filter offline; a text without companies gives none', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const filtered = await send('POST', PATH, {
			cookie,
			json: { content: fixture('markdown-table'), instructions: 'only companies in Spain or France' },
		})
		expect(filtered.json.companies.map((company: { name: string }) => company.name)).toEqual([
			'Factorial HR',
			'Payfit',
		])
		const none = await send('POST', PATH, { cookie, json: { content: fixture('no-companies') } })
		expect(none.json).toEqual({ companies: [], warnings: [], extractor: 'offline' })
		const emails = await send('POST', PATH, { cookie, json: { content: fixture('sales-email-thread') } })
		expect(emails.json.warnings).toEqual([OFFLINE_MESSAGES.fromEmails])
	})

	test('400 "No text content provided" for blank or missing content; other wrong shapes are 400 too', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const post = (json: unknown) => send('POST', PATH, { cookie, json })
		expectApiError(await post({ content: '' }), 400, COMPANY_IMPORT_MESSAGES.noText)
		expectApiError(await post({ content: ' \n\t ' }), 400, COMPANY_IMPORT_MESSAGES.noText)
		expectApiError(await post({}), 400, COMPANY_IMPORT_MESSAGES.noText)
		expectApiError(await post({ content: 42 }), 400, COMPANY_IMPORT_MESSAGES.noText)
		expectApiError(await post({ content: ['Acme'] }), 400, COMPANY_IMPORT_MESSAGES.noText)
		expectApiError(
			await post({ content: 'Acme', instructions: 5 }),
			400,
			COMPANY_TEXT_PARSE_MESSAGES.instructionsNotText,
		)
		expectApiError(
			await post({ content: 'Acme', instructions: 'x'.repeat(2001) }),
			400,
			COMPANY_TEXT_PARSE_MESSAGES.instructionsTooLong,
		)
		expectApiError(await send('POST', PATH, { cookie, body: 'content=Acme' }), 400)
	})

	test('long and hostile text: cut with a warning, never a 500', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const long = '- Acme Robotics — arms (acme.com)\n'.repeat(
			Math.ceil((COMPANY_IMPORT_MAX_TEXT_LENGTH + 10_000) / 34),
		)
		const cut = await send('POST', PATH, { cookie, json: { content: long } })
		expect(cut.status).toBe(200)
		expect(cut.json.warnings).toEqual([COMPANY_TEXT_PARSE_MESSAGES.truncated])
		expect(cut.json.companies).toHaveLength(1)

		for (const content of [
			'a'.repeat(150_000),
			'=HYPERLINK("http://evil.example","click"),=1+2,@SUM(A1)\n=cmd|\' /C calc\'!A0',
			'|||\n|---|\n| | |\n',
			'name,website\n"unterminated,acme.com\n',
			'\u0001\u0002\u0007 binary \u001f junk ÿþ',
			'( ( ( [ [ ] http:// https://. www. @ @@ .com .com.com',
			'#'.repeat(10_000),
			Array.from({ length: 3000 }, (_value, index) => `col${index}`).join(',') + '\n' + 'x,'.repeat(3000),
		]) {
			const result = await send('POST', PATH, { cookie, json: { content } })
			expect(result.status, result.text.slice(0, 200)).toBe(200)
			expect(Array.isArray(result.json.companies)).toBe(true)
		}
	})
})

describe('POST /api/v1/companies/parse/document with a model', () => {
	let fake: FakeOpenAI
	beforeAll(async () => {
		fake = await startFakeOpenAI()
	})
	afterAll(async () => {
		await fake.close()
		unsetModel()
	})
	beforeEach(() => {
		fake.reset()
		pointModelAt(fake, { OPENAI_TIMEOUT_MS: '5000' })
	})

	const post = (cookie: string, json: unknown) =>
		callRoute(() =>
			parseDocumentAction({
				request: makeRequest(PATH, { method: 'POST', cookie, json }),
				params: {},
				context: {},
			}),
		)

	test('structured output, normalized to our fields; the instructions reach the model', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		fake.setHandler(() => ({
			companies: [
				{
					name: ' Acme Robotics ',
					description: 'Industrial arms.',
					website: 'WWW.Acme-Robotics.com/about',
					linkedinUrl: 'linkedin.com/company/acme-robotics/',
					industry: 'Robotics',
					employeeCount: null,
					employeeCountRange: '51-200 employees',
					location: 'Berlin, Germany',
				},
				{
					name: 'Acme Robotics',
					description: null,
					website: 'acme-robotics.com',
					linkedinUrl: null,
					industry: null,
					employeeCount: 80,
					employeeCountRange: null,
					location: null,
				},
				{
					name: '',
					description: null,
					website: null,
					linkedinUrl: null,
					industry: null,
					employeeCount: null,
					employeeCountRange: null,
					location: null,
				},
			],
		}))
		const result = await post(cookie, {
			content: fixture('markdown-table'),
			instructions: 'only German ones',
		})
		expect(result.status).toBe(200)
		expect(result.body).toEqual({
			extractor: 'model',
			warnings: [],
			companies: [
				{
					name: 'Acme Robotics',
					description: 'Industrial arms.',
					website: 'https://acme-robotics.com',
					linkedinUrl: 'https://www.linkedin.com/company/acme-robotics',
					industry: 'Robotics',
					employeeCountRange: '51-200',
					headquarter: { city: 'Berlin', country: 'Germany' },
					locations: ['Berlin, Germany'],
				},
			],
		})
		const user = fake.requests()[0]!.body.messages.find((message) => message.role === 'user')!.content
		expect(user).toContain('only German ones')
		expect(user).toContain('| Personio | personio.com |')
	})

	test('a model that fails falls back to the offline extractor with a warning', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		fake.queue('500', '500', '500')
		const result = await post(cookie, { content: fixture('pasted-csv') })
		expect(result.status).toBe(200)
		expect(result.body.extractor).toBe('offline')
		expect(result.body.companies).toHaveLength(7)
		expect(result.body.warnings).toEqual([`${MODEL_EXTRACTION_MESSAGES.fellBack} (The model server failed).`])
	})
})
