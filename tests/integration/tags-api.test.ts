import { describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { createTagRecord, createTagTestContacts, tagContacts } from '#tests/factories/tag.ts'

const send = setupApiRouter()

describe('GET /api/v1/tags', () => {
	test('pages with { data, meta } and contact counts; select=id,name limits fields', async () => {
		const { cookie, organization } = await createSignedInUser()
		const contacts = await createTagTestContacts(organization.id, 2)
		for (const name of ['c', 'a', 'b', 'd']) await createTagRecord(organization.id, name)
		const a = await prisma.tag.findFirstOrThrow({ where: { organizationId: organization.id, name: 'a' } })
		await tagContacts(
			a.id,
			contacts.map((contact) => contact.id),
		)

		const first = await send('GET', '/api/v1/tags?take=3', { cookie })
		expect(first.status).toBe(200)
		expect(first.json).toEqual({
			data: [
				{ id: a.id, name: 'a', contactCount: 2 },
				{ id: expect.any(String), name: 'b', contactCount: 0 },
				{ id: expect.any(String), name: 'c', contactCount: 0 },
			],
			meta: { current_page: 1, last_page: 2, total: 4 },
		})
		const second = await send('GET', '/api/v1/tags?take=3&skip=3&select=id,name', { cookie })
		expect(second.json).toEqual({
			data: [{ id: expect.any(String), name: 'd' }],
			meta: { current_page: 2, last_page: 2, total: 4 },
		})
		const searched = await send('GET', '/api/v1/tags?search=B', { cookie })
		expect(searched.json.data.map((tag: { name: string }) => tag.name)).toEqual(['b'])
		expect(searched.json.meta).toEqual({ current_page: 1, last_page: 1, total: 1 })
	})

	test('an organization without tags: empty data, one page', async () => {
		const { cookie } = await createSignedInUser()
		expect((await send('GET', '/api/v1/tags', { cookie })).json).toEqual({
			data: [],
			meta: { current_page: 1, last_page: 1, total: 0 },
		})
	})

	test('400 for a bad query, 401 without a session', async () => {
		const { cookie } = await createSignedInUser()
		expectApiError(
			await send('GET', '/api/v1/tags?take=5000', { cookie }),
			400,
			'take must be a whole number between 1 and 1,000',
		)
		expectApiError(await send('GET', '/api/v1/tags?select=secret', { cookie }), 400)
		expectApiError(await send('GET', '/api/v1/tags'), 401)
	})

	test('another organization sees none of these tags', async () => {
		const owner = await createSignedInUser()
		await createTagRecord(owner.organization.id, 'Private')
		const stranger = await createSignedInUser()
		expect((await send('GET', '/api/v1/tags?search=Private', { cookie: stranger.cookie })).json.data).toEqual(
			[],
		)
	})
})

describe('POST /api/v1/tags', () => {
	test('201 with the spec shape; the same name again is 200 with the existing tag', async () => {
		const { cookie, organization } = await createSignedInUser()
		const created = await send('POST', '/api/v1/tags', { cookie, json: { name: '  Hot leads ' } })
		expect(created.status).toBe(201)
		expect(created.json).toEqual({
			message: 'Tag created successfully!',
			id: expect.any(String),
			name: 'Hot leads',
		})
		const again = await send('POST', '/api/v1/tags', { cookie, json: { name: 'hot LEADS' } })
		expect(again.status).toBe(200)
		expect(again.json).toEqual({ message: 'Tag already exists', id: created.json.id, name: 'Hot leads' })
		expect(await prisma.tag.count({ where: { organizationId: organization.id } })).toBe(1)
	})

	test('400 Tag name is required for an empty or blank name; 400 for malformed JSON', async () => {
		const { cookie } = await createSignedInUser()
		expectApiError(await send('POST', '/api/v1/tags', { cookie, json: {} }), 400, 'Tag name is required')
		expectApiError(
			await send('POST', '/api/v1/tags', { cookie, json: { name: '   ' } }),
			400,
			'Tag name is required',
		)
		expectApiError(await send('POST', '/api/v1/tags', { cookie, body: '{' }), 400)
		expectApiError(await send('POST', '/api/v1/tags', { json: { name: 'x' } }), 401)
		expectApiError(await send('DELETE', '/api/v1/tags', { cookie }), 405)
	})
})

describe('POST /api/v1/tags/:tagId/contacts', () => {
	test('a list of ids → { added }, already tagged contacts skipped', async () => {
		const { cookie, organization } = await createSignedInUser()
		const tag = await createTagRecord(organization.id)
		const contacts = await createTagTestContacts(organization.id, 3)
		const ids = contacts.map((contact) => contact.id)
		const result = await send('POST', `/api/v1/tags/${tag.id}/contacts`, {
			cookie,
			json: { contact_ids: ids },
		})
		expect(result.status).toBe(200)
		expect(result.json).toEqual({ added: 3 })
		const again = await send('POST', `/api/v1/tags/${tag.id}/contacts`, {
			cookie,
			json: { contact_ids: ids },
		})
		expect(again.json).toEqual({ added: 0 })
	})

	test("'all' with the filter and exclude_ids", async () => {
		const { cookie, organization } = await createSignedInUser()
		const tag = await createTagRecord(organization.id)
		const ada = await createTagTestContacts(organization.id, 3, { prefix: 'Ada' })
		await createTagTestContacts(organization.id, 2, { prefix: 'Bob' })
		const result = await send('POST', `/api/v1/tags/${tag.id}/contacts`, {
			cookie,
			json: { contact_ids: 'all', search: 'ada', exclude_ids: [ada[2]!.id] },
		})
		expect(result.json).toEqual({ added: 2 })
		const members = await prisma.contactTag.findMany({
			where: { tagId: tag.id },
			select: { contactId: true },
		})
		expect(members.map((row) => row.contactId).sort()).toEqual([ada[0]!.id, ada[1]!.id].sort())
	})

	test("another organization's tag → 404; another organization's contact ids are ignored", async () => {
		const owner = await createSignedInUser()
		const foreignTag = await createTagRecord(owner.organization.id)
		const [foreignContact] = await createTagTestContacts(owner.organization.id, 1)
		const stranger = await createSignedInUser()
		const strangersTag = await createTagRecord(stranger.organization.id)
		expectApiError(
			await send('POST', `/api/v1/tags/${foreignTag.id}/contacts`, {
				cookie: stranger.cookie,
				json: { contact_ids: 'all' },
			}),
			404,
			'Tag not found',
		)
		const ignored = await send('POST', `/api/v1/tags/${strangersTag.id}/contacts`, {
			cookie: stranger.cookie,
			json: { contact_ids: [foreignContact!.id] },
		})
		expect(ignored.json).toEqual({ added: 0 })
		expect(await prisma.contactTag.count({ where: { contactId: foreignContact!.id } })).toBe(0)
	})

	test('400 messages, 401, 405', async () => {
		const { cookie, organization } = await createSignedInUser()
		const tag = await createTagRecord(organization.id)
		const path = `/api/v1/tags/${tag.id}/contacts`
		expectApiError(
			await send('POST', path, { cookie, json: { contact_ids: [] } }),
			400,
			'Select at least one contact',
		)
		expectApiError(await send('POST', path, { cookie, json: {} }), 400)
		expectApiError(await send('POST', path, { cookie, json: { contact_ids: 'some' } }), 400)
		expectApiError(await send('POST', path, { json: { contact_ids: 'all' } }), 401)
		expectApiError(await send('GET', path, { cookie }), 405)
	})
})

describe('POST /api/v1/contacts/:id/tag', () => {
	test('adds tags to one contact → { added, tags }', async () => {
		const { cookie, organization } = await createSignedInUser()
		const [contact] = await createTagTestContacts(organization.id, 1)
		const a = await createTagRecord(organization.id, 'A')
		const b = await createTagRecord(organization.id, 'B')
		const result = await send('POST', `/api/v1/contacts/${contact!.id}/tag`, {
			cookie,
			json: { tagIds: [a.id, b.id] },
		})
		expect(result.status).toBe(200)
		expect(result.json).toEqual({ added: 2, tags: [a, b] })
	})

	test("another organization's contact or tag → 404, nothing changes", async () => {
		const owner = await createSignedInUser()
		const [foreignContact] = await createTagTestContacts(owner.organization.id, 1)
		const foreignTag = await createTagRecord(owner.organization.id)
		const stranger = await createSignedInUser()
		const [contact] = await createTagTestContacts(stranger.organization.id, 1)
		const mine = await createTagRecord(stranger.organization.id)
		expectApiError(
			await send('POST', `/api/v1/contacts/${foreignContact!.id}/tag`, {
				cookie: stranger.cookie,
				json: { tagIds: [mine.id] },
			}),
			404,
			'Contact not found',
		)
		expectApiError(
			await send('POST', `/api/v1/contacts/${contact!.id}/tag`, {
				cookie: stranger.cookie,
				json: { tagIds: [mine.id, foreignTag.id] },
			}),
			404,
			'Tag not found',
		)
		expect(
			await prisma.contactTag.count({ where: { contactId: { in: [contact!.id, foreignContact!.id] } } }),
		).toBe(0)
	})

	test('400 without tagIds, 401 without a session', async () => {
		const { cookie, organization } = await createSignedInUser()
		const [contact] = await createTagTestContacts(organization.id, 1)
		const path = `/api/v1/contacts/${contact!.id}/tag`
		expectApiError(await send('POST', path, { cookie, json: {} }), 400, 'tagIds must be a list of tag ids')
		expectApiError(await send('POST', path, { json: { tagIds: [] } }), 401)
	})
})

describe('POST /resources/tags/coverage', () => {
	test('selected count and per-tag coverage; other organizations’ tags count 0', async () => {
		const { cookie, organization } = await createSignedInUser()
		const contacts = await createTagTestContacts(organization.id, 2)
		const ids = contacts.map((contact) => contact.id)
		const full = await createTagRecord(organization.id)
		await tagContacts(full.id, ids)
		const owner = await createSignedInUser()
		const foreign = await createTagRecord(owner.organization.id)
		const result = await send('POST', '/resources/tags/coverage', {
			cookie,
			json: { tagIds: [full.id, foreign.id], contact_ids: 'all' },
		})
		expect(result.status).toBe(200)
		expect(result.json).toEqual({ selectedCount: 2, counts: { [full.id]: 2, [foreign.id]: 0 } })
		expectApiError(
			await send('POST', '/resources/tags/coverage', { json: { tagIds: [], contact_ids: 'all' } }),
			401,
		)
		expectApiError(await send('POST', '/resources/tags/coverage', { cookie, json: { tagIds: [] } }), 400)
	})
})
