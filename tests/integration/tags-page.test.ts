import { describe, expect, test } from 'vitest'
import { action, loader } from '#app/routes/_app+/contacts.tag.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { createTagRecord, createTagTestContacts, tagContacts } from '#tests/factories/tag.ts'

// /contacts/tag: the Add-tags dialog without JavaScript.

function load(path: string, cookie: string) {
	return callRoute(() => loader({ request: makeRequest(path, { cookie }), params: {}, context: {} }))
}

function post(path: string, cookie: string, form: FormData) {
	return callRoute(() =>
		action({ request: makeRequest(path, { method: 'POST', cookie, form }), params: {}, context: {} }),
	)
}

function formOf(entries: Array<[string, string]>) {
	const form = new FormData()
	for (const [key, value] of entries) form.append(key, value)
	return form
}

describe('/contacts/tag', () => {
	test('lists tags 15 a page with counts; a tag holding every selected contact is marked', async () => {
		const { cookie, organization } = await createSignedInUser()
		const contacts = await createTagTestContacts(organization.id, 2)
		const full = await createTagRecord(organization.id, 'Full')
		await createTagRecord(organization.id, 'Empty')
		await tagContacts(full.id, [contacts[0]!.id])
		const ids = contacts.map((contact) => `ids=${contact.id}`).join('&')

		const partial = await load(`/contacts/tag?ids=${contacts[0]!.id}`, cookie)
		expect(partial.body.selectedCount).toBe(1)
		expect(partial.body.tags).toEqual([
			{ id: expect.any(String), name: 'Empty', contactCount: 0, holdsAll: false },
			{ id: full.id, name: 'Full', contactCount: 1, holdsAll: true },
		])
		const both = await load(`/contacts/tag?${ids}`, cookie)
		expect(both.body.tags.find((tag: { id: string }) => tag.id === full.id).holdsAll).toBe(false)
	})

	test('saving adds the chosen tags to the selection and returns to the contacts with a toast', async () => {
		const { cookie, organization } = await createSignedInUser()
		const ada = await createTagTestContacts(organization.id, 2, { prefix: 'Ada' })
		await createTagTestContacts(organization.id, 2, { prefix: 'Bob' })
		const tag = await createTagRecord(organization.id)
		const path = `/contacts/tag?selection=all&search=ada&excludeIds=${ada[1]!.id}`
		const result = await post(
			path,
			cookie,
			formOf([
				['intent', 'add'],
				['tagIds', tag.id],
			]),
		)
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/contacts?search=ada')
		expect(result.headers.get('Set-Cookie')).toContain('en_toast')
		const members = await prisma.contactTag.findMany({
			where: { tagId: tag.id },
			select: { contactId: true },
		})
		expect(members.map((row) => row.contactId)).toEqual([ada[0]!.id])
	})

	test('without chosen tags it just goes back; another organization’s tag fails and adds nothing', async () => {
		const { cookie, organization } = await createSignedInUser()
		const [contact] = await createTagTestContacts(organization.id, 1)
		const none = await post(`/contacts/tag?ids=${contact!.id}`, cookie, formOf([['intent', 'add']]))
		expect(none.headers.get('Location')).toBe('/contacts')
		expect(none.headers.get('Set-Cookie')).toBeNull()

		const owner = await createSignedInUser()
		const foreign = await createTagRecord(owner.organization.id)
		const refused = await post(
			`/contacts/tag?ids=${contact!.id}`,
			cookie,
			formOf([
				['intent', 'add'],
				['tagIds', foreign.id],
			]),
		)
		expect(refused.headers.get('Location')).toBe(`/contacts/tag?ids=${contact!.id}`)
		expect(await prisma.contactTag.count({ where: { tagId: foreign.id } })).toBe(0)
		// Nor does its loader show the other organization's tags.
		expect((await load(`/contacts/tag?ids=${contact!.id}`, cookie)).body.tags).toEqual([])
	})

	test('creates a tag inline; a blank name is refused', async () => {
		const { cookie, organization } = await createSignedInUser()
		const created = await post(
			'/contacts/tag?selection=all',
			cookie,
			formOf([
				['intent', 'create'],
				['name', ' VIP '],
			]),
		)
		const [vip] = await prisma.tag.findMany({
			where: { organizationId: organization.id },
			select: { id: true, name: true },
		})
		expect(vip?.name).toBe('VIP')
		// The new tag comes back ticked.
		expect(created.headers.get('Location')).toBe(`/contacts/tag?selection=all&checked=${vip!.id}`)
		const refused = await post(
			'/contacts/tag?selection=all',
			cookie,
			formOf([
				['intent', 'create'],
				['name', '  '],
				['tagIds', vip!.id],
			]),
		)
		expect(await prisma.tag.count({ where: { organizationId: organization.id } })).toBe(1)
		// A refused name keeps the ticks made before Create.
		expect(refused.headers.get('Location')).toBe(`/contacts/tag?selection=all&checked=${vip!.id}`)
	})

	test('Create keeps the tags ticked before it and ticks the new one (no JavaScript)', async () => {
		const { cookie, organization } = await createSignedInUser()
		const [contact] = await createTagTestContacts(organization.id, 1)
		const early = await createTagRecord(organization.id, 'Aardvark')
		const path = `/contacts/tag?ids=${contact!.id}&tagSearch=aard`
		const created = await post(
			path,
			cookie,
			formOf([
				['intent', 'create'],
				['name', 'Zebra'],
				['tagIds', early.id],
			]),
		)
		const zebra = await prisma.tag.findFirstOrThrow({
			where: { organizationId: organization.id, name: 'Zebra' },
			select: { id: true },
		})
		const location = created.headers.get('Location')!
		expect(location).toBe(`${path}&checked=${early.id}&checked=${zebra.id}`)

		// The search shows Aardvark only: it is ticked in the table, Zebra is listed as also chosen.
		const page = await load(location, cookie)
		expect(page.body.checkedIds.sort()).toEqual([early.id, zebra.id].sort())
		expect(page.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Aardvark'])
		expect(page.body.checkedElsewhere).toEqual([{ id: zebra.id, name: 'Zebra' }])

		// Another organization's tag named in `checked` is not shown at all.
		const owner = await createSignedInUser()
		const foreign = await createTagRecord(owner.organization.id, 'Foreign')
		const mixed = await load(`/contacts/tag?ids=${contact!.id}&checked=${foreign.id}`, cookie)
		expect(mixed.body.checkedIds).toEqual([])
		expect(mixed.body.checkedElsewhere).toEqual([])
	})
})
