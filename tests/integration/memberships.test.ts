import { describe, expect, test } from 'vitest'
import { deleteContact } from '#app/models/contact/contact.server.ts'
import { addContactsToGroup } from '#app/models/contact/contact-membership.server.ts'
import { ContactFilterSchema } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'

// Memberships check their group by statement-level triggers instead of foreign keys (see
// migration 20261121110000_membership_group_triggers): these tests hold them to a foreign
// key's promises, and the bulk add to its scoping.

async function organizationWithContacts(count: number) {
	const organization = await prisma.organization.create({ data: { name: 'Org' } })
	const contacts = await Promise.all(
		Array.from({ length: count }, (_, index) =>
			prisma.contact.create({
				data: {
					organizationId: organization.id,
					firstName: index % 2 ? 'Ada' : 'Alan',
					lastName: `Person ${index}`,
					email: `p${index}-${organization.id}@example.com`,
				},
			}),
		),
	)
	const tag = await prisma.tag.create({ data: { organizationId: organization.id, name: 'Tag' } })
	const list = await prisma.list.create({
		data: { organizationId: organization.id, name: 'List', slug: 'list' },
	})
	const campaign = await prisma.campaign.create({
		data: { organizationId: organization.id, name: 'Campaign' },
	})
	return { organization, contacts, tag, list, campaign }
}
const noFilter = ContactFilterSchema.parse({})

describe('membership integrity without per-row foreign keys', () => {
	test('a membership of a group that does not exist is refused, like a foreign key', async () => {
		const { contacts } = await organizationWithContacts(1)
		for (const insert of [
			() => prisma.contactTag.create({ data: { tagId: 'missing', contactId: contacts[0]!.id } }),
			() => prisma.listContact.create({ data: { listId: 'missing', contactId: contacts[0]!.id } }),
			() => prisma.campaignContact.create({ data: { campaignId: 'missing', contactId: contacts[0]!.id } }),
		]) {
			await expect(insert()).rejects.toThrow(/foreign key/i)
		}
	})

	test('deleting a tag, list or campaign deletes its memberships; deleting a contact too', async () => {
		const { organization, contacts, tag, list, campaign } = await organizationWithContacts(3)
		const all = { selection: 'all' as const, filter: noFilter }
		await addContactsToGroup('tag', organization.id, tag.id, all)
		await addContactsToGroup('list', organization.id, list.id, all)
		await addContactsToGroup('campaign', organization.id, campaign.id, all)
		await prisma.contact.delete({ where: { id: contacts[0]!.id } })
		expect(await prisma.contactTag.count({ where: { tagId: tag.id } })).toBe(2)
		await prisma.tag.delete({ where: { id: tag.id } })
		await prisma.list.delete({ where: { id: list.id } })
		await prisma.campaign.delete({ where: { id: campaign.id } })
		expect(await prisma.contactTag.count({ where: { tagId: tag.id } })).toBe(0)
		expect(await prisma.listContact.count({ where: { listId: list.id } })).toBe(0)
		expect(await prisma.campaignContact.count({ where: { campaignId: campaign.id } })).toBe(0)
	})

	test('a membership of a contact that does not exist is refused, like a foreign key', async () => {
		const { tag, list, campaign } = await organizationWithContacts(0)
		await expect(prisma.contactTag.create({ data: { tagId: tag.id, contactId: 'missing' } })).rejects.toThrow(
			/foreign key/i,
		)
		await expect(
			prisma.listContact.create({ data: { listId: list.id, contactId: 'missing' } }),
		).rejects.toThrow(/foreign key/i)
		await expect(
			prisma.campaignContact.create({ data: { campaignId: campaign.id, contactId: 'missing' } }),
		).rejects.toThrow(/foreign key/i)
	})

	test('the group of a membership cannot be changed', async () => {
		const { organization, contacts, tag } = await organizationWithContacts(1)
		const other = await prisma.tag.create({ data: { organizationId: organization.id, name: 'Other' } })
		await prisma.contactTag.create({ data: { tagId: tag.id, contactId: contacts[0]!.id } })
		await expect(
			prisma.contactTag.update({
				where: { tagId_contactId: { tagId: tag.id, contactId: contacts[0]!.id } },
				data: { tagId: other.id },
			}),
		).rejects.toThrow()
	})
})

describe('addContactsToGroup', () => {
	test('adds the selection once, skips members, and answers null for another organization’s group', async () => {
		const { organization, contacts, tag } = await organizationWithContacts(4)
		const other = await organizationWithContacts(2)
		const two = { selection: [contacts[0]!.id, contacts[1]!.id], filter: noFilter }
		expect(await addContactsToGroup('tag', organization.id, tag.id, two)).toBe(2)
		const all = { selection: 'all' as const, filter: noFilter }
		expect(await addContactsToGroup('tag', organization.id, tag.id, all)).toBe(2)
		expect(await addContactsToGroup('tag', organization.id, tag.id, all)).toBe(0)
		expect(await addContactsToGroup('tag', other.organization.id, tag.id, all)).toBeNull()
		// ids of another organization are never added, even listed explicitly
		const foreign = { selection: [other.contacts[0]!.id], filter: noFilter }
		expect(await addContactsToGroup('tag', organization.id, tag.id, foreign)).toBe(0)
	})

	test('"all" applies exactly the filter, minus the excluded rows', async () => {
		const { organization, contacts, list } = await organizationWithContacts(6)
		const adas = contacts.filter((contact) => contact.firstName === 'Ada')
		const filter = ContactFilterSchema.parse({ search: 'ada' })
		const selected = { selection: 'all' as const, filter, excludeIds: [adas[0]!.id] }
		expect(await addContactsToGroup('list', organization.id, list.id, selected)).toBe(adas.length - 1)
		const members = await prisma.listContact.findMany({
			where: { listId: list.id },
			select: { contactId: true },
		})
		expect(members.map((member) => member.contactId).sort()).toEqual(
			adas
				.slice(1)
				.map((contact) => contact.id)
				.sort(),
		)
	})

	test('a racing single add does not make the bulk add fail', async () => {
		const { organization, contacts, campaign } = await organizationWithContacts(50)
		const all = { selection: 'all' as const, filter: noFilter }
		const [bulk] = await Promise.all([
			addContactsToGroup('campaign', organization.id, campaign.id, all),
			prisma.campaignContact.createMany({
				data: contacts.slice(0, 10).map((contact) => ({ campaignId: campaign.id, contactId: contact.id })),
				skipDuplicates: true,
			}),
		])
		expect(bulk).toBeGreaterThanOrEqual(40)
		expect(await prisma.campaignContact.count({ where: { campaignId: campaign.id } })).toBe(50)
	})
})

describe("memberships' copies of the contact", () => {
	test('are written by bulk adds, filled for single inserts, and follow the contact', async () => {
		const { organization, contacts, tag, list } = await organizationWithContacts(2)
		const company = await prisma.company.create({
			data: { organizationId: organization.id, name: 'Acme', slug: 'acme', description: 'x' },
		})
		await addContactsToGroup('tag', organization.id, tag.id, {
			selection: [contacts[0]!.id],
			filter: noFilter,
		})
		await prisma.listContact.create({ data: { listId: list.id, contactId: contacts[1]!.id } })
		const copy = (row: { searchText: string | null; sortName: string | null; companyId: string | null }) => ({
			searchText: row.searchText,
			sortName: row.sortName,
			companyId: row.companyId,
		})
		const bulk = await prisma.contactTag.findFirstOrThrow({ where: { tagId: tag.id } })
		expect(copy(bulk)).toEqual({
			searchText: `alan person 0 p0-${organization.id}@example.com `.toLowerCase(),
			sortName: 'alan',
			companyId: null,
		})
		expect(bulk.contactCreatedAt).toEqual(contacts[0]!.createdAt)
		const single = await prisma.listContact.findFirstOrThrow({ where: { listId: list.id } })
		expect(single.sortName).toBe('ada')
		expect(single.contactCreatedAt).toEqual(contacts[1]!.createdAt)

		await prisma.contact.update({
			where: { id: contacts[0]!.id },
			data: { firstName: 'Grace', role: 'Admiral', companyId: company.id },
		})
		const followed = await prisma.contactTag.findFirstOrThrow({ where: { tagId: tag.id } })
		expect(copy(followed)).toEqual({
			searchText: `grace person 0 p0-${organization.id}@example.com admiral`.toLowerCase(),
			sortName: 'grace',
			companyId: company.id,
		})
	})

	test('deleting a contact through the model waits for bulk adds and leaves no membership', async () => {
		const { organization, contacts, tag } = await organizationWithContacts(30)
		await Promise.all([
			addContactsToGroup('tag', organization.id, tag.id, { selection: 'all', filter: noFilter }),
			...contacts.slice(0, 10).map((contact) => deleteContact(organization.id, contact.id)),
		])
		const orphans = await prisma.$queryRaw<Array<{ count: number }>>`
			SELECT count(*)::int AS count FROM "ContactTag" ct
			WHERE NOT EXISTS (SELECT 1 FROM "Contact" c WHERE c.id = ct."contactId")`
		expect(orphans[0]!.count).toBe(0)
		expect(await prisma.contactTag.count({ where: { tagId: tag.id } })).toBe(20)
	})
})
