import { afterEach, describe, expect, test } from 'vitest'
import { loader as exportLoader } from '#app/routes/_app+/contact-search.$queueId.export.ts'
import { action, loader } from '#app/routes/_app+/contact-search.$queueId.tsx'
import {
	CONTACT_SEARCH_TYPE,
	type ContactSearchJobResult,
	type ContactSearchResult,
} from '#app/schemas/contact-search.ts'
import { prisma } from '#app/utils/db.server.ts'
import { stopEventHub } from '#app/utils/events.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The results page of a contact search (issue 15): a finished search's people through the loader,
// Import Leads through the action (the lead scraper's save: contacts created once, tagged, then
// shown as existing), the export without JavaScript, and another organization's search a 404.

afterEach(async () => {
	await stopEventHub()
})

function person(
	id: string,
	companyId: string,
	patch: Partial<ContactSearchResult> = {},
): ContactSearchResult {
	return {
		id,
		rank: 1,
		firstName: 'Ada',
		lastName: id,
		email: `${id.toLowerCase()}@acme.example`,
		phone: null,
		role: 'VP Sales',
		roleDetails: null,
		companyName: 'Acme',
		linkedinUrl: `https://www.linkedin.com/in/${id.toLowerCase()}`,
		matchReason: 'VP-level sales leader',
		score: 0.9,
		relevanceScore: 90,
		location: null,
		companyData: { id: companyId, name: 'Acme' },
		source: 'LINKEDIN',
		existingContactId: null,
		...patch,
	}
}

async function finishedSearch(organizationId: string) {
	const company = await prisma.company.create({
		data: {
			organizationId,
			name: 'Acme',
			slug: `acme-${Math.random().toString(36).slice(2, 8)}`,
			description: 'Rockets',
		},
	})
	const result: ContactSearchJobResult = {
		mode: 'bulk',
		ranker: 'offline',
		results: [
			{
				companyId: company.id,
				companyName: 'Acme',
				website: null,
				logoUrl: null,
				topContacts: [person('P1', company.id), person('P2', company.id, { rank: 2, firstName: '=cmd' })],
				totalEmployeesAnalyzed: 7,
			},
			{
				companyId: null,
				companyName: 'Globex',
				website: null,
				logoUrl: null,
				topContacts: [],
				totalEmployeesAnalyzed: 0,
			},
		],
		summary: { totalContactsFound: 2, successfulCompanies: 2 },
		query: { lookingFor: 'VP of Sales', topX: 5 },
	}
	return prisma.queueable.create({
		data: {
			organizationId,
			type: CONTACT_SEARCH_TYPE,
			status: 'COMPLETED',
			progress: 100,
			payload: { mode: 'bulk', lookingFor: 'VP of Sales' },
			result,
			isActionable: true,
		},
	})
}

function load(cookie: string, id: string) {
	return callRoute(() =>
		loader({
			request: makeRequest(`/contact-search/${id}`, { cookie }),
			params: { queueId: id },
			context: {},
		}),
	)
}

function importLeads(cookie: string, id: string, form: Record<string, string | string[]>) {
	const body = new FormData()
	for (const [key, value] of Object.entries(form)) for (const item of [value].flat()) body.append(key, item)
	return callRoute(() =>
		action({
			request: makeRequest(`/contact-search/${id}`, { method: 'POST', cookie, form: body }),
			params: { queueId: id },
			context: {},
		}),
	)
}

describe('the contact search results page', () => {
	test('shows a finished search; another organization gets a 404', async () => {
		const owner = await createSignedInUser()
		const search = await finishedSearch(owner.organization.id)
		const answer = await load(owner.cookie, search.id)
		expect(answer.status).toBe(200)
		expect(answer.body.search).toMatchObject({ status: 'COMPLETED', mode: 'bulk', lookingFor: 'VP of Sales' })
		expect(answer.body.search.result.results[0].topContacts).toHaveLength(2)

		const stranger = await createSignedInUser()
		expect((await load(stranger.cookie, search.id)).status).toBe(404)
		expect((await importLeads(stranger.cookie, search.id, { intent: 'save', leadId: 'P1' })).status).toBe(404)
		const exported = await callRoute(() =>
			exportLoader({
				request: makeRequest(`/contact-search/${search.id}/export`, { cookie: stranger.cookie }),
				params: { queueId: search.id },
				context: {},
			}),
		)
		expect(exported.status).toBe(404)
	})

	test('Import Leads saves the chosen people once, with a tag, and shows them as existing', async () => {
		const owner = await createSignedInUser()
		const search = await finishedSearch(owner.organization.id)
		const tag = await prisma.tag.create({ data: { organizationId: owner.organization.id, name: 'Summit' } })
		const saved = await importLeads(owner.cookie, search.id, {
			intent: 'save',
			leadId: ['P1'],
			tagId: tag.id,
			reply: 'data',
		})
		expect(saved.status).toBe(200)
		expect(saved.body).toMatchObject({ status: 'saved' })
		const contacts = await prisma.contact.findMany({
			where: { organizationId: owner.organization.id },
			select: { id: true, lastName: true, tags: { select: { tagId: true } } },
		})
		expect(contacts).toEqual([{ id: expect.any(String), lastName: 'P1', tags: [{ tagId: tag.id }] }])
		const after = await load(owner.cookie, search.id)
		const [p1, p2] = after.body.search.result.results[0].topContacts
		expect(p1.existingContactId).toBe(contacts[0]!.id)
		expect(p2.existingContactId).toBeNull()

		// The same person again is found, not created twice.
		await importLeads(owner.cookie, search.id, { intent: 'save', leadId: ['P1', 'P2'], reply: 'data' })
		expect(await prisma.contact.count({ where: { organizationId: owner.organization.id } })).toBe(2)
	})

	test('Import Leads teaches the ranker: the imported accepted, the ones passed over above them rejected', async () => {
		const owner = await createSignedInUser()
		const search = await finishedSearch(owner.organization.id)
		const signals = () =>
			prisma.contactSearchSignal.findMany({
				where: { organizationId: owner.organization.id },
				select: { resultId: true, kind: true, lookingFor: true, role: true },
				orderBy: { resultId: 'asc' },
			})
		// The second-ranked person chosen: the first was read and passed over.
		await importLeads(owner.cookie, search.id, { intent: 'save', leadId: ['P2'], reply: 'data' })
		expect(await signals()).toEqual([
			{ resultId: 'P1', kind: 'REJECTED', lookingFor: 'VP of Sales', role: 'VP Sales' },
			{ resultId: 'P2', kind: 'ACCEPTED', lookingFor: 'VP of Sales', role: 'VP Sales' },
		])
		// Imported later after all: the last word counts.
		await importLeads(owner.cookie, search.id, { intent: 'save', leadId: ['P1'], reply: 'data' })
		expect((await signals()).map((signal) => signal.kind)).toEqual(['ACCEPTED', 'ACCEPTED'])
		const stranger = await createSignedInUser()
		expect(
			await prisma.contactSearchSignal.count({ where: { organizationId: stranger.organization.id } }),
		).toBe(0)
	})

	test('nothing chosen: "No leads selected."; the export holds every person, formulas neutralized', async () => {
		const owner = await createSignedInUser()
		const search = await finishedSearch(owner.organization.id)
		const refused = await importLeads(owner.cookie, search.id, { intent: 'save', reply: 'data' })
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({ status: 'refused', message: 'No leads selected.' })

		const response = (await exportLoader({
			request: makeRequest(`/contact-search/${search.id}/export`, { cookie: owner.cookie }),
			params: { queueId: search.id },
			context: {},
		})) as Response
		expect(response.headers.get('Content-Disposition')).toMatch(
			/bulk-contact-search-results-\d{4}-\d{2}-\d{2}\.csv/,
		)
		const text = await response.text()
		expect(text).toContain('# Query: VP of Sales')
		expect(text).toContain('# Companies: Acme; Globex')
		expect(text).toContain("'=cmd")
		expect(text.trim().split('\r\n')).toHaveLength(6)
	})
})
