import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { loader } from '#app/routes/_app+/contacts._index.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

function load(path: string, cookie?: string) {
	return callRoute(() => loader({ request: makeRequest(path, { cookie }), params: {}, context: {} }))
}

/** `count` contacts "Person 000…", one second apart (oldest first), in one insert. */
async function seedContacts(organizationId: string, count: number, lastName = 'Seeded') {
	const base = Date.UTC(2025, 0, 1)
	const batch = randomUUID().slice(0, 6)
	await prisma.contact.createMany({
		data: Array.from({ length: count }, (_, index) => ({
			organizationId,
			firstName: `Person ${String(index).padStart(3, '0')}`,
			lastName,
			email: `person-${index}-${batch}@example.com`,
			createdAt: new Date(base + index * 1000),
		})),
	})
}

async function insertContact(organizationId: string, data: Record<string, unknown> = {}) {
	const id = randomUUID().slice(0, 8)
	return prisma.contact.create({
		data: {
			organizationId,
			firstName: 'Ada',
			lastName: `Lovelace ${id}`,
			email: `ada-${id}@example.com`,
			...data,
		},
	})
}

type Row = { id: string; firstName: string; lastName: string; tags: Array<{ name: string }> }
const names = (body: { contacts: Row[] }) => body.contacts.map((row) => row.firstName)

describe('contacts page loader', () => {
	test('sends visitors without a session to sign in', async () => {
		const result = await load('/contacts')
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toContain('/login')
	})

	test('pages by 100, newest first, and sends an out-of-range page to the last one', async () => {
		const { cookie, organization } = await createSignedInUser()
		await seedContacts(organization.id, 150)

		const first = await load('/contacts', cookie)
		expect(first.status).toBe(200)
		expect(first.body.total).toBe(150)
		expect(first.body.page).toBe(1)
		expect(first.body.contacts).toHaveLength(100)
		expect(first.body.contacts[0].firstName).toBe('Person 149')

		const second = await load('/contacts?page=2', cookie)
		expect(second.body.contacts).toHaveLength(50)
		expect(second.body.contacts[49].firstName).toBe('Person 000')
		const seen = new Set([...first.body.contacts, ...second.body.contacts].map((row: Row) => row.id))
		expect(seen.size).toBe(150)

		const beyond = await load('/contacts?page=9&search=person', cookie)
		expect(beyond.status).toBe(302)
		expect(beyond.headers.get('Location')).toBe('/contacts?search=person&page=2')
		expect((await load('/contacts?page=abc', cookie)).body.page).toBe(1)
		expect((await load('/contacts?page=-3', cookie)).body.page).toBe(1)
	})

	test('search covers name, email, company and role', async () => {
		const { cookie, organization } = await createSignedInUser()
		const company = await prisma.company.create({
			data: { organizationId: organization.id, name: 'Zephyr Analytics', slug: 'zephyr', description: 'x' },
		})
		await insertContact(organization.id, { firstName: 'Grace', lastName: 'Hopper', role: 'Admiral' })
		await insertContact(organization.id, { firstName: 'Alan', email: 'turing@enigma.test' })
		await insertContact(organization.id, { firstName: 'Katherine', companyId: company.id })
		await insertContact(organization.id, { firstName: 'Margaret', role: 'Flight Software Lead' })

		expect(names((await load('/contacts?search=hopper', cookie)).body)).toEqual(['Grace'])
		expect(names((await load('/contacts?search=grace%20hop', cookie)).body)).toEqual(['Grace'])
		expect(names((await load('/contacts?search=ENIGMA', cookie)).body)).toEqual(['Alan'])
		expect(names((await load('/contacts?search=zephyr', cookie)).body)).toEqual(['Katherine'])
		expect(names((await load('/contacts?search=software', cookie)).body)).toEqual(['Margaret'])
		const none = await load('/contacts?search=nobody-here', cookie)
		expect(none.body).toMatchObject({ total: 0, contacts: [] })
	})

	test('filters by tags (any of them) and by campaign, and reports the selected tags by name', async () => {
		const { cookie, organization } = await createSignedInUser()
		const [vip, lead] = await Promise.all([
			prisma.tag.create({ data: { organizationId: organization.id, name: 'VIP' } }),
			prisma.tag.create({ data: { organizationId: organization.id, name: 'Lead' } }),
		])
		const campaign = await prisma.campaign.create({
			data: { organizationId: organization.id, name: 'Spring' },
		})
		const a = await insertContact(organization.id, {
			firstName: 'Tagged',
			tags: { create: [{ tagId: vip.id }] },
		})
		const b = await insertContact(organization.id, {
			firstName: 'Lead',
			tags: { create: [{ tagId: lead.id }] },
		})
		await insertContact(organization.id, {
			firstName: 'Campaigner',
			campaigns: { create: [{ campaignId: campaign.id }] },
		})

		const byTag = await load(`/contacts?tags=${vip.id}`, cookie)
		expect(byTag.body.contacts.map((row: Row) => row.id)).toEqual([a.id])
		expect(byTag.body.contacts[0].tags).toEqual([{ id: vip.id, name: 'VIP' }])
		expect(byTag.body.selectedTags).toEqual([{ id: vip.id, name: 'VIP' }])
		// No-JS multiple select sends the parameter once per tag.
		const either = await load(
			`/contacts?tags=${vip.id}&tags=${lead.id}&sortBy=firstName&sortDirection=asc`,
			cookie,
		)
		expect(either.body.contacts.map((row: Row) => row.id)).toEqual([b.id, a.id])

		const byCampaign = await load(`/contacts?campaign=${campaign.id}`, cookie)
		expect(names(byCampaign.body)).toEqual(['Campaigner'])
		expect(byCampaign.body.contacts[0].campaigns).toEqual([{ id: campaign.id, name: 'Spring' }])
		expect(byCampaign.body.campaigns).toEqual([{ id: campaign.id, name: 'Spring' }])
		expect(byCampaign.body.tagOptions.map((tag: { name: string }) => tag.name)).toEqual(['Lead', 'VIP'])
	})

	test('sorts by first name or created at, either way', async () => {
		const { cookie, organization } = await createSignedInUser()
		const base = Date.UTC(2025, 5, 1)
		for (const [index, firstName] of ['Charlie', 'Alice', 'Bob'].entries()) {
			await insertContact(organization.id, { firstName, createdAt: new Date(base + index * 1000) })
		}
		expect(names((await load('/contacts', cookie)).body)).toEqual(['Bob', 'Alice', 'Charlie'])
		expect(names((await load('/contacts?sortDirection=asc', cookie)).body)).toEqual([
			'Charlie',
			'Alice',
			'Bob',
		])
		const byName = names((await load('/contacts?sortBy=firstName&sortDirection=asc', cookie)).body)
		expect(byName).toEqual(['Alice', 'Bob', 'Charlie'])
		const byNameDesc = names((await load('/contacts?sortBy=firstName&sortDirection=desc', cookie)).body)
		expect(byNameDesc).toEqual(['Charlie', 'Bob', 'Alice'])
		// Unknown values fall back to the default sort rather than failing.
		expect(names((await load('/contacts?sortBy=email&sortDirection=up', cookie)).body)).toEqual([
			'Bob',
			'Alice',
			'Charlie',
		])
	})

	test("another organization's contacts, tags and campaigns never appear", async () => {
		const mine = await createSignedInUser()
		const theirs = await createSignedInUser()
		const theirTag = await prisma.tag.create({
			data: { organizationId: theirs.organization.id, name: 'Secret' },
		})
		const theirCampaign = await prisma.campaign.create({
			data: { organizationId: theirs.organization.id, name: 'Hidden' },
		})
		await insertContact(theirs.organization.id, {
			firstName: 'Outsider',
			tags: { create: [{ tagId: theirTag.id }] },
			campaigns: { create: [{ campaignId: theirCampaign.id }] },
		})
		await insertContact(mine.organization.id, { firstName: 'Insider' })

		const page = await load('/contacts', mine.cookie)
		expect(names(page.body)).toEqual(['Insider'])
		expect(page.body.total).toBe(1)
		expect(page.body.campaigns).toEqual([])
		expect(page.body.tagOptions).toEqual([])

		// Their ids in my filter match nothing and do not reveal their names.
		const byTheirTag = await load(`/contacts?tags=${theirTag.id}`, mine.cookie)
		expect(byTheirTag.body).toMatchObject({ total: 0, contacts: [], selectedTags: [] })
		const byTheirCampaign = await load(`/contacts?campaign=${theirCampaign.id}`, mine.cookie)
		expect(byTheirCampaign.body).toMatchObject({ total: 0, contacts: [] })
		expect((await load('/contacts?search=outsider', mine.cookie)).body.total).toBe(0)
	})
})
