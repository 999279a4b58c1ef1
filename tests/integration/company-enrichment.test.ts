import { createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import {
	enrichCompanies,
	enrichCompany,
} from '#app/models/company-import/enrichment/enrich-company.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { companyHomePageHtml, type FakeCompanySite } from '#tests/fakes/company-home-page.ts'
import { startFakeLinkedIn } from '#tests/fakes/linkedin-public-site.ts'
import { startFakeOpenAI, pointModelAt, unsetModel } from '#tests/fakes/openai-server.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// Enrichment through the real safe fetcher against two local sites: a company's website and a
// fake of LinkedIn's public company pages (LINKEDIN_PUBLIC_BASE_URL), both let in by the allow-list.
const site = await startFakeWebSite()
const linkedin = await startFakeLinkedIn()
// A port that was open once and is closed now: connection refused, quickly.
const closedPort = await new Promise<number>((resolve) => {
	const server = createServer()
	server.listen(0, '127.0.0.1', () => {
		const { port } = server.address() as AddressInfo
		server.close(() => resolve(port))
	})
})
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${site.port},127.0.0.1:${linkedin.port},127.0.0.1:${closedPort}`
process.env.WEB_FETCH_TIMEOUT_MS = '5000'
process.env.LINKEDIN_PUBLIC_BASE_URL = linkedin.origin
delete process.env.FIRECRAWL_API_KEY
delete process.env.OPENAI_API_KEY
resetEnvCache()

afterAll(async () => {
	await site.close()
	await linkedin.close()
})
beforeEach(() => {
	site.reset()
	linkedin.resetCounters()
})

const ORG = 'org-enrichment-test'

const ACME: FakeCompanySite = {
	name: 'Acme Rockets',
	title: 'Acme Rockets — Launches that land',
	metaDescription: 'Acme Rockets flies reusable rockets for small satellite operators every week.',
	paragraphs: [
		'Acme Rockets builds reusable rockets for small satellite operators.',
		'Since 2015 we have flown 120 missions for customers in 14 countries.',
	],
	linkedinSlug: 'acme-rockets',
	logoUrl: 'https://cdn.acme.example/logo.png',
	address: { street: '1 Launch Way', city: 'Tucson', region: 'AZ', postalCode: '85701', country: 'US' },
	employees: 140,
}
const ACME_LINKEDIN = {
	slug: 'acme-rockets',
	name: 'Acme Rockets',
	tagline: 'Launches that land',
	about: 'Acme Rockets flies reusable rockets.',
	website: 'https://acme.example/',
	industry: 'Aviation and Aerospace Component Manufacturing',
	size: '51-200 employees',
	headquarters: 'Tucson, Arizona',
	followers: 12_345,
}

describe('enrichCompany', () => {
	test('fills every field it can from the site and the LinkedIn page the site links', async () => {
		site.html('/acme', companyHomePageHtml(ACME))
		linkedin.company(ACME_LINKEDIN)
		const result = await enrichCompany({ organizationId: ORG, company: { website: `${site.origin}/acme` } })
		expect(result.warnings).toEqual([])
		expect(result.sources).toEqual([`${site.origin}/acme`, 'https://www.linkedin.com/company/acme-rockets/'])
		expect(result.company).toEqual({
			name: 'Acme Rockets',
			website: `${site.origin}/acme`,
			description: 'Acme Rockets flies reusable rockets for small satellite operators every week.',
			summary:
				'Acme Rockets builds reusable rockets for small satellite operators. Since 2015 we have flown 120 missions for customers in 14 countries.',
			tagline: 'Launches that land',
			industry: 'Aviation and Aerospace Component Manufacturing',
			linkedinUrl: 'https://www.linkedin.com/company/acme-rockets/',
			logoUrl: 'https://cdn.acme.example/logo.png',
			headquarter: {
				first_line: '1 Launch Way',
				city: 'Tucson',
				geographic_area: 'AZ',
				postal_code: '85701',
				country: 'US',
			},
			employeeCount: 140,
			employeeCountRange: '51-200',
			linkedinFollowers: 12_345,
		})
		// The page's cookie banner and footer never reach the prose.
		expect(JSON.stringify(result.company)).not.toMatch(/cookies|rights reserved/i)
	})

	test('never overwrites what the row has; the LinkedIn page alone names the website', async () => {
		linkedin.company({ ...ACME_LINKEDIN, website: `${site.origin}/acme` })
		site.html('/acme', companyHomePageHtml(ACME))
		const result = await enrichCompany({
			organizationId: ORG,
			company: {
				name: 'ACME (our name)',
				description: 'Our own words.',
				industry: 'Space',
				linkedinUrl: 'https://linkedin.com/company/Acme-Rockets',
				linkedinFollowers: 0,
			},
		})
		expect(result.company).toMatchObject({
			name: 'ACME (our name)',
			description: 'Our own words.',
			industry: 'Space',
			linkedinUrl: 'https://linkedin.com/company/Acme-Rockets',
			linkedinFollowers: 0,
			website: `${site.origin}/acme`,
			tagline: 'Launches that land',
			employeeCountRange: '51-200',
		})
		expect(result.sources).toEqual([`${site.origin}/acme`, 'https://www.linkedin.com/company/acme-rockets/'])
	})

	test('an unreachable site is a warning, not a failure; LinkedIn still fills what it shows', async () => {
		linkedin.company(ACME_LINKEDIN)
		const result = await enrichCompany({
			organizationId: ORG,
			company: {
				website: `http://127.0.0.1:${closedPort}/`,
				linkedinUrl: 'https://www.linkedin.com/company/acme-rockets/',
			},
		})
		expect(result.warnings).toEqual([
			`The website http://127.0.0.1:${closedPort}/ could not be read (it or its robots.txt could not be reached)`,
		])
		expect(result.company).toMatchObject({
			name: 'Acme Rockets',
			linkedinFollowers: 12_345,
			industry: ACME_LINKEDIN.industry,
		})
		// The offline writer had LinkedIn's About to write from.
		expect(result.company.description).toBe('Acme Rockets flies reusable rockets.')
	})

	test('LinkedIn’s 999, 429 and sign-in wall are "no LinkedIn data" with a warning', async () => {
		site.html('/acme', companyHomePageHtml({ ...ACME, linkedinSlug: undefined }))
		for (const behaviour of ['999', '429', 'authwall'] as const) {
			linkedin.company({ ...ACME_LINKEDIN, slug: `acme-${behaviour}` }, behaviour)
			const result = await enrichCompany({
				organizationId: ORG,
				company: {
					website: `${site.origin}/acme`,
					linkedinUrl: `https://www.linkedin.com/company/acme-${behaviour}/`,
				},
			})
			expect(result.warnings).toHaveLength(1)
			expect(result.warnings[0]).toMatch(
				behaviour === 'authwall'
					? /sign-in wall/
					: new RegExp(`LinkedIn did not show .*answered ${behaviour}`),
			)
			expect(result.company).toMatchObject({ name: 'Acme Rockets', employeeCount: 140 })
			expect(result.company.linkedinFollowers).toBeUndefined()
			expect(result.sources).toEqual([`${site.origin}/acme`])
		}
	})

	test('nothing to read from: the company comes back as it was, with a warning', async () => {
		const company = { name: 'Only A Name' }
		expect(await enrichCompany({ organizationId: ORG, company })).toEqual({
			company,
			sources: [],
			warnings: ['No website or LinkedIn company page to enrich from'],
		})
		expect(site.received).toEqual([])
	})
})

describe('enrichCompanies', () => {
	/** /c/<i> answers after `delayMs`, counting how many are in flight at once. */
	function slowSites(count: number, delayMs: number) {
		const counter = { inFlight: 0, max: 0, served: 0 }
		for (let index = 0; index < count; index++) {
			site.route(`/c/${index}`, async (_req, res) => {
				counter.inFlight++
				counter.max = Math.max(counter.max, counter.inFlight)
				await new Promise((resolve) => setTimeout(resolve, delayMs))
				counter.inFlight--
				counter.served++
				res.writeHead(200, { 'content-type': 'text/html' })
				res.end(
					companyHomePageHtml({
						name: `Company ${index}`,
						metaDescription: `Company ${index} makes useful things for people.`,
					}),
				)
			})
		}
		return counter
	}

	test('honours the concurrency limit, reports progress per company, keeps input order', async () => {
		const counter = slowSites(12, 120)
		const companies = Array.from({ length: 12 }, (_, index) => ({ website: `${site.origin}/c/${index}` }))
		const progress: Array<[number, number]> = []
		const results = await enrichCompanies({
			organizationId: ORG,
			companies,
			concurrency: 3,
			onProgress: (done, total) => void progress.push([done, total]),
		})
		expect(counter.max).toBe(3)
		expect(progress).toEqual(Array.from({ length: 12 }, (_, index) => [index + 1, 12]))
		expect(results.map((result) => result.company.name)).toEqual(
			companies.map((_, index) => `Company ${index}`),
		)
	})

	test('stops early on abort: in-flight and unstarted companies come back unchanged, marked cancelled', async () => {
		const counter = slowSites(20, 150)
		const companies = Array.from({ length: 20 }, (_, index) => ({ website: `${site.origin}/c/${index}` }))
		const controller = new AbortController()
		const results = await enrichCompanies({
			organizationId: ORG,
			companies,
			concurrency: 2,
			signal: controller.signal,
			onProgress: (done) => {
				if (done === 2) controller.abort()
			},
		})
		const finished = results.filter((result) => !result.cancelled)
		expect(finished.length).toBeGreaterThanOrEqual(2)
		expect(finished.length).toBeLessThanOrEqual(3)
		expect(results.filter((result) => result.cancelled)).toHaveLength(20 - finished.length)
		for (const result of results.filter((entry) => entry.cancelled)) {
			expect(result.company.name).toBeUndefined()
		}
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(counter.served).toBeLessThanOrEqual(4)
	})
})

describe('with a model configured', () => {
	test('the model writes the prose from the gathered text; a failing model falls back to the offline writer', async () => {
		const openai = await startFakeOpenAI()
		pointModelAt(openai)
		try {
			site.html('/acme', companyHomePageHtml({ ...ACME, linkedinSlug: undefined }))
			openai.setHandler(() => ({
				description: 'Acme Rockets launches reusable rockets for small satellite operators.',
				// Left empty: the offline writer's summary stays.
				summary: '',
				tagline: 'Launches that land',
				industry: 'Aerospace',
			}))
			const written = await enrichCompany({
				organizationId: ORG,
				company: { website: `${site.origin}/acme` },
			})
			expect(written.company).toMatchObject({
				description: 'Acme Rockets launches reusable rockets for small satellite operators.',
				summary:
					'Acme Rockets builds reusable rockets for small satellite operators. Since 2015 we have flown 120 missions for customers in 14 countries.',
				industry: 'Aerospace',
			})
			const prompt = openai
				.requests()[0]!
				.body.messages.map((message) => message.content)
				.join('\n')
			expect(prompt).toContain('Since 2015 we have flown 120 missions')

			openai.queue('500', '500', '500')
			const fallback = await enrichCompany({
				organizationId: ORG,
				company: { website: `${site.origin}/acme` },
			})
			expect(fallback.warnings).toEqual(['The model server failed; the offline writer wrote the profile'])
			expect(fallback.company.description).toBe(ACME.metaDescription)
		} finally {
			await openai.close()
			unsetModel()
		}
	})
})
