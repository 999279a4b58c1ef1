import { describe, expect, test } from 'vitest'
import * as detailRoute from '#app/routes/_app+/contacts.$contactId.tsx'
import * as editRoute from '#app/routes/_app+/contacts.$contactId_.edit.tsx'
import * as newRoute from '#app/routes/_app+/contacts.new.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertCompany, insertContact, insertTag } from '#tests/factories/contact.ts'

// The contact pages' loaders and actions: /contacts/new, /contacts/:id and /contacts/:id/edit,
// as the no-JavaScript forms post them and as the dialogs' fetchers do (mode=dialog).

function form(values: Record<string, string | string[]>) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(values)) {
		for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item)
	}
	return formData
}

async function setup() {
	const signedIn = await createSignedInUser()
	const company = await insertCompany(signedIn.organization.id, { name: 'Acme' })
	return { ...signedIn, organizationId: signedIn.organization.id, company }
}

function post(
	route: { action: (args: never) => unknown },
	path: string,
	cookie: string,
	values: Record<string, string | string[]>,
	params: Record<string, string> = {},
) {
	const request = makeRequest(path, { method: 'POST', cookie, form: form(values) })
	const action = route.action as (args: {
		request: Request
		params: object
		context: object
	}) => Promise<unknown>
	return callRoute(() => action({ request, params, context: {} }))
}

function get(route: { loader: (args: never) => unknown }, path: string, cookie: string, params = {}) {
	const loader = route.loader as (args: {
		request: Request
		params: object
		context: object
	}) => Promise<unknown>
	return callRoute(() => loader({ request: makeRequest(path, { cookie }), params, context: {} }))
}

function fieldErrors(body: { result: { error?: Record<string, string[]> } }) {
	return body.result.error ?? {}
}

describe('/contacts/new', () => {
	test('the loader offers only the organization’s companies and tags for the no-JS selects', async () => {
		const { cookie, organizationId, company } = await setup()
		const tag = await insertTag(organizationId, 'VIP')
		const other = await createSignedInUser()
		await insertCompany(other.organization.id, { name: 'Other Co' })
		await insertTag(other.organization.id, 'Other tag')
		const result = await get(newRoute, '/contacts/new', cookie)
		expect(result.body).toEqual({
			companyOptions: [{ id: company.id, name: 'Acme' }],
			tagOptions: [{ id: tag.id, name: 'VIP' }],
		})
	})

	test('an empty form gets every required message', async () => {
		const { cookie } = await setup()
		const result = await post(newRoute, '/contacts/new', cookie, { linkedin: 'not a url' })
		expect(result.status).toBe(400)
		expect(fieldErrors(result.body)).toEqual({
			firstName: ['First name is required'],
			lastName: ['Last name is required'],
			companyId: ['Company is required'],
			role: ['Role is required'],
			email: ['Email is required'],
			linkedin: ['Please enter a valid URL'],
		})
		const invalid = await post(newRoute, '/contacts/new', cookie, { email: 'nope', role: '  ' })
		expect(fieldErrors(invalid.body)).toMatchObject({
			email: ['Invalid email address'],
			role: ['Role cannot be empty'],
		})
	})

	test('the page form creates the contact and redirects to it with the toast', async () => {
		const { cookie, organizationId, company, user } = await setup()
		const [a, b] = [await insertTag(organizationId), await insertTag(organizationId)]
		const result = await post(newRoute, '/contacts/new', cookie, {
			firstName: 'Grace',
			lastName: 'Hopper',
			companyId: company.id,
			role: 'Rear Admiral',
			email: 'GRACE@navy.mil',
			phone: '',
			linkedin: 'linkedin.com/in/grace',
			tagIds: [a.id, b.id],
		})
		expect(result.status).toBe(302)
		const contact = await prisma.contact.findFirstOrThrow({
			where: { organizationId },
			include: { tags: true },
		})
		expect(result.headers.get('Location')).toBe(`/contacts/${contact.id}`)
		expect(result.headers.get('Set-Cookie')).toContain('en_toast')
		expect(contact).toMatchObject({
			email: 'grace@navy.mil',
			phone: null,
			linkedin: 'https://www.linkedin.com/in/grace',
			status: 'NEW',
			creatorId: user.id,
		})
		expect(contact.tags.map((tag) => tag.tagId).sort()).toEqual([a.id, b.id].sort())
	})

	test('the dialog (mode=dialog) gets the contact back; a duplicate email is a field error with 409', async () => {
		const { cookie, company } = await setup()
		const values = {
			mode: 'dialog',
			firstName: 'Ada',
			lastName: 'Lovelace',
			companyId: company.id,
			role: 'Analyst',
			email: 'ada@example.com',
		}
		const created = await post(newRoute, '/contacts/new', cookie, values)
		expect(created.status).toBe(200)
		expect(created.body.contact).toMatchObject({ id: expect.any(String), firstName: 'Ada' })
		expect(created.headers.get('Set-Cookie')).toContain('en_toast')

		const duplicate = await post(newRoute, '/contacts/new', cookie, values)
		expect(duplicate.status).toBe(409)
		expect(fieldErrors(duplicate.body)).toEqual({ email: ['A contact with this email already exists.'] })
		// The field says it; no vague "An error occurred" toast beside it.
		expect(duplicate.headers.get('Set-Cookie') ?? '').not.toContain('en_toast')
	})

	test("another organization's company or tag: 404 and nothing is created", async () => {
		const { cookie, organizationId, company } = await setup()
		const other = await createSignedInUser()
		const otherCompany = await insertCompany(other.organization.id)
		const otherTag = await insertTag(other.organization.id)
		const base = { firstName: 'A', lastName: 'B', role: 'C', email: 'a@b.co' }
		const byCompany = await post(newRoute, '/contacts/new', cookie, { ...base, companyId: otherCompany.id })
		expect(byCompany.status).toBe(404)
		expect(fieldErrors(byCompany.body)).toEqual({ companyId: ['Company not found'] })
		const byTag = await post(newRoute, '/contacts/new', cookie, {
			...base,
			companyId: company.id,
			tagIds: otherTag.id,
		})
		expect(byTag.status).toBe(404)
		expect(await prisma.contact.count({ where: { organizationId } })).toBe(0)
	})
})

describe('/contacts/:contactId', () => {
	test('the loader gives the panels’ data; another organization gets 404', async () => {
		const { cookie, organizationId, company } = await setup()
		const contact = await insertContact(organizationId, {
			companyId: company.id,
			lastContactedAt: new Date('2025-03-01T10:00:00Z'),
		})
		const result = await get(detailRoute, `/contacts/${contact.id}`, cookie, { contactId: contact.id })
		expect(result.body.contact).toMatchObject({
			id: contact.id,
			lastContactedAt: '2025-03-01T10:00:00.000Z',
			company: { id: company.id, name: 'Acme', description: 'Acme makes things' },
		})
		const stranger = await createSignedInUser()
		const hidden = await get(detailRoute, `/contacts/${contact.id}`, stranger.cookie, {
			contactId: contact.id,
		})
		expect(hidden.status).toBe(404)
	})

	test('delete: the page redirects to /contacts, the dialog gets { deleted }; others get 404', async () => {
		const { cookie, organizationId } = await setup()
		const [first, second] = [await insertContact(organizationId), await insertContact(organizationId)]
		const stranger = await createSignedInUser()
		const refused = await post(
			detailRoute,
			`/contacts/${first.id}`,
			stranger.cookie,
			{ intent: 'delete' },
			{
				contactId: first.id,
			},
		)
		expect(refused.status).toBe(404)
		expect(await prisma.contact.count({ where: { id: first.id } })).toBe(1)

		const page = await post(
			detailRoute,
			`/contacts/${first.id}`,
			cookie,
			{ intent: 'delete', redirectTo: '/contacts' },
			{ contactId: first.id },
		)
		expect(page.status).toBe(302)
		expect(page.headers.get('Location')).toBe('/contacts')
		const dialog = await post(
			detailRoute,
			`/contacts/${second.id}`,
			cookie,
			{ intent: 'delete', mode: 'dialog' },
			{ contactId: second.id },
		)
		expect(dialog.body).toEqual({ deleted: true })
		expect(await prisma.contact.count({ where: { organizationId } })).toBe(0)
	})
})

describe('/contacts/:contactId/edit', () => {
	test('the loader gives the contact with its company and tags; another organization gets 404', async () => {
		const { cookie, organizationId, company } = await setup()
		const tag = await insertTag(organizationId, 'VIP')
		const contact = await insertContact(organizationId, { companyId: company.id, tagIds: [tag.id] })
		const result = await get(editRoute, `/contacts/${contact.id}/edit`, cookie, { contactId: contact.id })
		expect(result.body.contact).toMatchObject({
			id: contact.id,
			company: { id: company.id, name: 'Acme' },
			tags: [{ id: tag.id, name: 'VIP' }],
		})
		const stranger = await createSignedInUser()
		const hidden = await get(editRoute, `/contacts/${contact.id}/edit`, stranger.cookie, {
			contactId: contact.id,
		})
		expect(hidden.status).toBe(404)
	})

	test('saves: empty optional fields become null, tags are replaced, and the page redirects', async () => {
		const { cookie, organizationId, company } = await setup()
		const [a, b] = [await insertTag(organizationId), await insertTag(organizationId)]
		const contact = await insertContact(organizationId, {
			companyId: company.id,
			tagIds: [a.id],
			phone: '123',
			summary: 'Old',
		})
		const result = await post(
			editRoute,
			`/contacts/${contact.id}/edit`,
			cookie,
			{
				companyId: company.id,
				firstName: 'Augusta',
				middleName: 'Ada',
				lastName: 'King',
				email: 'ada@example.com',
				tagIds: b.id,
			},
			{ contactId: contact.id },
		)
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe(`/contacts/${contact.id}`)
		const saved = await prisma.contact.findUniqueOrThrow({
			where: { id: contact.id },
			include: { tags: true },
		})
		expect(saved).toMatchObject({
			firstName: 'Augusta',
			middleName: 'Ada',
			lastName: 'King',
			phone: null,
			role: null,
			summary: null,
		})
		expect(saved.tags.map((tag) => tag.tagId)).toEqual([b.id])
	})

	test('"Please select a company" and the other messages; the dialog gets the contact', async () => {
		const { cookie, organizationId, company } = await setup()
		const contact = await insertContact(organizationId, { companyId: company.id })
		const invalid = await post(
			editRoute,
			`/contacts/${contact.id}/edit`,
			cookie,
			{ firstName: '', lastName: 'X', email: 'nope', mode: 'dialog' },
			{ contactId: contact.id },
		)
		expect(invalid.status).toBe(400)
		expect(fieldErrors(invalid.body)).toEqual({
			companyId: ['Please select a company'],
			firstName: ['First name is required'],
			email: ['Invalid email address'],
		})
		const saved = await post(
			editRoute,
			`/contacts/${contact.id}/edit`,
			cookie,
			{ companyId: company.id, firstName: 'New', lastName: 'Name', email: 'new@example.com', mode: 'dialog' },
			{ contactId: contact.id },
		)
		expect(saved.status).toBe(200)
		expect(saved.body.contact).toMatchObject({ id: contact.id, firstName: 'New' })
	})

	test("another organization's contact or company: 404, nothing changes", async () => {
		const { cookie, organizationId, company } = await setup()
		const contact = await insertContact(organizationId, { companyId: company.id, firstName: 'Ada' })
		const stranger = await createSignedInUser()
		const strangerCompany = await insertCompany(stranger.organization.id)
		const values = { companyId: strangerCompany.id, firstName: 'X', lastName: 'Y', email: 'x@y.co' }
		const foreignContact = await post(editRoute, `/contacts/${contact.id}/edit`, stranger.cookie, values, {
			contactId: contact.id,
		})
		expect(foreignContact.status).toBe(404)
		const foreignCompany = await post(editRoute, `/contacts/${contact.id}/edit`, cookie, values, {
			contactId: contact.id,
		})
		expect(foreignCompany.status).toBe(404)
		expect(fieldErrors(foreignCompany.body)).toEqual({ companyId: ['Company not found'] })
		const unchanged = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(unchanged).toMatchObject({ firstName: 'Ada', companyId: company.id })
	})
})
