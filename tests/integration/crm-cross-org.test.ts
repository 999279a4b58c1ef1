import { beforeAll, describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { setupApiRouter, type ApiResult } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'

// Issue 3's sweep: every route of the CRM core, called by a member of another organization
// with the first organization's ids. Each answers 404 (or shows nothing), never a 500, and
// nothing of the first organization changes.

const ADMIN_DOMAIN = 'crm-sweep-admin.test'
process.env.ADMIN_EMAIL_DOMAINS = ADMIN_DOMAIN
const send = setupApiRouter()

let victim: Awaited<ReturnType<typeof seedVictim>>
let intruderCookie: string
let intruderTagId: string

async function seedVictim() {
	const { organization, user } = await createSignedInUser()
	const company = await prisma.company.create({
		data: { organizationId: organization.id, name: 'Victim Co', slug: 'victim-co', description: 'Secret' },
	})
	const tag = await prisma.tag.create({ data: { organizationId: organization.id, name: 'Victim tag' } })
	const list = await prisma.list.create({
		data: { organizationId: organization.id, name: 'Victim list', slug: 'victim-list' },
	})
	const campaign = await prisma.campaign.create({
		data: { organizationId: organization.id, name: 'Victim campaign', channels: ['EMAIL'] },
	})
	const contact = await prisma.contact.create({
		data: {
			organizationId: organization.id,
			creatorId: user.id,
			firstName: 'Victor',
			lastName: 'Victim',
			email: 'victor@victim.example',
			role: 'CEO',
			linkedin: 'https://www.linkedin.com/in/victor-victim',
			companyId: company.id,
		},
	})
	return { organization, company, tag, list, campaign, contact }
}

beforeAll(async () => {
	victim = await seedVictim()
	// The intruder is a verified administrator of their own organization: the most any
	// route lets through, so only the organization check can stop them.
	const intruder = await createSignedInUser({ email: `intruder-${Date.now()}@${ADMIN_DOMAIN}` })
	intruderCookie = intruder.cookie
	intruderTagId = (
		await prisma.tag.create({ data: { organizationId: intruder.organization.id, name: 'Mine' } })
	).id
	await prisma.contact.create({
		data: {
			organizationId: intruder.organization.id,
			firstName: 'Ivy',
			lastName: 'Intruder',
			email: 'ivy@i.example',
		},
	})
})

function call(method: string, path: string, json?: unknown) {
	return send(method, path, { cookie: intruderCookie, json })
}
function expectNotFound(result: ApiResult, label: string) {
	expect(result.status, `${label}: ${result.text.slice(0, 200)}`).toBe(404)
}

describe('the CRM API as a member of another organization', () => {
	test('reads by id answer 404', async () => {
		const { contact, company, list } = victim
		expectNotFound(await call('GET', `/api/v1/contacts/${contact.id}`), 'GET contact')
		expectNotFound(await call('GET', `/api/v1/contacts/${contact.id}?company=true`), 'GET contact+company')
		expectNotFound(await call('GET', `/api/v1/companies/${company.id}`), 'GET company')
		expectNotFound(await call('GET', `/api/v1/lists/${list.slug}`), 'GET list')
	})

	test('lists and searches show nothing of theirs', async () => {
		const contacts = await call('GET', '/api/v1/contacts?search=victor&company=true&campaigns=true')
		expect(contacts.status).toBe(200)
		expect(contacts.json.data).toEqual([])
		const all = await call('GET', '/api/v1/contacts')
		expect(all.json.data.map((row: { firstName: string }) => row.firstName)).toEqual(['Ivy'])
		const byTheirTag = await call('GET', `/api/v1/contacts?tags=${victim.tag.id}`)
		expect(byTheirTag.json.data).toEqual([])
		const byTheirCampaign = await call('GET', `/api/v1/contacts?campaign=${victim.campaign.id}`)
		expect(byTheirCampaign.json.data).toEqual([])
		const companies = await call('GET', '/api/v1/companies?search=victim')
		expect(companies.json.data).toEqual([])
		const tags = await call('GET', '/api/v1/tags?search=victim')
		expect(tags.json.data).toEqual([])
		const lists = await call('GET', '/api/v1/lists')
		expect(lists.json.data).toEqual([])
		const campaigns = await call('GET', '/api/v1/campaigns')
		expect(campaigns.json.data).toEqual([])
		const check = await call('POST', '/api/v1/contacts/check-batch', {
			linkedinUrls: ['https://www.linkedin.com/in/victor-victim'],
		})
		expect(check.status).toBe(200)
		expect(check.json.results[0]).toMatchObject({ saved: false })
		expect(check.json.results[0].contactId ?? null).toBeNull()
	})

	test('changes by id answer 404 and change nothing', async () => {
		const { contact, company, tag, list, campaign } = victim
		expectNotFound(
			await call('PUT', `/api/v1/contacts/${contact.id}`, {
				firstName: 'Hacked',
				lastName: 'Hacked',
				email: 'hacked@example.com',
				role: 'Hacker',
				companyId: company.id,
			}),
			'PUT contact',
		)
		expectNotFound(await call('DELETE', `/api/v1/contacts/${contact.id}`), 'DELETE contact')
		expectNotFound(
			await call('POST', `/api/v1/contacts/${contact.id}/tag`, { tagIds: [intruderTagId] }),
			'tag contact',
		)
		expectNotFound(
			await call('PUT', `/api/v1/companies/${company.id}`, { name: 'Hacked', description: 'Hacked' }),
			'PUT company',
		)
		expectNotFound(await call('DELETE', `/api/v1/companies/${company.id}`), 'DELETE company')
		expectNotFound(await call('POST', `/api/v1/tags/${tag.id}/contacts`, { contact_ids: 'all' }), 'tag all')
		expectNotFound(await call('POST', `/api/v1/lists/${list.id}/contacts`, { contactIds: 'all' }), 'list all')
		expectNotFound(
			await call('POST', `/api/v1/campaigns/${campaign.id}/contacts/batch`, { contact_ids: 'all' }),
			'campaign all',
		)
		const after = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(after.firstName).toBe('Victor')
		expect(await prisma.company.count({ where: { id: company.id, name: 'Victim Co' } })).toBe(1)
		expect(await prisma.contactTag.count({ where: { contactId: contact.id } })).toBe(0)
		expect(await prisma.listContact.count({ where: { listId: list.id } })).toBe(0)
		expect(await prisma.campaignContact.count({ where: { campaignId: campaign.id } })).toBe(0)
	})

	test('their ids inside my own requests are refused or ignored', async () => {
		const { contact, company, tag } = victim
		// a contact of mine at their company, or with their tag: refused, not created
		const atTheirCompany = await call('POST', '/api/v1/contacts', {
			firstName: 'New',
			lastName: 'Person',
			email: 'new.person@example.com',
			role: 'CTO',
			companyId: company.id,
		})
		expect([400, 404]).toContain(atTheirCompany.status)
		const myCompany = await call('POST', '/api/v1/companies', { name: 'Mine Inc', description: 'Mine' })
		expect(myCompany.status).toBe(201)
		const withTheirTag = await call('POST', '/api/v1/contacts', {
			firstName: 'New',
			lastName: 'Person',
			email: 'new.person2@example.com',
			role: 'CTO',
			companyId: myCompany.json.id,
			tagIds: [tag.id],
		})
		expect([400, 404]).toContain(withTheirTag.status)
		// their contact ids in my bulk actions are never added
		const mine = await call('POST', `/api/v1/tags/${intruderTagId}/contacts`, { contact_ids: [contact.id] })
		expect(mine.status).toBeLessThan(500)
		expect(await prisma.contactTag.count({ where: { contactId: contact.id } })).toBe(0)
		// "all" in my organization is only mine
		const all = await call('POST', `/api/v1/tags/${intruderTagId}/contacts`, { contact_ids: 'all' })
		expect(all.status).toBe(200)
		expect(all.json.added).toBe(1)
	})
})

describe('the CRM resource routes as a member of another organization', () => {
	test('list and campaign candidates answer 404; tag coverage counts nothing of theirs', async () => {
		for (const path of [
			`/resources/candidates/campaign/${victim.campaign.id}`,
			`/resources/candidates/list/${victim.list.id}`,
			`/resources/candidates/list/${victim.list.slug}`,
		]) {
			expect((await call('GET', path)).status).toBe(404)
		}
		await prisma.contactTag.create({ data: { tagId: victim.tag.id, contactId: victim.contact.id } })
		try {
			const coverage = await call('POST', '/resources/tags/coverage', {
				contact_ids: [victim.contact.id],
				tagIds: [victim.tag.id],
			})
			expect(coverage.status).toBe(200)
			expect(coverage.json.selectedCount).toBe(0)
			expect(coverage.json.counts[victim.tag.id] ?? 0).toBe(0)
		} finally {
			await prisma.contactTag.deleteMany({ where: { tagId: victim.tag.id } })
		}
	})

	test('the no-JS tagging page does not tag their contacts', async () => {
		const own = await prisma.contact.findFirstOrThrow({ where: { email: 'ivy@i.example' } })
		await prisma.contactTag.deleteMany({ where: { tagId: intruderTagId } })
		const result = await send('POST', `/contacts/tag?ids=${victim.contact.id}&ids=${own.id}`, {
			cookie: intruderCookie,
			form: { intent: 'add', tagIds: intruderTagId },
		})
		expect(result.status).toBe(302)
		expect(await prisma.contactTag.count({ where: { contactId: victim.contact.id } })).toBe(0)
		expect(await prisma.contactTag.count({ where: { contactId: own.id, tagId: intruderTagId } })).toBe(1)
	})
})

describe('the CRM pages as a member of another organization', () => {
	test('pages by id answer 404', async () => {
		const { contact, company, list, campaign } = victim
		for (const path of [
			`/contacts/${contact.id}`,
			`/contacts/${contact.id}/edit`,
			`/companies/${company.id}`,
			`/lists/${list.slug}`,
			`/campaigns/${campaign.id}`,
		]) {
			const result = await call('GET', path)
			expect(result.status, path).toBe(404)
		}
	})

	test('the contacts page and the CSV export show none of theirs', async () => {
		const page = await call('GET', '/contacts?search=victor')
		expect(page.status).toBe(200)
		expect(page.text).not.toContain('victor@victim.example')
		const exported = await send('POST', '/resources/contacts/export', {
			cookie: intruderCookie,
			form: { ids: victim.contact.id },
		})
		expect(exported.status).toBe(200)
		expect(exported.text).not.toContain('victim')
		const exportedAll = await call('GET', '/resources/contacts/export')
		expect(exportedAll.status).toBe(200)
		expect(exportedAll.text).not.toContain('victim')
		expect(exportedAll.text).toContain('Ivy')
	})
})
