import { describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { companyPayload, createCompanyRecord } from '#tests/factories/company.ts'

const send = setupApiRouter()

describe('GET /api/v1/companies', () => {
	test('401 without a session', async () => {
		expectApiError(await send('GET', '/api/v1/companies'), 401)
		expectApiError(await send('POST', '/api/v1/companies', { json: companyPayload() }), 401)
		expectApiError(await send('GET', '/api/v1/companies/x'), 401)
		expectApiError(await send('PUT', '/api/v1/companies/x', { json: {} }), 401)
		expectApiError(await send('DELETE', '/api/v1/companies/x'), 401)
	})

	test('pages of the organization’s companies by name with { data, meta }', async () => {
		const { cookie, organization } = await createSignedInUser()
		for (const name of ['Delta', 'Alpha', 'Charlie', 'Bravo', 'Echo']) {
			await createCompanyRecord(organization.id, { name })
		}
		const other = await createSignedInUser()
		await createCompanyRecord(other.organization.id, { name: 'Alpha Elsewhere' })

		const first = await send('GET', '/api/v1/companies?take=2', { cookie })
		expect(first.status).toBe(200)
		expect(first.json.data.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Bravo'])
		expect(first.json.meta).toEqual({ total: 5, current_page: 1, last_page: 3 })
		expect(first.json.data[0]).toMatchObject({ id: expect.any(String), description: 'Alpha makes things' })

		const third = await send('GET', '/api/v1/companies?take=2&skip=4', { cookie })
		expect(third.json.data.map((c: { name: string }) => c.name)).toEqual(['Echo'])
		expect(third.json.meta).toEqual({ total: 5, current_page: 3, last_page: 3 })

		const search = await send('GET', '/api/v1/companies?search=ALP', { cookie })
		expect(search.json.data.map((c: { name: string }) => c.name)).toEqual(['Alpha'])
		expect(search.json.meta).toEqual({ total: 1, current_page: 1, last_page: 1 })

		const defaults = await send('GET', '/api/v1/companies', { cookie })
		expect(defaults.json.data).toHaveLength(5)
		expect((await send('GET', '/api/v1/companies?take=100000', { cookie })).status).toBe(200)
	})

	test('400 for a bad take or skip', async () => {
		const { cookie } = await createSignedInUser()
		expectApiError(await send('GET', '/api/v1/companies?take=abc', { cookie }), 400)
		expectApiError(await send('GET', '/api/v1/companies?take=0', { cookie }), 400)
		expectApiError(
			await send('GET', '/api/v1/companies?skip=-5', { cookie }),
			400,
			'skip must be a whole number',
		)
	})

	test('another organization sees none of them', async () => {
		const owner = await createSignedInUser()
		await createCompanyRecord(owner.organization.id, { name: 'Secret Co' })
		const { cookie } = await createSignedInUser()
		const result = await send('GET', '/api/v1/companies?search=secret', { cookie })
		expect(result.json).toEqual({ data: [], meta: { total: 0, current_page: 1, last_page: 1 } })
	})
})

describe('POST /api/v1/companies', () => {
	test('201 with the created company including its id', async () => {
		const { cookie, organization, user } = await createSignedInUser()
		const result = await send('POST', '/api/v1/companies', {
			cookie,
			json: companyPayload({
				name: 'Initech',
				website: 'https://initech.example.com',
				linkedinUrl: 'https://www.linkedin.com/company/initech',
				employeeCount: 250,
				linkedinFollowers: '1200',
				headquarter: { city: 'Austin', country: 'US' },
				locations: ['Austin'],
				funding: { total: '$5M' },
			}),
		})
		expect(result.status).toBe(201)
		expect(result.json).toMatchObject({
			id: expect.any(String),
			name: 'Initech',
			slug: 'initech',
			employeeCount: 250,
			linkedinFollowers: 1200,
			headquarter: { city: 'Austin', country: 'US' },
			locations: ['Austin'],
		})
		const stored = await prisma.company.findUniqueOrThrow({ where: { id: result.json.id } })
		expect(stored).toMatchObject({ organizationId: organization.id, creatorId: user.id })
	})

	test('409 RecordAlreadyExists for the same name (any case or punctuation)', async () => {
		const { cookie } = await createSignedInUser()
		expect(
			(await send('POST', '/api/v1/companies', { cookie, json: companyPayload({ name: 'Hooli' }) })).status,
		).toBe(201)
		const duplicate = await send('POST', '/api/v1/companies', {
			cookie,
			json: companyPayload({ name: 'HOOLI.' }),
		})
		expectApiError(duplicate, 409, 'A company with these details already exists.')
		expect(duplicate.json.error).toBe('RecordAlreadyExists')
	})

	test('400 with the form’s messages', async () => {
		const { cookie } = await createSignedInUser()
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ description: 'x' }, 'Company name is required'],
			[{ name: 'X' }, 'Company description is required'],
			[companyPayload({ website: 'http://insecure.example.com' }), 'Please enter a valid website URL'],
			[
				companyPayload({ linkedinUrl: 'https://www.linkedin.com/in/someone' }),
				'URL must be a LinkedIn company URL, not a personal profile',
			],
			[companyPayload({ linkedinUrl: 'https://example.com' }), 'Please enter a valid LinkedIn company URL'],
			[companyPayload({ crunchbaseUrl: 'https://example.com' }), 'URL must be a Crunchbase organization URL'],
			[companyPayload({ employeeCount: 1.5 }), 'Employee count must be a whole number'],
			[companyPayload({ linkedinFollowers: -3 }), 'LinkedIn followers must be a whole number'],
		]
		for (const [json, message] of cases) {
			expectApiError(await send('POST', '/api/v1/companies', { cookie, json }), 400, message)
		}
		expectApiError(await send('POST', '/api/v1/companies', { cookie, body: '{"name":' }), 400)
		expectApiError(await send('PATCH', '/api/v1/companies', { cookie, json: {} }), 405)
	})
})

describe('/api/v1/companies/:id', () => {
	test('GET, PUT and DELETE a company of the organization', async () => {
		const { cookie, organization } = await createSignedInUser()
		const company = await createCompanyRecord(organization.id, { name: 'Umbrella', industry: 'Pharma' })
		const contact = await prisma.contact.create({
			data: { organizationId: organization.id, firstName: 'Alice', lastName: 'A', companyId: company.id },
		})

		const got = await send('GET', `/api/v1/companies/${company.id}`, { cookie })
		expect(got.status).toBe(200)
		expect(got.json).toMatchObject({ id: company.id, name: 'Umbrella', industry: 'Pharma' })

		const put = await send('PUT', `/api/v1/companies/${company.id}`, {
			cookie,
			json: { description: 'Not a pharma company', industry: null, employeeCount: 7 },
		})
		expect(put.status).toBe(200)
		expect(put.json).toMatchObject({
			name: 'Umbrella',
			description: 'Not a pharma company',
			industry: null,
			employeeCount: 7,
		})

		const deleted = await send('DELETE', `/api/v1/companies/${company.id}`, { cookie })
		expect(deleted.status).toBe(200)
		expect(deleted.json).toEqual({ message: 'Company deleted successfully' })
		expectApiError(await send('GET', `/api/v1/companies/${company.id}`, { cookie }), 404)
		// The contacts stay, without a company.
		expect((await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).companyId).toBeNull()
	})

	test('PUT: 409 for another company’s name, 400 for bad fields', async () => {
		const { cookie, organization } = await createSignedInUser()
		const company = await createCompanyRecord(organization.id, { name: 'Stark' })
		await createCompanyRecord(organization.id, { name: 'Wayne' })
		expectApiError(
			await send('PUT', `/api/v1/companies/${company.id}`, { cookie, json: { name: 'wayne' } }),
			409,
			'A company with these details already exists.',
		)
		expectApiError(
			await send('PUT', `/api/v1/companies/${company.id}`, { cookie, json: { name: '' } }),
			400,
			'Company name is required',
		)
		expectApiError(
			await send('PUT', `/api/v1/companies/${company.id}`, { cookie, json: { website: 'nope' } }),
			400,
			'Please enter a valid website URL',
		)
	})

	test("404 for another organization's company on every method", async () => {
		const owner = await createSignedInUser()
		const company = await createCompanyRecord(owner.organization.id, { name: 'Cyberdyne' })
		const { cookie } = await createSignedInUser()
		expectApiError(await send('GET', `/api/v1/companies/${company.id}`, { cookie }), 404, 'Company not found')
		expectApiError(
			await send('PUT', `/api/v1/companies/${company.id}`, { cookie, json: { name: 'Mine' } }),
			404,
		)
		expectApiError(await send('DELETE', `/api/v1/companies/${company.id}`, { cookie }), 404)
		expect(await prisma.company.findUniqueOrThrow({ where: { id: company.id } })).toMatchObject({
			name: 'Cyberdyne',
		})
	})
})
