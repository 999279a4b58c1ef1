import { describe, expect, test } from 'vitest'
import { ContactFilterSchema } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { createTagRecord, createTagTestContacts, tagContacts } from '#tests/factories/tag.ts'
import {
	addContactsToTag,
	addTagsToContact,
	createTag,
	listTagOptions,
	listTags,
	tagCoverage,
} from '#app/models/tag/tag.server.ts'

const noFilter = ContactFilterSchema.parse({})

async function newOrganization() {
	const { organization } = await createSignedInUser()
	return organization.id
}

async function tagMembers(tagId: string) {
	const rows = await prisma.contactTag.findMany({ where: { tagId }, select: { contactId: true } })
	return rows.map((row) => row.contactId).sort()
}

describe('createTag', () => {
	test('creates once per organization; the same name ignoring case returns the existing tag', async () => {
		const organizationId = await newOrganization()
		const first = await createTag(organizationId, 'Sales')
		expect(first).toEqual({ created: true, tag: { id: expect.any(String), name: 'Sales' } })
		expect(await createTag(organizationId, 'Sales')).toEqual({ created: false, tag: first.tag })
		expect(await createTag(organizationId, 'SALES')).toEqual({ created: false, tag: first.tag })
		// Another organization has its own "Sales".
		const other = await createTag(await newOrganization(), 'Sales')
		expect(other.created).toBe(true)
		expect(other.tag.id).not.toBe(first.tag.id)
	})

	test('concurrent creations of one name make one tag', async () => {
		const organizationId = await newOrganization()
		const results = await Promise.all(Array.from({ length: 5 }, () => createTag(organizationId, 'Race')))
		expect(new Set(results.map((result) => result.tag.id)).size).toBe(1)
		expect(await prisma.tag.count({ where: { organizationId } })).toBe(1)
	})

	test('LIKE wildcards in a name are plain characters', async () => {
		const organizationId = await newOrganization()
		await createTag(organizationId, 'a_c')
		expect((await createTag(organizationId, 'abc')).created).toBe(true)
	})
})

describe('listTags', () => {
	test('name order, paging, totals and contact counts', async () => {
		const organizationId = await newOrganization()
		const [beta, alpha, gamma] = [
			await createTagRecord(organizationId, 'beta'),
			await createTagRecord(organizationId, 'Alpha'),
			await createTagRecord(organizationId, 'gamma'),
		]
		const contacts = await createTagTestContacts(organizationId, 3)
		await tagContacts(
			alpha!.id,
			contacts.map((contact) => contact.id),
		)
		await tagContacts(beta!.id, [contacts[0]!.id])

		const page1 = await listTags(organizationId, { take: 2 })
		expect(page1).toEqual({
			total: 3,
			tags: [
				{ id: alpha!.id, name: 'Alpha', contactCount: 3 },
				{ id: beta!.id, name: 'beta', contactCount: 1 },
			],
		})
		const page2 = await listTags(organizationId, { take: 2, skip: 2 })
		expect(page2.tags).toEqual([{ id: gamma!.id, name: 'gamma', contactCount: 0 }])
		expect((await listTags(organizationId, { take: 10, withCounts: false })).tags[0]).toEqual({
			id: alpha!.id,
			name: 'Alpha',
		})
	})

	test('search is case-insensitive, matches inside names, treats % and _ literally', async () => {
		const organizationId = await newOrganization()
		await createTagRecord(organizationId, 'Enterprise leads')
		await createTagRecord(organizationId, 'SMB LEADS')
		await createTagRecord(organizationId, '100% hot')
		const names = async (search: string) =>
			(await listTags(organizationId, { take: 10, search })).tags.map((tag) => tag.name)
		expect(await names('leads')).toEqual(['Enterprise leads', 'SMB LEADS'])
		expect(await names('%')).toEqual(['100% hot'])
		expect(await names('_')).toEqual([])
		expect((await listTags(organizationId, { take: 10, search: 'leads' })).total).toBe(2)
	})

	test('only the organization’s tags; counts only its tag memberships', async () => {
		const organizationId = await newOrganization()
		await createTagRecord(organizationId, 'Mine')
		await createTagRecord(await newOrganization(), 'Theirs')
		expect((await listTags(organizationId, { take: 10 })).tags.map((tag) => tag.name)).toEqual(['Mine'])
		expect(await listTagOptions(organizationId, { take: 10 })).toEqual([
			{ id: expect.any(String), name: 'Mine' },
		])
	})
})

describe('addContactsToTag', () => {
	test('by ids: adds the organization’s contacts, skips already tagged ones and others’ ids', async () => {
		const organizationId = await newOrganization()
		const tag = await createTagRecord(organizationId)
		const contacts = await createTagTestContacts(organizationId, 3)
		const [foreign] = await createTagTestContacts(await newOrganization(), 1)
		await tagContacts(tag.id, [contacts[0]!.id])

		const added = await addContactsToTag(organizationId, tag.id, {
			selection: [contacts[0]!.id, contacts[1]!.id, foreign!.id],
			filter: noFilter,
		})
		expect(added).toBe(1)
		expect(await tagMembers(tag.id)).toEqual([contacts[0]!.id, contacts[1]!.id].sort())
	})

	test("'all' applies the filter the user saw, minus exclude ids, and nothing else", async () => {
		const organizationId = await newOrganization()
		const tag = await createTagRecord(organizationId)
		const other = await createTagRecord(organizationId)
		const ada = await createTagTestContacts(organizationId, 3, { prefix: 'Ada' })
		const bob = await createTagTestContacts(organizationId, 2, { prefix: 'Bob' })
		await createTagTestContacts(await newOrganization(), 2, { prefix: 'Ada' })
		await tagContacts(other.id, [ada[0]!.id, ada[1]!.id, bob[0]!.id])

		const filter = ContactFilterSchema.parse({ search: 'ada', tags: [other.id] })
		const added = await addContactsToTag(organizationId, tag.id, {
			selection: 'all',
			filter,
			excludeIds: [ada[1]!.id],
		})
		expect(added).toBe(1)
		expect(await tagMembers(tag.id)).toEqual([ada[0]!.id])

		// No filter: every contact of the organization (and only those).
		expect(await addContactsToTag(organizationId, tag.id, { selection: 'all', filter: noFilter })).toBe(4)
		expect(await tagMembers(tag.id)).toHaveLength(5)
	})

	test('a tag of another organization → null, nothing added', async () => {
		const organizationId = await newOrganization()
		const foreignTag = await createTagRecord(await newOrganization())
		const contacts = await createTagTestContacts(organizationId, 1)
		expect(
			await addContactsToTag(organizationId, foreignTag.id, { selection: 'all', filter: noFilter }),
		).toBeNull()
		expect(
			await addContactsToTag(organizationId, foreignTag.id, {
				selection: [contacts[0]!.id],
				filter: noFilter,
			}),
		).toBeNull()
		expect(await tagMembers(foreignTag.id)).toEqual([])
	})
})

describe('addTagsToContact', () => {
	test('adds tags, skips existing ones, returns all the contact’s tags', async () => {
		const organizationId = await newOrganization()
		const [contact] = await createTagTestContacts(organizationId, 1)
		const a = await createTagRecord(organizationId, 'A')
		const b = await createTagRecord(organizationId, 'B')
		await tagContacts(a.id, [contact!.id])
		expect(await addTagsToContact(organizationId, contact!.id, [a.id, b.id, b.id])).toEqual({
			ok: true,
			added: 1,
			tags: [a, b],
		})
	})

	test('another organization’s contact or tag → not found, nothing changes', async () => {
		const organizationId = await newOrganization()
		const otherOrganizationId = await newOrganization()
		const [contact] = await createTagTestContacts(organizationId, 1)
		const [foreignContact] = await createTagTestContacts(otherOrganizationId, 1)
		const mine = await createTagRecord(organizationId)
		const foreignTag = await createTagRecord(otherOrganizationId)
		expect(await addTagsToContact(organizationId, foreignContact!.id, [mine.id])).toEqual({
			ok: false,
			reason: 'contact_not_found',
		})
		expect(await addTagsToContact(organizationId, contact!.id, [mine.id, foreignTag.id])).toEqual({
			ok: false,
			reason: 'tag_not_found',
		})
		expect(
			await prisma.contactTag.count({ where: { contactId: { in: [contact!.id, foreignContact!.id] } } }),
		).toBe(0)
	})
})

describe('tagCoverage', () => {
	test('counts, per tag, the selected contacts it holds (ids and all + filter)', async () => {
		const organizationId = await newOrganization()
		const contacts = await createTagTestContacts(organizationId, 3)
		const ids = contacts.map((contact) => contact.id)
		const full = await createTagRecord(organizationId, 'full')
		const partial = await createTagRecord(organizationId, 'partial')
		const empty = await createTagRecord(organizationId, 'empty')
		const foreign = await createTagRecord(await newOrganization(), 'foreign')
		await tagContacts(full.id, ids)
		await tagContacts(partial.id, [ids[0]!])
		const tagIds = [full.id, partial.id, empty.id, foreign.id]

		expect(
			await tagCoverage(organizationId, tagIds, { selection: [ids[0]!, ids[1]!], filter: noFilter }),
		).toEqual({
			selectedCount: 2,
			counts: { [full.id]: 2, [partial.id]: 1, [empty.id]: 0, [foreign.id]: 0 },
		})
		expect(
			await tagCoverage(organizationId, tagIds, {
				selection: 'all',
				filter: noFilter,
				excludeIds: [ids[0]!],
			}),
		).toEqual({ selectedCount: 2, counts: { [full.id]: 2, [partial.id]: 0, [empty.id]: 0, [foreign.id]: 0 } })
		const filtered = ContactFilterSchema.parse({ tags: [partial.id] })
		expect(await tagCoverage(organizationId, tagIds, { selection: 'all', filter: filtered })).toEqual({
			selectedCount: 1,
			counts: { [full.id]: 1, [partial.id]: 1, [empty.id]: 0, [foreign.id]: 0 },
		})
	})
})
