import { describe, expect, test } from 'vitest'
import { ContactFilterSchema } from '#app/schemas/contact-filter.ts'
import { LIST_ADD_FORBIDDEN, LIST_CREATE_FORBIDDEN } from '#app/schemas/list.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { createContactRecords } from '#tests/factories/list.ts'
import { createTagRecord, tagContacts } from '#tests/factories/tag.ts'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import { slugify } from '#app/models/list/list-slug.server.ts'
import {
	addContactsToList,
	createList,
	findList,
	getListWithContacts,
	listLists,
	listMemberIds,
} from '#app/models/list/list.server.ts'

const noFilter = ContactFilterSchema.parse({})

async function newOrganization() {
	const { organization, user } = await createSignedInUser()
	return { organizationId: organization.id, userId: user.id }
}

describe('slugs', () => {
	test('slugify makes a URL segment from the name', () => {
		expect(slugify('Q3 Prospects — Café!')).toBe('q3-prospects-cafe')
		expect(slugify('   ')).toBe('list')
		expect(slugify('***')).toBe('list')
		expect(slugify('a'.repeat(100))).toHaveLength(60)
	})

	test('a slug is unique per organization: name, name-2, name-3; other organizations do not count', async () => {
		const { organizationId, userId } = await newOrganization()
		const other = await newOrganization()
		await createList(other.organizationId, other.userId, { name: 'Hot leads', description: null })
		const first = await createList(organizationId, userId, { name: 'Hot leads', description: 'Warm' })
		const second = await createList(organizationId, userId, { name: 'Hot Leads', description: null })
		const third = await createList(organizationId, userId, { name: 'hot leads!', description: null })
		expect([first.slug, second.slug, third.slug]).toEqual(['hot-leads', 'hot-leads-2', 'hot-leads-3'])
		expect(first).toEqual({
			id: expect.any(String),
			slug: 'hot-leads',
			name: 'Hot leads',
			description: 'Warm',
		})
	})

	test('lists created at the same moment still get distinct slugs', async () => {
		const { organizationId, userId } = await newOrganization()
		const lists = await Promise.all(
			Array.from({ length: 4 }, () =>
				createList(organizationId, userId, { name: 'Same', description: null }),
			),
		)
		expect(new Set(lists.map((list) => list.slug)).size).toBe(4)
	})
})

describe('permissions', () => {
	test('only administrators create lists and add contacts to them', () => {
		expect(listPermissionError({ isPlatformAdmin: true }, 'create')).toBeNull()
		expect(listPermissionError({ isPlatformAdmin: true }, 'add')).toBeNull()
		expect(listPermissionError({ isPlatformAdmin: false }, 'create')).toBe(LIST_CREATE_FORBIDDEN)
		expect(listPermissionError({ isPlatformAdmin: false }, 'add')).toBe(LIST_ADD_FORBIDDEN)
	})
})

describe('adding contacts', () => {
	test('by ids: only the organization’s contacts, members once', async () => {
		const { organizationId, userId } = await newOrganization()
		const other = await newOrganization()
		const [a, b, c] = await createContactRecords(organizationId, [{}, {}, {}])
		const [foreign] = await createContactRecords(other.organizationId, [{}])
		const list = await createList(organizationId, userId, { name: 'L', description: null })

		expect(await addContactsToList(organizationId, list.id, [a!.id, b!.id, foreign!.id], noFilter)).toEqual({
			added: 2,
		})
		// Again with one new: the members are left alone.
		expect(await addContactsToList(organizationId, list.id, [a!.id, c!.id], noFilter)).toEqual({ added: 1 })
		expect(await listMemberIds(list.id, [a!.id, b!.id, c!.id, foreign!.id])).toEqual(
			new Set([a!.id, b!.id, c!.id]),
		)
	})

	test("'all' applies the filter and exclude_ids, and nothing else", async () => {
		const { organizationId, userId } = await newOrganization()
		const other = await newOrganization()
		const contacts = await createContactRecords(
			organizationId,
			['Ada', 'Adam', 'Grace', 'Adele'].map((firstName) => ({
				firstName,
				lastName: 'Test',
				email: `${firstName.toLowerCase()}@example.com`,
			})),
		)
		await createContactRecords(other.organizationId, [{ firstName: 'Ada' }])
		const tag = await createTagRecord(organizationId)
		await tagContacts(tag.id, [contacts[0]!.id, contacts[1]!.id, contacts[2]!.id])
		const list = await createList(organizationId, userId, { name: 'L', description: null })

		const filter = ContactFilterSchema.parse({ search: 'ad', tags: [tag.id] })
		const result = await addContactsToList(organizationId, list.id, 'all', filter, [contacts[1]!.id])
		expect(result).toEqual({ added: 1 })
		expect(
			await listMemberIds(
				list.id,
				contacts.map((contact) => contact.id),
			),
		).toEqual(new Set([contacts[0]!.id]))

		expect(await addContactsToList(organizationId, list.id, 'all', noFilter)).toEqual({ added: 3 })
		expect(await prisma.listContact.count({ where: { listId: list.id } })).toBe(4)
	})
})

describe('reading lists', () => {
	test('lists with counts; a list by slug with a page of its contacts; organization scoped', async () => {
		const { organizationId, userId } = await newOrganization()
		const other = await newOrganization()
		const contacts = await createContactRecords(organizationId, [{}, {}, {}])
		const list = await createList(organizationId, userId, { name: 'Board', description: 'The board' })
		await createList(organizationId, userId, { name: 'Empty', description: null })
		await addContactsToList(organizationId, list.id, [contacts[0]!.id, contacts[2]!.id], noFilter)

		const lists = await listLists(organizationId)
		expect(lists.map(({ name, contactCount }) => [name, contactCount])).toEqual([
			['Empty', 0],
			['Board', 2],
		])

		const page = await getListWithContacts(organizationId, 'board', { take: 1 })
		expect(page).toMatchObject({
			id: list.id,
			slug: 'board',
			name: 'Board',
			description: 'The board',
			total: 2,
		})
		// Newest first.
		expect(page!.contacts.map((contact) => contact.id)).toEqual([contacts[2]!.id])

		expect(await getListWithContacts(other.organizationId, 'board')).toBeNull()
		expect(await findList(other.organizationId, list.id)).toBeNull()
		expect(await listLists(other.organizationId)).toEqual([])
		expect((await findList(organizationId, list.id))?.id).toBe(list.id)
		expect((await findList(organizationId, 'board'))?.id).toBe(list.id)
	})
})
