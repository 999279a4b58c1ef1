import { describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { contactPayload, insertCompany, insertContact, insertTag } from '#tests/factories/contact.ts'

// /api/v1/contacts, /contacts/:id and /contacts/check-batch through the real router.
// Decision: another organization's companyId or tagIds in a body is a 404 ("Company not
// found" / "Tag not found"), like any other id of another organization.

const send = setupApiRouter()

async function signedInWithCompany() {
	const signedIn = await createSignedInUser()
	const company = await insertCompany(signedIn.organization.id, { name: 'Acme', industry: 'Aerospace' })
	return { ...signedIn, company, organizationId: signedIn.organization.id }
}

describe('POST /api/v1/contacts', () => {
	test('201 with the created contact and its id', async () => {
		const { cookie, company, organizationId, user } = await signedInWithCompany()
		const tag = await insertTag(organizationId, 'Hot')
		const result = await send('POST', '/api/v1/contacts', {
			cookie,
			json: contactPayload(company.id, {
				email: 'Grace@Example.com',
				phone: '+1 555 0100',
				linkedin: 'https://www.linkedin.com/in/grace',
				roleDetails: 'Runs the compiler team',
				summary: 'Navy',
				tagIds: [tag.id],
			}),
		})
		expect(result.status, result.text).toBe(201)
		expect(result.json).toMatchObject({
			id: expect.any(String),
			firstName: 'Grace',
			lastName: 'Hopper',
			email: 'grace@example.com',
			status: 'NEW',
			companyId: company.id,
			company: { id: company.id, name: 'Acme' },
			tagIds: [tag.id],
			tags: [{ id: tag.id, name: 'Hot' }],
			creatorId: user.id,
			summary: 'Navy',
		})
		const saved = await prisma.contact.findUniqueOrThrow({ where: { id: result.json.id } })
		expect(saved.organizationId).toBe(organizationId)
	})

	test.each([
		[{ firstName: '' }, 'First name is required'],
		[{ lastName: undefined }, 'Last name is required'],
		[{ email: undefined }, 'Email is required'],
		[{ email: 'nope' }, 'Invalid email address'],
		[{ linkedin: 'not a url' }, 'Please enter a valid URL'],
		[{ role: undefined }, 'Role is required'],
		[{ role: ' ' }, 'Role cannot be empty'],
		[{ companyId: undefined }, 'Company is required'],
	])('400 validation_error for %j: "%s"', async (overrides, message) => {
		const { cookie, company } = await signedInWithCompany()
		const result = await send('POST', '/api/v1/contacts', {
			cookie,
			json: contactPayload(company.id, overrides),
		})
		expectApiError(result, 400, message)
		expect(result.json.error).toBe('validation_error')
	})

	test('409 for an email already in the organization', async () => {
		const { cookie, company, organizationId } = await signedInWithCompany()
		await insertContact(organizationId, { email: 'grace@example.com' })
		const result = await send('POST', '/api/v1/contacts', {
			cookie,
			json: contactPayload(company.id, { email: 'grace@example.com' }),
		})
		expectApiError(result, 409, 'A contact with this email already exists.')
	})

	test("404 for another organization's company or tag", async () => {
		const { cookie, company } = await signedInWithCompany()
		const other = await createSignedInUser()
		const otherCompany = await insertCompany(other.organization.id)
		const otherTag = await insertTag(other.organization.id)
		expectApiError(
			await send('POST', '/api/v1/contacts', { cookie, json: contactPayload(otherCompany.id) }),
			404,
			'Company not found',
		)
		expectApiError(
			await send('POST', '/api/v1/contacts', {
				cookie,
				json: contactPayload(company.id, { tagIds: [otherTag.id] }),
			}),
			404,
			'Tag not found',
		)
	})

	test('401 without a session', async () => {
		expectApiError(await send('POST', '/api/v1/contacts', { json: contactPayload('x') }), 401)
		expectApiError(await send('GET', '/api/v1/contacts'), 401)
	})
})

describe('GET /api/v1/contacts', () => {
	test('{ data, meta } with paging, search, tags and sort; only the organization’s contacts', async () => {
		const { cookie, company, organizationId } = await signedInWithCompany()
		const tag = await insertTag(organizationId)
		const ada = await insertContact(organizationId, {
			firstName: 'Ada',
			companyId: company.id,
			tagIds: [tag.id],
			createdAt: new Date('2024-01-01'),
		})
		const bob = await insertContact(organizationId, { firstName: 'Bob', createdAt: new Date('2024-01-02') })
		const cyd = await insertContact(organizationId, { firstName: 'Cyd', createdAt: new Date('2024-01-03') })
		const other = await createSignedInUser()
		await insertContact(other.organization.id, { firstName: 'Ada' })

		const all = await send('GET', '/api/v1/contacts', { cookie })
		expect(all.status).toBe(200)
		expect(all.json.meta).toEqual({ total: 3, take: 100, skip: 0 })
		expect(all.json.data.map((row: { id: string }) => row.id)).toEqual([cyd.id, bob.id, ada.id])
		expect(all.json.data[2]).toMatchObject({
			company: { id: company.id, name: 'Acme' },
			tags: [{ id: tag.id, name: tag.name }],
			tagIds: [tag.id],
			campaigns: [],
		})

		const page = await send('GET', '/api/v1/contacts?take=1&skip=1&sortBy=firstName&sortDirection=asc', {
			cookie,
		})
		expect(page.json.data.map((row: { id: string }) => row.id)).toEqual([bob.id])
		expect(page.json.meta).toEqual({ total: 3, take: 1, skip: 1 })

		const byTag = await send('GET', `/api/v1/contacts?tags=${tag.id}&company=true&campaigns=true`, { cookie })
		expect(byTag.json.data.map((row: { id: string }) => row.id)).toEqual([ada.id])
		const byOneTag = await send('GET', `/api/v1/contacts?tag=${tag.id}`, { cookie })
		expect(byOneTag.json.meta.total).toBe(1)

		const search = await send('GET', '/api/v1/contacts?search=acm', { cookie })
		expect(search.json.data.map((row: { id: string }) => row.id)).toEqual([ada.id])

		const capped = await send('GET', '/api/v1/contacts?take=5000', { cookie })
		expect(capped.json.meta.take).toBe(1000)
		expectApiError(await send('GET', '/api/v1/contacts?take=abc', { cookie }), 400)
		expectApiError(await send('GET', '/api/v1/contacts?skip=-1', { cookie }), 400)
	})

	test("another organization's tag filters to nothing", async () => {
		const { cookie, organizationId } = await signedInWithCompany()
		await insertContact(organizationId)
		const other = await createSignedInUser()
		const otherTag = await insertTag(other.organization.id)
		await insertContact(other.organization.id, { tagIds: [otherTag.id] })
		const result = await send('GET', `/api/v1/contacts?tags=${otherTag.id}`, { cookie })
		expect(result.json).toEqual({ data: [], meta: { total: 0, take: 100, skip: 0 } })
	})
})

describe('/api/v1/contacts/:id', () => {
	test('GET, with ?company=true the whole company', async () => {
		const { cookie, company, organizationId } = await signedInWithCompany()
		const contact = await insertContact(organizationId, { companyId: company.id })
		const plain = await send('GET', `/api/v1/contacts/${contact.id}`, { cookie })
		expect(plain.status).toBe(200)
		expect(plain.json).toMatchObject({ id: contact.id, company: { id: company.id, name: 'Acme' } })
		expect(plain.json.company.industry).toBeUndefined()
		const full = await send('GET', `/api/v1/contacts/${contact.id}?company=true`, { cookie })
		expect(full.json.company).toMatchObject({ id: company.id, name: 'Acme', industry: 'Aerospace' })
	})

	test('PUT changes the contact; validation, ownership and duplicates are refused', async () => {
		const { cookie, company, organizationId } = await signedInWithCompany()
		const contact = await insertContact(organizationId, { companyId: company.id, phone: '123' })
		await insertContact(organizationId, { email: 'taken@example.com' })
		const tag = await insertTag(organizationId)

		const result = await send('PUT', `/api/v1/contacts/${contact.id}`, {
			cookie,
			json: { firstName: 'Augusta', phone: '', status: 'ACTIVE', tagIds: [tag.id] },
		})
		expect(result.status, result.text).toBe(200)
		expect(result.json).toMatchObject({
			id: contact.id,
			firstName: 'Augusta',
			lastName: contact.lastName,
			phone: null,
			status: 'ACTIVE',
			tagIds: [tag.id],
		})

		expectApiError(
			await send('PUT', `/api/v1/contacts/${contact.id}`, { cookie, json: { firstName: '' } }),
			400,
			'First name is required',
		)
		expectApiError(
			await send('PUT', `/api/v1/contacts/${contact.id}`, { cookie, json: { companyId: '' } }),
			400,
			'Please select a company',
		)
		expectApiError(
			await send('PUT', `/api/v1/contacts/${contact.id}`, { cookie, json: { email: 'taken@example.com' } }),
			409,
			'A contact with this email already exists.',
		)
		const other = await createSignedInUser()
		const otherCompany = await insertCompany(other.organization.id)
		const otherTag = await insertTag(other.organization.id)
		expectApiError(
			await send('PUT', `/api/v1/contacts/${contact.id}`, { cookie, json: { companyId: otherCompany.id } }),
			404,
			'Company not found',
		)
		expectApiError(
			await send('PUT', `/api/v1/contacts/${contact.id}`, { cookie, json: { tagIds: [otherTag.id] } }),
			404,
			'Tag not found',
		)
	})

	test('DELETE → 200 { message }; then 404', async () => {
		const { cookie, organizationId } = await signedInWithCompany()
		const contact = await insertContact(organizationId)
		const result = await send('DELETE', `/api/v1/contacts/${contact.id}`, { cookie })
		expect(result.status).toBe(200)
		expect(result.json).toEqual({ message: 'Contact deleted successfully' })
		expectApiError(
			await send('DELETE', `/api/v1/contacts/${contact.id}`, { cookie }),
			404,
			'Contact not found',
		)
		expectApiError(await send('GET', `/api/v1/contacts/${contact.id}`, { cookie }), 404, 'Contact not found')
	})

	test("another organization's contact: 404 on GET, PUT and DELETE, and nothing changes", async () => {
		const { organizationId } = await signedInWithCompany()
		const contact = await insertContact(organizationId, { firstName: 'Ada' })
		const stranger = await createSignedInUser()
		const path = `/api/v1/contacts/${contact.id}`
		expectApiError(await send('GET', path, { cookie: stranger.cookie }), 404, 'Contact not found')
		expectApiError(await send('PUT', path, { cookie: stranger.cookie, json: { firstName: 'X' } }), 404)
		expectApiError(await send('DELETE', path, { cookie: stranger.cookie }), 404)
		const unchanged = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(unchanged.firstName).toBe('Ada')
	})

	test('405 for other methods', async () => {
		const { cookie, organizationId } = await signedInWithCompany()
		const contact = await insertContact(organizationId)
		expectApiError(await send('PATCH', `/api/v1/contacts/${contact.id}`, { cookie, json: {} }), 405)
		expectApiError(await send('DELETE', '/api/v1/contacts', { cookie }), 405)
	})
})

describe('POST /api/v1/contacts/check-batch', () => {
	test('results per address, matched within the organization', async () => {
		const { cookie, company, organizationId } = await signedInWithCompany()
		const tag = await insertTag(organizationId)
		const saved = await insertContact(organizationId, {
			linkedin: 'https://www.linkedin.com/in/ada',
			companyId: company.id,
			tagIds: [tag.id],
		})
		const stranger = await createSignedInUser()

		const result = await send('POST', '/api/v1/contacts/check-batch', {
			cookie,
			json: { linkedinUrls: ['linkedin.com/in/ada/', 'https://www.linkedin.com/in/nobody'] },
		})
		expect(result.status).toBe(200)
		expect(result.json).toEqual({
			results: [
				{
					linkedin: 'linkedin.com/in/ada/',
					saved: true,
					contactId: saved.id,
					companyId: company.id,
					tagIds: [tag.id],
				},
				{
					linkedin: 'https://www.linkedin.com/in/nobody',
					saved: false,
					contactId: null,
					companyId: null,
					tagIds: [],
				},
			],
		})

		const elsewhere = await send('POST', '/api/v1/contacts/check-batch', {
			cookie: stranger.cookie,
			json: { linkedinUrls: ['https://www.linkedin.com/in/ada'] },
		})
		expect(elsewhere.json.results[0]).toMatchObject({ saved: false, contactId: null })

		expectApiError(await send('POST', '/api/v1/contacts/check-batch', { cookie, json: {} }), 400)
		expectApiError(await send('GET', '/api/v1/contacts/check-batch', { cookie }), 405)
		expectApiError(await send('POST', '/api/v1/contacts/check-batch', { json: { linkedinUrls: [] } }), 401)
	})
})
