import { beforeAll, describe, expect, test } from 'vitest'
import { action as listAction, loader as listLoader } from '#app/routes/_app+/lists.$slug.tsx'
import { action as listsAction, loader as listsLoader } from '#app/routes/_app+/lists._index.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import {
	addToList,
	ADMIN_DOMAIN,
	adminEmail,
	createContactRecords,
	createListRecord,
} from '#tests/factories/list.ts'

beforeAll(() => {
	process.env.ADMIN_EMAIL_DOMAINS = ADMIN_DOMAIN
	resetEnvCache()
})

function toastOf(headers: Headers) {
	return headers.get('set-cookie') ?? ''
}

describe('/lists (no JavaScript)', () => {
	test('an administrator creates a list with the form and lands on it', async () => {
		const { cookie, organization } = await createSignedInUser({ email: adminEmail() })
		const result = await callRoute(() =>
			listsAction({
				request: makeRequest('/lists?index', {
					method: 'POST',
					cookie,
					form: { intent: 'create-list', name: ' Partners ', description: '' },
				}),
				params: {},
				context: {},
			}),
		)
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/lists/partners')
		expect(toastOf(result.headers)).toContain('en_toast')
		expect(await prisma.list.findFirst({ where: { organizationId: organization.id } })).toMatchObject({
			name: 'Partners',
			description: null,
		})
	})

	test('the form shows "List name is required"; others get the administrators message', async () => {
		const admin = await createSignedInUser({ email: adminEmail() })
		const invalid = await callRoute(() =>
			listsAction({
				request: makeRequest('/lists?index', {
					method: 'POST',
					cookie: admin.cookie,
					form: { intent: 'create-list' },
				}),
				params: {},
				context: {},
			}),
		)
		expect(invalid.status).toBe(400)
		expect(invalid.body.result.error.name).toEqual(['List name is required'])

		const member = await createSignedInUser()
		const refused = await callRoute(() =>
			listsAction({
				request: makeRequest('/lists?index', {
					method: 'POST',
					cookie: member.cookie,
					form: { intent: 'create-list', name: 'Nope' },
				}),
				params: {},
				context: {},
			}),
		)
		expect(refused.status).toBe(302)
		expect(refused.headers.get('Location')).toBe('/lists')
		expect(await prisma.list.count({ where: { organizationId: member.organization.id } })).toBe(0)
	})

	test('the lists page shows the organization’s lists with counts only', async () => {
		const { cookie, organization } = await createSignedInUser()
		const list = await createListRecord(organization.id, { name: 'Mine', slug: 'mine' })
		const [contact] = await createContactRecords(organization.id, [{}])
		await addToList(list.id, [contact!.id])
		const other = await createSignedInUser()
		await createListRecord(other.organization.id, { name: 'Theirs', slug: 'theirs' })
		const result = await callRoute(() =>
			listsLoader({ request: makeRequest('/lists', { cookie }), params: {}, context: {} }),
		)
		expect(result.body.lists).toEqual([
			expect.objectContaining({ name: 'Mine', slug: 'mine', contactCount: 1 }),
		])
	})
})

describe('/lists/:slug', () => {
	test('the list page with its contacts; ?add offers contacts with the Added state', async () => {
		const { cookie, organization } = await createSignedInUser({ email: adminEmail() })
		const list = await createListRecord(organization.id, { name: 'Board', slug: 'board' })
		const [member, other] = await createContactRecords(organization.id, [
			{ firstName: 'Mia' },
			{ firstName: 'Noa' },
		])
		await addToList(list.id, [member!.id])
		const page = await callRoute(() =>
			listLoader({
				request: makeRequest('/lists/board?add=1', { cookie }),
				params: { slug: 'board' },
				context: {},
			}),
		)
		expect(page.status).toBe(200)
		expect(page.body.total).toBe(1)
		expect(page.body.contacts.map((row: { id: string }) => row.id)).toEqual([member!.id])
		expect(page.body.add.rows.map((row: { id: string; added: boolean }) => [row.id, row.added])).toEqual([
			[other!.id, false],
			[member!.id, true],
		])

		const form = new FormData()
		form.set('intent', 'add-to-list')
		form.append('contactIds', other!.id)
		form.append('contactIds', member!.id)
		form.set('scope', 'selected')
		const added = await callRoute(() =>
			listAction({
				request: makeRequest('/lists/board?add=1', { method: 'POST', cookie, form }),
				params: { slug: 'board' },
				context: {},
			}),
		)
		expect(added.status).toBe(302)
		expect(added.headers.get('Location')).toBe('/lists/board')
		expect(await prisma.listContact.count({ where: { listId: list.id } })).toBe(2)
	})

	test("non-administrators cannot add; another organization's list is a 404", async () => {
		const owner = await createSignedInUser()
		const list = await createListRecord(owner.organization.id, { name: 'Team', slug: 'team' })
		const [contact] = await createContactRecords(owner.organization.id, [{}])
		const refusedPage = await callRoute(() =>
			listLoader({
				request: makeRequest('/lists/team?add=1', { cookie: owner.cookie }),
				params: { slug: 'team' },
				context: {},
			}),
		)
		expect(refusedPage.status).toBe(302)
		expect(refusedPage.headers.get('Location')).toBe('/lists/team')
		const refused = await callRoute(() =>
			listAction({
				request: makeRequest('/lists/team', {
					method: 'POST',
					cookie: owner.cookie,
					form: { intent: 'add-to-list', contactIds: contact!.id, scope: 'selected' },
				}),
				params: { slug: 'team' },
				context: {},
			}),
		)
		expect(refused.status).toBe(302)
		expect(await prisma.listContact.count({ where: { listId: list.id } })).toBe(0)

		const stranger = await createSignedInUser({ email: adminEmail() })
		const missing = await callRoute(() =>
			listLoader({
				request: makeRequest('/lists/team', { cookie: stranger.cookie }),
				params: { slug: 'team' },
				context: {},
			}),
		)
		expect(missing.status).toBe(404)
		const missingAction = await callRoute(() =>
			listAction({
				request: makeRequest('/lists/team', {
					method: 'POST',
					cookie: stranger.cookie,
					form: { intent: 'add-to-list', scope: 'all' },
				}),
				params: { slug: 'team' },
				context: {},
			}),
		)
		expect(missingAction.status).toBe(404)
	})
})
