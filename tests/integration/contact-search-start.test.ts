import { afterEach, expect, test } from 'vitest'
import { type ContactSearchPayload } from '#app/models/contact-search/start-contact-search.server.ts'
import { action as importCompanies } from '#app/routes/api+/v1+/lead-scraper.import.company.ts'
import { action as startBulk } from '#app/routes/api+/v2+/leads.contacts.search.bulk.ts'
import { action as startSingle } from '#app/routes/api+/v2+/leads.contacts.search.ts'
import {
	CONTACT_SEARCH_MESSAGES,
	CONTACT_SEARCH_TYPE,
	NO_COMPANY_DESCRIPTION,
} from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// Starting a contact search through API v2 (issue 15): the spec's validation messages as
// `{ success: false, error, message }` 4xx, another organization's or an unknown company id a 404,
// and a started search a Queueable with the payload the job reads.

delete process.env.OPENAI_API_KEY

afterEach(async () => {
	await stopEventHub()
})

type StoredPayload = ContactSearchPayload

const post = (route: typeof startSingle, path: string, json: unknown, cookie: string) =>
	callRoute(() =>
		route({ request: makeRequest(path, { method: 'POST', cookie, json }), params: {}, context: {} }),
	)
const single = (json: unknown, cookie: string) =>
	post(startSingle, '/api/v2/leads/contacts/search', json, cookie)
const bulk = (json: unknown, cookie: string) =>
	post(startBulk, '/api/v2/leads/contacts/search/bulk', json, cookie)

test('the spec’s validation: 0 or 21 people, empty lookingFor, no companies, oversized requests', async () => {
	const { cookie } = await createSignedInUser()
	const company = { name: 'Acme Anvils' }
	const cases: Array<[() => ReturnType<typeof single>, string]> = [
		[
			() => single({ targetCompany: company, lookingFor: 'CTO', topX: 0 }, cookie),
			CONTACT_SEARCH_MESSAGES.atLeastOne,
		],
		[
			() => single({ targetCompany: company, lookingFor: 'CTO', topX: 21 }, cookie),
			CONTACT_SEARCH_MESSAGES.tooMany,
		],
		[
			() => bulk({ targetCompanies: [company], lookingFor: 'CTO', topX: 21 }, cookie),
			CONTACT_SEARCH_MESSAGES.tooManyPerCompany,
		],
		[
			() => single({ targetCompany: company, lookingFor: '   ', topX: 5 }, cookie),
			CONTACT_SEARCH_MESSAGES.lookingForRequired,
		],
		[
			() => bulk({ targetCompanies: [], lookingFor: 'CTO', topX: 5 }, cookie),
			CONTACT_SEARCH_MESSAGES.selectCompany,
		],
		[
			() => single({ targetCompany: {}, lookingFor: 'CTO', topX: 5 }, cookie),
			CONTACT_SEARCH_MESSAGES.companyRequired,
		],
		[
			() =>
				bulk(
					{
						targetCompanies: Array.from({ length: 101 }, (_, i) => ({ name: `Co ${i}` })),
						lookingFor: 'CTO',
						topX: 5,
					},
					cookie,
				),
			'At most 100 companies at once',
		],
		[
			() => single({ targetCompany: company, lookingFor: 'x'.repeat(2_001), topX: 5 }, cookie),
			'At most 2000 characters',
		],
		[() => single({}, cookie), CONTACT_SEARCH_MESSAGES.companyRequired],
	]
	for (const [call, message] of cases) {
		const response = await call()
		expect(response.status, message).toBe(400)
		expect(response.body).toEqual({ success: false, error: 'validation_error', message })
	}
	const notJson = await callRoute(() =>
		startSingle({
			request: new Request('http://localhost:3000/api/v2/leads/contacts/search', {
				method: 'POST',
				headers: { Origin: 'http://localhost:3000', Cookie: cookie, 'Content-Type': 'application/json' },
				body: '{nope',
			}),
			params: {},
			context: {},
		}),
	)
	expect(notJson.status).toBe(400)
	expect(notJson.body.success).toBe(false)
	expect(await prisma.queueable.count({ where: { type: CONTACT_SEARCH_TYPE } })).toBe(0)
})

test('another organization’s company id, or an unknown one, is a 404 and starts nothing', async () => {
	const owner = await createSignedInUser()
	const other = await createSignedInUser()
	const theirs = await prisma.company.create({
		data: {
			organizationId: other.organization.id,
			name: 'Their Co',
			slug: 'their-co',
			description: 'Secret',
		},
	})
	const foreign = await single({ targetCompany: { id: theirs.id }, lookingFor: 'CTO', topX: 5 }, owner.cookie)
	expect(foreign.status).toBe(404)
	expect(foreign.body).toEqual({ success: false, error: 'not_found', message: 'Company not found' })
	expect(JSON.stringify(foreign.body)).not.toContain('Their Co')
	const unknown = await bulk(
		{ targetCompanies: [{ name: 'Fine' }, { id: 'no-such-company' }], lookingFor: 'CTO', topX: 5 },
		owner.cookie,
	)
	expect(unknown.status).toBe(404)
	expect(await prisma.queueable.count({ where: { organizationId: owner.organization.id } })).toBe(0)
})

test('a started search is a Queueable of the contact search type with its companies resolved', async () => {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	const acme = await prisma.company.create({
		data: {
			organizationId,
			name: 'Acme Anvils',
			slug: 'acme-anvils',
			description: 'Anvils',
			website: 'https://acme.test',
		},
	})
	const globex = await prisma.company.create({
		data: {
			organizationId,
			name: 'Globex Corporation',
			slug: 'globex-corporation',
			description: 'Globes',
			website: 'https://www.globex.co.uk',
		},
	})
	const started = await bulk(
		{
			targetCompanies: [
				{ id: acme.id },
				{ name: 'ACME anvils' },
				{ name: 'Globex', website: 'globex.co.uk/about' },
				{
					name: 'Initech',
					website: 'https://initech.test',
					linkedin_url: 'https://www.linkedin.com/company/initech',
				},
			],
			lookingFor: '  Head of Engineering ',
			topX: 7,
		},
		owner.cookie,
	)
	expect(started.status).toBe(202)
	expect(started.body.success).toBe(true)
	expect(started.body.data).toMatchObject({ totalCompanies: 4 })
	expect(started.body.data.estimatedTime).toMatch(/^about \d+ (seconds|minutes)$/)
	const queueable = await prisma.queueable.findUniqueOrThrow({ where: { id: started.body.data.queueableId } })
	expect(queueable).toMatchObject({
		organizationId,
		userId: owner.user.id,
		type: CONTACT_SEARCH_TYPE,
		status: 'PENDING',
	})
	expect(queueable.metadata).toMatchObject({ totalCompanies: 4 })
	const payload = queueable.payload as unknown as StoredPayload
	expect(payload).toMatchObject({
		mode: 'bulk',
		lookingFor: 'Head of Engineering',
		topX: 7,
		myCompany: NO_COMPANY_DESCRIPTION,
	})
	expect(payload.companies.map((c) => c.id)).toEqual([acme.id, acme.id, globex.id, null])
	expect(payload.companies[3]).toMatchObject({
		name: 'Initech',
		linkedinUrl: 'https://www.linkedin.com/company/initech',
	})
	const jobs = await prisma.$queryRaw<Array<{ task_identifier: string }>>`
		SELECT task_identifier FROM graphile_worker.jobs WHERE key = ${`queueable:${queueable.id}`}`
	expect(jobs).toEqual([{ task_identifier: 'search_contacts' }])

	await prisma.organization.update({
		where: { id: organizationId },
		data: { description: 'We sell rockets' },
	})
	const second = await single({ targetCompany: { id: acme.id }, lookingFor: 'CTO', topX: 1 }, owner.cookie)
	const secondPayload = (
		await prisma.queueable.findUniqueOrThrow({ where: { id: second.body.data.queueableId } })
	).payload as unknown as StoredPayload
	expect(secondPayload).toMatchObject({ mode: 'single', myCompany: 'We sell rockets' })
	await prisma.organization.update({
		where: { id: organizationId },
		data: { summary: 'Rockets, summarized' },
	})
	const third = await single({ targetCompany: { id: acme.id }, lookingFor: 'CTO', topX: 1 }, owner.cookie)
	const thirdPayload = (
		await prisma.queueable.findUniqueOrThrow({ where: { id: third.body.data.queueableId } })
	).payload as unknown as StoredPayload
	expect(thirdPayload.myCompany).toBe('Rockets, summarized')
})

test('signed out: 401', async () => {
	const response = await callRoute(() =>
		startSingle({
			request: makeRequest('/api/v2/leads/contacts/search', {
				method: 'POST',
				json: { targetCompany: { name: 'A' }, lookingFor: 'CTO', topX: 1 },
			}),
			params: {},
			context: {},
		}),
	)
	expect(response.status).toBe(401)
})

test('the lead scraper’s company mode: each CSV of companies starts one bulk search', async () => {
	const owner = await createSignedInUser()
	const upload = (files: Array<[string, string]>, fields: Record<string, string>) => {
		const form = new FormData()
		files.forEach(([name, text], index) =>
			form.append(`file-${index}`, new File([text], name, { type: 'text/csv' })),
		)
		for (const [key, value] of Object.entries(fields)) form.append(key, value)
		return callRoute(() =>
			importCompanies({
				request: makeRequest('/api/v1/lead-scraper/import/company', {
					method: 'POST',
					cookie: owner.cookie,
					form,
				}),
				params: {},
				context: {},
			}),
		)
	}
	const csv =
		'Name,Website,LinkedIn URL\nAcme Anvils,acme.test,https://www.linkedin.com/company/acme\nGlobex,globex.test,\n'
	const one = await upload([['companies.csv', csv]], {
		lookingFor: 'CTO',
		rolePromptPresent: 'false',
		topX: '4',
	})
	expect(one.status).toBe(202)
	expect(one.body).toEqual({ queueableId: expect.any(String), totalCompanies: 2 })
	const payload = (await prisma.queueable.findUniqueOrThrow({ where: { id: one.body.queueableId } }))
		.payload as unknown as StoredPayload
	expect(payload).toMatchObject({ mode: 'bulk', topX: 4, lookingFor: 'CTO' })
	expect(payload.companies.map((c) => [c.name, c.website, c.linkedinUrl])).toEqual([
		['Acme Anvils', 'https://acme.test', 'https://www.linkedin.com/company/acme'],
		['Globex', 'https://globex.test', null],
	])

	const two = await upload(
		[
			['a.csv', csv],
			['b.csv', 'Name\nInitech\n'],
		],
		{ lookingFor: 'CTO', topX: '2' },
	)
	expect(two.status).toBe(202)
	expect(two.body.queueableIds).toHaveLength(2)
	expect(two.body.totalCompanies).toBe(3)

	const tooMany = await upload([['c.csv', csv]], { lookingFor: 'CTO', topX: '21' })
	expect(tooMany.status).toBe(400)
	expect(tooMany.body.message).toBe(CONTACT_SEARCH_MESSAGES.tooManyPerCompany)
	const noLookingFor = await upload([['c.csv', csv]], { topX: '3' })
	expect(noLookingFor.status).toBe(400)
	// Company mode's own message: a role prompt column would have done instead.
	expect(noLookingFor.body.message).toBe(CONTACT_SEARCH_MESSAGES.rolePromptOrLookingFor)
	const prompted = await upload([['p.csv', 'Name,Looking for\nInitech,Head of Finance or CFO\n']], {
		topX: '3',
	})
	expect(prompted.status).toBe(202)
	const noFile = await upload([], { lookingFor: 'CTO', topX: '3' })
	expect(noFile.status).toBe(400)
	const noCompanies = await upload([['empty.csv', 'Name\n']], { lookingFor: 'CTO', topX: '3' })
	expect(noCompanies.status).toBe(400)
})
