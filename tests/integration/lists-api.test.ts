import { describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import {
	addToList,
	ADMIN_DOMAIN,
	adminEmail,
	createContactRecords,
	createListRecord,
} from '#tests/factories/list.ts'
import { createTagRecord, tagContacts } from '#tests/factories/tag.ts'

// Administrators: a verified email on ADMIN_EMAIL_DOMAINS. Set before the router's first request.
process.env.ADMIN_EMAIL_DOMAINS = ADMIN_DOMAIN

const send = setupApiRouter()

function signInAdmin(organizationId?: string) {
	return createSignedInUser({ email: adminEmail(), organizationId })
}

describe('POST /api/v1/lists', () => {
	test('an administrator creates a list: 201 { id, slug, name, description }, slugs unique', async () => {
		const { cookie, organization } = await signInAdmin()
		const created = await send('POST', '/api/v1/lists', {
			cookie,
			json: { name: '  Q3 Prospects ', description: '  Warm  ' },
		})
		expect(created.status).toBe(201)
		expect(created.json).toEqual({
			id: expect.any(String),
			slug: 'q3-prospects',
			name: 'Q3 Prospects',
			description: 'Warm',
		})
		const again = await send('POST', '/api/v1/lists', { cookie, json: { name: 'Q3 prospects' } })
		expect(again.json).toMatchObject({ slug: 'q3-prospects-2', description: null })
		expect(await prisma.list.count({ where: { organizationId: organization.id } })).toBe(2)
	})

	test('400 with the spec message without a name', async () => {
		const { cookie } = await signInAdmin()
		expectApiError(
			await send('POST', '/api/v1/lists', { cookie, json: { name: ' ' } }),
			400,
			'List name is required',
		)
		expectApiError(await send('POST', '/api/v1/lists', { cookie, json: {} }), 400, 'List name is required')
	})

	test('403 for everyone else, even an unverified email on the administrators’ domain', async () => {
		const member = await createSignedInUser({ role: 'OWNER' })
		expectApiError(
			await send('POST', '/api/v1/lists', { cookie: member.cookie, json: { name: 'Mine' } }),
			403,
			'Only administrators can create lists',
		)
		const unverified = await signInAdmin()
		await prisma.user.update({ where: { id: unverified.user.id }, data: { emailVerified: false } })
		expectApiError(
			await send('POST', '/api/v1/lists', { cookie: unverified.cookie, json: { name: 'Mine' } }),
			403,
			'Only administrators can create lists',
		)
		expect(await prisma.list.count({ where: { organizationId: member.organization.id } })).toBe(0)
	})

	test('401 without a session', async () => {
		expectApiError(await send('POST', '/api/v1/lists', { json: { name: 'x' } }), 401)
		expectApiError(await send('GET', '/api/v1/lists'), 401)
	})
})

describe('GET /api/v1/lists and /api/v1/lists/:slug', () => {
	test("the organization's lists with counts; a list by slug with a page of contacts", async () => {
		const { cookie, organization } = await createSignedInUser({ role: 'MEMBER' })
		const list = await createListRecord(organization.id, { name: 'Board', slug: 'board' })
		const contacts = await createContactRecords(organization.id, [{}, {}, {}])
		await addToList(
			list.id,
			contacts.map((contact) => contact.id),
		)

		const lists = await send('GET', '/api/v1/lists', { cookie })
		expect(lists.status).toBe(200)
		expect(lists.json.data).toEqual([
			expect.objectContaining({ id: list.id, slug: 'board', contactCount: 3 }),
		])

		const page = await send('GET', '/api/v1/lists/board?take=2&skip=1', { cookie })
		expect(page.status).toBe(200)
		expect(page.json).toMatchObject({
			id: list.id,
			slug: 'board',
			name: 'Board',
			meta: { total: 3, take: 2, skip: 1 },
		})
		expect(page.json.contacts.map((contact: { id: string }) => contact.id)).toEqual([
			contacts[1]!.id,
			contacts[0]!.id,
		])
		expect(page.json.contacts[0]).toMatchObject({ firstName: expect.any(String), tags: [], tagIds: [] })
	})

	test("another organization's list is a 404 and is not listed", async () => {
		const owner = await createSignedInUser()
		const list = await createListRecord(owner.organization.id, { name: 'Secret', slug: 'secret' })
		const stranger = await signInAdmin()
		expectApiError(await send('GET', '/api/v1/lists/secret', { cookie: stranger.cookie }), 404)
		expect((await send('GET', '/api/v1/lists', { cookie: stranger.cookie })).json.data).toEqual([])
		expectApiError(
			await send('POST', `/api/v1/lists/${list.id}/contacts`, {
				cookie: stranger.cookie,
				json: { contactIds: 'all' },
			}),
			404,
		)
	})
})

describe('POST /api/v1/lists/:listId/contacts', () => {
	test('an administrator adds ids, then all matching a filter minus exclude_ids', async () => {
		const { cookie, organization } = await signInAdmin()
		const list = await createListRecord(organization.id)
		const contacts = await createContactRecords(organization.id, [{}, {}, {}, {}])
		const other = await createSignedInUser()
		const [foreign] = await createContactRecords(other.organization.id, [{}])

		const byIds = await send('POST', `/api/v1/lists/${list.id}/contacts`, {
			cookie,
			json: { contactIds: [contacts[0]!.id, foreign!.id] },
		})
		expect(byIds.status).toBe(200)
		expect(byIds.json).toEqual({ added: 1, message: '1 contacts added to list' })

		const tag = await createTagRecord(organization.id)
		await tagContacts(tag.id, [contacts[0]!.id, contacts[1]!.id, contacts[2]!.id])
		const all = await send('POST', `/api/v1/lists/${list.slug}/contacts`, {
			cookie,
			json: { contactIds: 'all', tags: [tag.id], exclude_ids: [contacts[2]!.id] },
		})
		expect(all.json).toEqual({ added: 1, message: '1 contacts added to list' })
		const members = await prisma.listContact.findMany({
			where: { listId: list.id },
			select: { contactId: true },
		})
		expect(new Set(members.map((member) => member.contactId))).toEqual(
			new Set([contacts[0]!.id, contacts[1]!.id]),
		)
	})

	test('403 for non-administrators with the spec message; 400 for a bad body', async () => {
		const member = await createSignedInUser()
		const list = await createListRecord(member.organization.id)
		expectApiError(
			await send('POST', `/api/v1/lists/${list.id}/contacts`, {
				cookie: member.cookie,
				json: { contactIds: 'all' },
			}),
			403,
			'Only administrators can add contacts to lists',
		)
		const admin = await signInAdmin(member.organization.id)
		expectApiError(
			await send('POST', `/api/v1/lists/${list.id}/contacts`, {
				cookie: admin.cookie,
				json: { contactIds: [] },
			}),
			400,
		)
		expectApiError(
			await send('POST', `/api/v1/lists/${list.id}/contacts`, { cookie: admin.cookie, body: '{' }),
			400,
		)
		expect(await prisma.listContact.count({ where: { listId: list.id } })).toBe(0)
	})

	test('the routes /lists/:slug and /lists/:listId/contacts do not shadow each other', async () => {
		const { cookie, organization } = await signInAdmin()
		await createListRecord(organization.id, { name: 'Contacts', slug: 'contacts' })
		expect((await send('GET', '/api/v1/lists/contacts', { cookie })).json).toMatchObject({ slug: 'contacts' })
		expectApiError(await send('GET', '/api/v1/lists/contacts/contacts', { cookie }), 405)
		expectApiError(await send('DELETE', '/api/v1/lists/contacts', { cookie }), 405)
	})
})
