import { afterAll, describe, expect, test } from 'vitest'
import { action as newAction } from '#app/routes/_app+/companies.new.tsx'
import { COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { COMPANY_MESSAGES } from '#app/schemas/company.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { companyHomePageHtml } from '#tests/fakes/company-home-page.ts'
import { startFakeLinkedIn } from '#tests/fakes/linkedin-public-site.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// The New Company action's intent=autofill (the form without JavaScript posts exactly this): the
// spec's rules and messages, only empty fields filled, and no company created.
const site = await startFakeWebSite()
const linkedin = await startFakeLinkedIn()
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${site.port},127.0.0.1:${linkedin.port}`
process.env.WEB_FETCH_TIMEOUT_MS = '5000'
process.env.LINKEDIN_PUBLIC_BASE_URL = linkedin.origin
delete process.env.OPENAI_API_KEY
delete process.env.FIRECRAWL_API_KEY
resetEnvCache()
afterAll(async () => {
	await site.close()
	await linkedin.close()
})

site.html(
	'/acme',
	companyHomePageHtml({
		name: 'Acme Rockets',
		metaDescription: 'Acme Rockets flies reusable rockets for small satellite operators every week.',
		paragraphs: ['Acme Rockets builds reusable rockets for small satellite operators around the world.'],
	}),
)
linkedin.company({ slug: 'acme-rockets', name: 'Acme Rockets', industry: 'Aerospace', followers: 77 })
const LINKEDIN = 'https://www.linkedin.com/company/acme-rockets/'

function autofill(cookie: string, form: Record<string, string>) {
	return callRoute(() =>
		newAction({
			request: makeRequest('/companies/new', {
				method: 'POST',
				cookie,
				form: { intent: 'autofill', ...form },
			}),
			params: {},
			context: {},
		}),
	)
}

async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}

describe('New Company: Auto-fill', () => {
	test('needs both URLs and a LinkedIn company URL', async () => {
		const { cookie } = await createSignedInUser()
		const onlyWebsite = await autofill(cookie, { website: `${site.origin}/acme`, linkedinUrl: '' })
		expect(onlyWebsite.status).toBe(400)
		expect(onlyWebsite.body.autofill.message).toBe(COMPANY_IMPORT_MESSAGES.autofillNeedsBoth)
		expect(onlyWebsite.body.result.initialValue).toMatchObject({ website: `${site.origin}/acme` })

		const personal = await autofill(cookie, {
			website: `${site.origin}/acme`,
			linkedinUrl: 'https://www.linkedin.com/in/someone/',
		})
		expect(personal.status).toBe(400)
		expect(personal.body.result.error).toEqual({ linkedinUrl: [COMPANY_MESSAGES.linkedinNotPersonal] })
		expect(site.received.filter((request) => request.path === '/acme')).toEqual([])
	})

	test('fills only the empty fields, says so, and creates nothing', async () => {
		const { cookie, organization } = await createSignedInUser()
		const result = await autofill(cookie, {
			name: 'Our Acme',
			description: '',
			industry: '',
			website: `${site.origin}/acme`,
			linkedinUrl: LINKEDIN,
		})
		expect(result.status).toBe(200)
		expect(result.body.autofill).toMatchObject({
			tone: 'success',
			message: COMPANY_IMPORT_MESSAGES.autofillDone,
		})
		expect(result.body.result.initialValue).toMatchObject({
			name: 'Our Acme',
			description: 'Acme Rockets flies reusable rockets for small satellite operators every week.',
			industry: 'Aerospace',
			linkedinFollowers: '77',
			website: `${site.origin}/acme`,
			linkedinUrl: LINKEDIN,
		})
		expect(await toastOf(result)).toMatchObject({
			type: 'success',
			title: COMPANY_IMPORT_MESSAGES.autofillDone,
		})
		expect(await prisma.company.count({ where: { organizationId: organization.id } })).toBe(0)
	})

	test('does nothing when name, description, industry, summary and both URLs are filled', async () => {
		const { cookie } = await createSignedInUser()
		const before = site.received.length
		const full = {
			name: 'A',
			description: 'B',
			industry: 'C',
			summary: 'D',
			website: `${site.origin}/acme`,
			linkedinUrl: LINKEDIN,
		}
		const result = await autofill(cookie, full)
		expect(result.status).toBe(200)
		expect(result.body.result.initialValue).toEqual(full)
		expect(result.body.autofill.message).toBe('')
		expect(site.received.length).toBe(before)
	})

	test('a site and a LinkedIn page that cannot be read: the spec’s failure message, values kept', async () => {
		const { cookie } = await createSignedInUser()
		linkedin.company({ slug: 'walled', name: 'Walled' }, '999')
		const result = await autofill(cookie, {
			name: 'Typed',
			website: `${site.origin}/missing`,
			linkedinUrl: 'https://www.linkedin.com/company/walled/',
		})
		expect(result.status).toBe(422)
		expect(result.body.autofill.message).toBe(COMPANY_IMPORT_MESSAGES.autofillFailed)
		expect(result.body.result.initialValue).toMatchObject({ name: 'Typed' })
		expect(await toastOf(result)).toMatchObject({
			type: 'error',
			title: COMPANY_IMPORT_MESSAGES.autofillFailed,
		})
	})
})
