import { beforeAll, describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'

// Issue 3's cross-organization checks that say more than the generated sweep
// (tests/reliability/cross-org-sweep.test.ts, which calls every route with another organization's
// ids): the intruder's own requests that carry the victim's ids still do their own part — refused,
// or done for the intruder's rows only.

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

describe('the CRM API as a member of another organization', () => {
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
