import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { action as filterAction } from '#app/routes/api+/v1+/filter.ts'
import { COMPANY_FILTER_MESSAGES } from '#app/schemas/company-filter.ts'
import { COMPANY_IMPORT_MAX_ROWS, COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { startFakeOpenAI, type FakeOpenAI, pointModelAt, unsetModel } from '#tests/fakes/openai-server.ts'
import { FILTER_COMPANIES } from '#tests/fixtures/company-filter-evaluation.ts'

// POST /api/v1/filter: through the real router with no model (the offline matcher users get by
// default), then the model path against the fake OpenAI server (route action called in-process,
// so the environment can change between tests).

delete process.env.OPENAI_API_KEY
const send = setupApiRouter()
const body = (instructions: unknown, data: unknown = FILTER_COMPANIES) => ({
	data,
	filterInstructions: instructions,
	filterType: 'companies',
})

describe('POST /api/v1/filter without a model', () => {
	test('401 without a session', async () => {
		expectApiError(await send('POST', '/api/v1/filter', { json: body('fintech') }), 401)
	})

	test('the offline matcher answers with indices into data', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const result = await send('POST', '/api/v1/filter', { cookie, json: body('companies in Germany') })
		expect(result.status).toBe(200)
		expect(result.json).toEqual({ indices: [0, 6, 10, 20, 21], matcher: 'offline' })

		const none = await send('POST', '/api/v1/filter', { cookie, json: body('companies in Japan') })
		expect(none.json).toEqual({ indices: [], matcher: 'offline' })
		// filterType may be left out: companies is the only kind.
		const noType = await send('POST', '/api/v1/filter', {
			cookie,
			json: { data: FILTER_COMPANIES, filterInstructions: 'without a website' },
		})
		expect(noType.json).toEqual({ indices: [5, 9, 28], matcher: 'offline' })
	})

	test('400 with the spec’s messages for empty criteria or no companies, and a clear one for the wrong shape', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const post = (json: unknown) => send('POST', '/api/v1/filter', { cookie, json })
		expectApiError(await post(body('   ')), 400, COMPANY_IMPORT_MESSAGES.filterRequired)
		expectApiError(await post({ data: FILTER_COMPANIES }), 400, COMPANY_IMPORT_MESSAGES.filterRequired)
		expectApiError(await post(body(42)), 400, COMPANY_IMPORT_MESSAGES.filterRequired)
		expectApiError(await post(body('fintech', [])), 400, COMPANY_IMPORT_MESSAGES.noCompaniesToFilter)
		expectApiError(await post(body('fintech', 'Acme')), 400, COMPANY_FILTER_MESSAGES.notAList)
		expectApiError(await post({ filterInstructions: 'fintech' }), 400, COMPANY_FILTER_MESSAGES.notAList)
		expectApiError(await post(body('fintech', [1, 'Acme', null])), 400, COMPANY_FILTER_MESSAGES.notACompany)
		expectApiError(await post(body('fintech', [[]])), 400, COMPANY_FILTER_MESSAGES.notACompany)
		const tooMany = Array.from({ length: COMPANY_IMPORT_MAX_ROWS + 1 }, (_value, index) => ({
			name: `C${index}`,
		}))
		expectApiError(await post(body('fintech', tooMany)), 400, COMPANY_FILTER_MESSAGES.tooMany)
		expectApiError(await post(body('x'.repeat(2001))), 400, COMPANY_FILTER_MESSAGES.instructionsTooLong)
		expectApiError(
			await post({ ...body('fintech'), filterType: 'leads' }),
			400,
			COMPANY_FILTER_MESSAGES.wrongType,
		)
		expectApiError(await send('POST', '/api/v1/filter', { cookie, body: '{"data": [' }), 400)
		expectApiError(await post([1, 2, 3]), 400)
	})

	test('garbage inside the companies is ignored, never a 500', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const garbage = [
			{ name: 7, employeeCount: 'many', headquarter: 5, locations: { city: 'Berlin' }, website: ['x'] },
			{
				name: 'Acme',
				employeeCount: '1,200',
				headquarter: 'Berlin, Germany',
				locations: 'Berlin',
				funding: { a: 1 },
			},
			{ name: '=HYPERLINK("http://evil")', description: 'x'.repeat(200_000), linkedinUrl: null },
			{},
		]
		for (const instructions of [
			'more than 1000 employees',
			'in Germany',
			'with a LinkedIn page',
			'((( ]]] \\ $^',
			'not not or or and',
		]) {
			const result = await send('POST', '/api/v1/filter', { cookie, json: body(instructions, garbage) })
			expect(result.status, `${instructions}: ${result.text.slice(0, 200)}`).toBe(200)
			expect(result.json.indices.every((index: number) => index >= 0 && index < garbage.length)).toBe(true)
		}
		const big = await send('POST', '/api/v1/filter', {
			cookie,
			json: body('more than 1000 employees', garbage),
		})
		expect(big.json.indices).toEqual([1])
	})
})

describe('POST /api/v1/filter with a model', () => {
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

	async function post(cookie: string, instructions: string) {
		return callRoute(() =>
			filterAction({
				request: makeRequest('/api/v1/filter', { method: 'POST', cookie, json: body(instructions) }),
				params: {},
				context: {},
			}),
		)
	}

	test('the model picks from a compact numbered list; its indices are checked and its usage recorded', async () => {
		const { cookie, organization } = await createSignedInUser({ role: 'MEMBER' })
		fake.setHandler(() => ({ indices: [21, 0, 0, 999, -3, 6] }))
		const result = await post(cookie, 'German companies that sell software')
		expect(result.status).toBe(200)
		expect(result.body).toEqual({ indices: [0, 6, 21], matcher: 'model' })

		const [request] = fake.requests()
		const user = request!.body.messages.find((message) => message.role === 'user')!.content
		expect(user).toContain('Criteria: German companies that sell software')
		expect(user).toContain('0. Acme Analytics | SaaS | employees: 120 | location: Berlin, Germany')
		expect(user).toContain(`${FILTER_COMPANIES.length - 1}. Ember Advisory`)
		// Recorded after the answer, without holding it up.
		await expect
			.poll(() => prisma.assistantUsage.count({ where: { organizationId: organization.id } }))
			.toBe(1)
	})

	test('a model that fails answers with the offline matcher, not an error', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		fake.queue('500', '500', '500')
		const result = await post(cookie, 'companies in Germany')
		expect(result.status).toBe(200)
		expect(result.body).toEqual({ indices: [0, 6, 10, 20, 21], matcher: 'offline' })

		fake.queue('malformed', 'malformed', 'malformed')
		const malformed = await post(cookie, 'without a website')
		expect(malformed.body).toEqual({ indices: [5, 9, 28], matcher: 'offline' })
	})
})
