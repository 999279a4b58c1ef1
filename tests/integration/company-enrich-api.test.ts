import { afterAll, describe, expect, test } from 'vitest'
import {
	COMPANY_ENRICH_MAX_ENTRIES,
	COMPANY_ENRICH_MESSAGES,
	COMPANY_IMPORT_MESSAGES,
} from '#app/schemas/company-import.ts'
import { COMPANY_MESSAGES } from '#app/schemas/company.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { companyHomePageHtml } from '#tests/fakes/company-home-page.ts'
import { startFakeLinkedIn } from '#tests/fakes/linkedin-public-site.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// POST /api/v1/companies/enrich through the real router, against a local site and a fake LinkedIn
// (set before the app's first request, which reads the environment once).
const site = await startFakeWebSite()
const linkedin = await startFakeLinkedIn()
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${site.port},127.0.0.1:${linkedin.port}`
process.env.WEB_FETCH_TIMEOUT_MS = '5000'
process.env.LINKEDIN_PUBLIC_BASE_URL = linkedin.origin
delete process.env.FIRECRAWL_API_KEY
delete process.env.OPENAI_API_KEY

const send = setupApiRouter()
afterAll(async () => {
	await site.close()
	await linkedin.close()
})

const PATH = '/api/v1/companies/enrich'

describe('POST /api/v1/companies/enrich', () => {
	test('401 without a session; 405 for another method', async () => {
		expectApiError(await send('POST', PATH, { json: [{ websiteUrl: 'https://example.com' }] }), 401)
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		expectApiError(await send('PUT', PATH, { cookie, json: [] }), 405)
	})

	test('400 for a body that is not a list, an empty list, or more than 25 entries', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const post = (json: unknown) => send('POST', PATH, { cookie, json })
		expectApiError(
			await post({ linkedinUrl: 'https://www.linkedin.com/company/x' }),
			400,
			COMPANY_ENRICH_MESSAGES.notAList,
		)
		expectApiError(await post('a string'), 400, COMPANY_ENRICH_MESSAGES.notAList)
		expectApiError(await post({ companies: 'x' }), 400, COMPANY_ENRICH_MESSAGES.notAList)
		expectApiError(await post([]), 400, COMPANY_ENRICH_MESSAGES.empty)
		const many = Array.from({ length: COMPANY_ENRICH_MAX_ENTRIES + 1 }, () => ({
			websiteUrl: 'https://example.com',
		}))
		expectApiError(await post(many), 400, COMPANY_ENRICH_MESSAGES.tooMany)
		expectApiError(await post({ companies: many }), 400, COMPANY_ENRICH_MESSAGES.tooMany)
		expectApiError(await send('POST', PATH, { cookie, body: '[{"websiteUrl":' }), 400)
	})

	test('one answer per entry, in order: data, or { error, message } for each kind of bad entry', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		site.html(
			'/acme',
			companyHomePageHtml({
				name: 'Acme Rockets',
				metaDescription: 'Acme Rockets flies reusable rockets for small satellite operators.',
				paragraphs: ['Acme Rockets builds reusable rockets for small satellite operators around the world.'],
			}),
		)
		linkedin.company({
			slug: 'acme-rockets',
			name: 'Acme Rockets',
			industry: 'Aerospace',
			size: '51-200 employees',
			followers: 900,
		})
		linkedin.company({ slug: 'walled', name: 'Walled' }, '999')
		const result = await send('POST', PATH, {
			cookie,
			json: {
				companies: [
					{
						linkedinUrl: 'https://www.linkedin.com/company/acme-rockets/',
						websiteUrl: `${site.origin}/acme`,
					},
					{ linkedinUrl: 'https://www.linkedin.com/in/a-person/' },
					{ linkedinUrl: 'https://example.com/company/acme' },
					{ websiteUrl: 'javascript:alert(1)' },
					{},
					'not an object',
					{ linkedinUrl: 42 },
					{ linkedinUrl: 'https://www.linkedin.com/company/walled/' },
					{ websiteUrl: 'http://10.0.0.1/' },
				],
			},
		})
		expect(result.status).toBe(200)
		const answers = result.json as Array<Record<string, unknown>>
		expect(answers).toHaveLength(9)
		expect(answers[0]).toMatchObject({
			data: {
				name: 'Acme Rockets',
				website: `${site.origin}/acme`,
				linkedinUrl: 'https://www.linkedin.com/company/acme-rockets/',
				description: 'Acme Rockets flies reusable rockets for small satellite operators.',
				industry: 'Aerospace',
				employeeCountRange: '51-200',
				linkedinFollowers: 900,
			},
			sources: [`${site.origin}/acme`, 'https://www.linkedin.com/company/acme-rockets/'],
			warnings: [],
		})
		expect(answers.slice(1, 7)).toEqual([
			{ error: 'validation_error', message: COMPANY_MESSAGES.linkedinNotPersonal },
			{ error: 'validation_error', message: COMPANY_MESSAGES.linkedinCompany },
			{ error: 'validation_error', message: COMPANY_ENRICH_MESSAGES.websiteUrl },
			{ error: 'validation_error', message: COMPANY_ENRICH_MESSAGES.needsOne },
			{ error: 'validation_error', message: COMPANY_ENRICH_MESSAGES.entryShape },
			{ error: 'validation_error', message: COMPANY_ENRICH_MESSAGES.entryShape },
		])
		expect(answers[7]).toMatchObject({
			error: 'enrichment_failed',
			message: COMPANY_IMPORT_MESSAGES.autofillFailed,
		})
		expect(String((answers[7]!.warnings as string[])[0])).toMatch(/answered 999/)
		expect(answers[8]).toMatchObject({
			error: 'enrichment_failed',
			message: COMPANY_IMPORT_MESSAGES.autofillFailed,
		})
		expect(String((answers[8]!.warnings as string[])[0])).toMatch(/address is not public/)
	})
})
