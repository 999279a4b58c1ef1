import { describe, expect, test } from 'vitest'
import { action as companyAction, loader as companyLoader } from '#app/routes/_app+/companies.$companyId.tsx'
import { loader as listLoader } from '#app/routes/_app+/companies._index.tsx'
import { action as newAction } from '#app/routes/_app+/companies.new.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { createCompanyRecord } from '#tests/factories/company.ts'

function loadList(cookie: string, query = '') {
	return callRoute(() =>
		listLoader({ request: makeRequest(`/companies${query}`, { cookie }), params: {}, context: {} }),
	)
}

function create(cookie: string, form: Record<string, string>) {
	return callRoute(() =>
		newAction({
			request: makeRequest('/companies/new', { method: 'POST', cookie, form }),
			params: {},
			context: {},
		}),
	)
}

function loadCompany(cookie: string, companyId: string, query = '') {
	return callRoute(() =>
		companyLoader({
			request: makeRequest(`/companies/${companyId}${query}`, { cookie }),
			params: { companyId },
			context: {},
		}),
	)
}

function postCompany(cookie: string, companyId: string, form: Record<string, string>) {
	return callRoute(() =>
		companyAction({
			request: makeRequest(`/companies/${companyId}`, { method: 'POST', cookie, form }),
			params: { companyId },
			context: {},
		}),
	)
}

async function toastOf(result: { headers: Headers }) {
	const cookie = result.headers.get('Set-Cookie')?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}

describe('/companies', () => {
	test('redirects to sign-in without a session', async () => {
		const result = await callRoute(() =>
			listLoader({ request: makeRequest('/companies'), params: {}, context: {} }),
		)
		expect(result.status).toBe(302)
	})

	test('lists the organization’s companies with contact counts, searches and pages', async () => {
		const { cookie, organization } = await createSignedInUser()
		const acme = await createCompanyRecord(organization.id, { name: 'Acme' })
		await prisma.contact.create({
			data: { organizationId: organization.id, firstName: 'A', lastName: 'B', companyId: acme.id },
		})
		for (let index = 0; index < 21; index++) {
			await createCompanyRecord(organization.id, { name: `Zeta ${String(index).padStart(2, '0')}` })
		}
		const other = await createSignedInUser()
		await createCompanyRecord(other.organization.id, { name: 'Acme Elsewhere' })

		const first = await loadList(cookie)
		expect(first.body).toMatchObject({ total: 22, page: 1, lastPage: 2 })
		expect(first.body.companies).toHaveLength(20)
		expect(first.body.companies[0]).toMatchObject({ name: 'Acme', contactCount: 1 })

		const second = await loadList(cookie, '?page=2')
		expect(second.body.companies.map((c: { name: string }) => c.name)).toEqual(['Zeta 19', 'Zeta 20'])
		// Past the end: the last page.
		expect((await loadList(cookie, '?page=9')).body).toMatchObject({ page: 2 })

		const search = await loadList(cookie, '?search=acm')
		expect(search.body.companies.map((c: { name: string }) => c.name)).toEqual(['Acme'])
		expect(search.body).toMatchObject({ total: 1, search: 'acm' })
	})
})

describe('/companies/new action', () => {
	test('the form’s messages with 400', async () => {
		const { cookie } = await createSignedInUser()
		const result = await create(cookie, {
			website: 'http://acme.com',
			linkedinUrl: 'https://linkedin.com/in/ada',
			employeeCount: '2.5',
		})
		expect(result.status).toBe(400)
		expect(result.body.result.error).toMatchObject({
			name: ['Company name is required'],
			description: ['Company description is required'],
			website: ['Please enter a valid website URL'],
			linkedinUrl: ['URL must be a LinkedIn company URL, not a personal profile'],
			employeeCount: ['Employee count must be a whole number'],
		})
	})

	test('creates and redirects to the company (no JavaScript), or to a safe redirectTo', async () => {
		const { cookie, organization } = await createSignedInUser()
		const result = await create(cookie, { name: 'Vandelay', description: 'Importer, exporter' })
		expect(result.status).toBe(302)
		const company = await prisma.company.findFirstOrThrow({ where: { organizationId: organization.id } })
		expect(result.headers.get('Location')).toBe(`/companies/${company.id}`)
		expect(await toastOf(result)).toMatchObject({ type: 'success', title: 'Company created successfully' })

		const back = await create(cookie, { name: 'Kramerica', description: 'Ideas', redirectTo: '/contacts' })
		expect(back.headers.get('Location')).toBe('/contacts')
		const unsafe = await create(cookie, {
			name: 'Pendant',
			description: 'Publishing',
			redirectTo: '//evil.com',
		})
		expect(unsafe.headers.get('Location')).toMatch(/^\/companies\//)
	})

	test('the dialog gets the created company back; a duplicate is 409 with the message in the form, no toast', async () => {
		const { cookie } = await createSignedInUser()
		const created = await create(cookie, { name: 'Monks Cafe', description: 'Coffee', mode: 'dialog' })
		expect(created.status).toBe(200)
		expect(created.body.company).toMatchObject({ id: expect.any(String), name: 'Monks Cafe' })
		expect(await toastOf(created)).toMatchObject({ title: 'Company created successfully' })

		const duplicate = await create(cookie, { name: "Monk's Cafe", description: 'Coffee', mode: 'dialog' })
		expect(duplicate.status).toBe(409)
		expect(duplicate.body.result.error['']).toEqual(['A company with these details already exists.'])
		// The form shows the message; the same words again in a toast would be a double.
		expect(await toastOf(duplicate)).toBeNull()
	})
})

describe('/companies/:companyId', () => {
	test('shows the company and its contacts; 404 for another organization', async () => {
		const { cookie, organization } = await createSignedInUser()
		const company = await createCompanyRecord(organization.id, { name: 'Pied Piper' })
		await prisma.contact.createMany({
			data: [
				{ organizationId: organization.id, firstName: 'Richard', lastName: 'H', companyId: company.id },
				{ organizationId: organization.id, firstName: 'Jared', lastName: 'D', companyId: company.id },
				{ organizationId: organization.id, firstName: 'Gavin', lastName: 'B' },
			],
		})
		const result = await loadCompany(cookie, company.id)
		expect(result.status).toBe(200)
		expect(result.body.company).toMatchObject({ id: company.id, name: 'Pied Piper' })
		expect(result.body.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(['Jared', 'Richard'])
		expect(result.body).toMatchObject({ contactTotal: 2, page: 1, lastPage: 1, editing: false })
		expect((await loadCompany(cookie, company.id, '?edit=1')).body.editing).toBe(true)

		const other = await createSignedInUser()
		expect((await loadCompany(other.cookie, company.id)).status).toBe(404)
	})

	test('update: messages, "JSON parse error", duplicate, success toast', async () => {
		const { cookie, organization } = await createSignedInUser()
		const company = await createCompanyRecord(organization.id, {
			name: 'Hooli',
			headquarter: { city: 'Palo Alto' },
		})
		await createCompanyRecord(organization.id, { name: 'Raviga' })
		const base = { intent: 'update', name: 'Hooli', description: 'Big tech' }

		const invalid = await postCompany(cookie, company.id, { ...base, name: '', headquarter: '{"city":' })
		expect(invalid.status).toBe(400)
		expect(invalid.body.result.error).toMatchObject({
			name: ['Company name is required'],
			headquarter: ['JSON parse error'],
		})

		const duplicate = await postCompany(cookie, company.id, { ...base, name: 'RAVIGA' })
		expect(duplicate.status).toBe(409)
		expect(duplicate.body.result.error['']).toEqual(['A company with these details already exists.'])
		expect(await toastOf(duplicate)).toBeNull()

		const saved = await postCompany(cookie, company.id, {
			...base,
			employeeCount: '1',
			linkedinFollowers: '0',
			headquarter: '{"city":"Palo Alto"}',
			locations: '["Palo Alto"]',
		})
		expect(saved.status).toBe(302)
		expect(saved.headers.get('Location')).toBe(`/companies/${company.id}`)
		expect(await toastOf(saved)).toMatchObject({ type: 'success', title: 'Company updated successfully' })
		expect(await prisma.company.findUniqueOrThrow({ where: { id: company.id } })).toMatchObject({
			description: 'Big tech',
			employeeCount: 1,
			linkedinFollowers: 0,
			headquarter: { city: 'Palo Alto' },
			locations: ['Palo Alto'],
		})

		const dialog = await postCompany(cookie, company.id, { ...base, mode: 'dialog' })
		expect(dialog.status).toBe(200)
		expect(dialog.body.company).toEqual({ id: company.id, name: 'Hooli' })
	})

	test('delete: redirect with the toast, contacts kept; another organization gets 404', async () => {
		const { cookie, organization } = await createSignedInUser()
		const company = await createCompanyRecord(organization.id, { name: 'Aviato' })
		const contact = await prisma.contact.create({
			data: { organizationId: organization.id, firstName: 'Erlich', lastName: 'B', companyId: company.id },
		})
		const other = await createSignedInUser()
		expect((await postCompany(other.cookie, company.id, { intent: 'delete' })).status).toBe(404)
		expect(
			(await postCompany(other.cookie, company.id, { intent: 'update', name: 'X', description: 'Y' })).status,
		).toBe(404)

		const result = await postCompany(cookie, company.id, {
			intent: 'delete',
			redirectTo: '/companies?page=2',
		})
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/companies?page=2')
		expect(await toastOf(result)).toMatchObject({ type: 'success', title: 'Company deleted successfully' })
		expect(await prisma.company.count({ where: { id: company.id } })).toBe(0)
		expect((await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).companyId).toBeNull()
	})
})
