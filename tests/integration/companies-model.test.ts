import { describe, expect, test } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { createCompanyRecord } from '#tests/factories/company.ts'
import { listCompanyContacts } from '#app/models/company/company-contacts.server.ts'
import {
	countCompanies,
	countContactsByCompany,
	createCompany,
	deleteCompany,
	getCompany,
	listCompanies,
	listCompanyOptions,
	updateCompany,
} from '#app/models/company/company.server.ts'

async function organization() {
	return prisma.organization.create({ data: { name: 'Org' }, select: { id: true } })
}

describe('company model', () => {
	test('create stores every field with a slug; the same name again is a duplicate', async () => {
		const org = await organization()
		const result = await createCompany(org.id, null, {
			name: 'Acme, Inc.',
			description: 'Anvils',
			website: 'https://acme.com',
			employeeCount: 12,
			headquarter: { city: 'Berlin' },
			locations: ['Berlin'],
			funding: { total: '$1M' },
			metadata: { source: 'test' },
		})
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.company).toMatchObject({
			name: 'Acme, Inc.',
			slug: 'acme-inc',
			website: 'https://acme.com',
			employeeCount: 12,
			headquarter: { city: 'Berlin' },
			locations: ['Berlin'],
			funding: { total: '$1M' },
			metadata: { source: 'test' },
		})
		expect(await createCompany(org.id, null, { name: 'ACME inc', description: 'x' })).toEqual({
			ok: false,
			reason: 'duplicate',
		})
		// Another organization may have its own Acme.
		const other = await organization()
		expect((await createCompany(other.id, null, { name: 'Acme Inc', description: 'x' })).ok).toBe(true)
	})

	test('update changes given fields, clears nulls, and refuses a duplicate name or another org', async () => {
		const org = await organization()
		const acme = await createCompanyRecord(org.id, {
			name: 'Acme',
			industry: 'Tools',
			headquarter: { city: 'X' },
		})
		await createCompanyRecord(org.id, { name: 'Globex' })
		const updated = await updateCompany(org.id, acme.id, {
			name: 'Acme Two',
			industry: null,
			headquarter: null,
		})
		expect(updated.ok && updated.company).toMatchObject({
			name: 'Acme Two',
			slug: 'acme-two',
			industry: null,
			headquarter: null,
			description: acme.description,
		})
		expect(await updateCompany(org.id, acme.id, { name: 'globex' })).toEqual({
			ok: false,
			reason: 'duplicate',
		})
		// Keeping its own name is not a duplicate of itself.
		expect((await updateCompany(org.id, acme.id, { name: 'Acme Two', industry: 'Tools' })).ok).toBe(true)
		const other = await organization()
		expect(await updateCompany(other.id, acme.id, { name: 'Stolen' })).toEqual({
			ok: false,
			reason: 'not_found',
		})
		expect(await getCompany(other.id, acme.id)).toBeNull()
	})

	test('delete keeps the contacts; another organization cannot delete', async () => {
		const org = await organization()
		const company = await createCompanyRecord(org.id)
		const contact = await prisma.contact.create({
			data: { organizationId: org.id, firstName: 'Ada', lastName: 'L', companyId: company.id },
		})
		const other = await organization()
		expect(await deleteCompany(other.id, company.id)).toBe(false)
		expect(await deleteCompany(org.id, company.id)).toBe(true)
		expect(await deleteCompany(org.id, company.id)).toBe(false)
		expect(await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).toMatchObject({
			companyId: null,
		})
	})

	test('list: by name then id, search on the name (case-insensitive, LIKE characters literal), paged and org-scoped', async () => {
		const org = await organization()
		const other = await organization()
		for (const name of ['Charlie Corp', 'Alpha labs', 'Bravo Labs', '100% Labs', 'Labs_X']) {
			await createCompanyRecord(org.id, { name })
		}
		await createCompanyRecord(other.id, { name: 'Alpha Labs Elsewhere' })

		const all = await listCompanies(org.id, { take: 10, skip: 0 })
		// (Collations differ on case and symbols; these three sort the same in all of them.)
		const names = all.map((c) => c.name).filter((name) => /^(Charlie|Alpha|Bravo)/.test(name))
		expect(names).toEqual(['Alpha labs', 'Bravo Labs', 'Charlie Corp'])
		expect(all).toHaveLength(5)
		expect(await countCompanies(org.id)).toBe(5)

		const labs = await listCompanies(org.id, { search: 'LABS', take: 10, skip: 0 })
		expect(labs.map((c) => c.name).sort()).toEqual(['100% Labs', 'Bravo Labs', 'Labs_X', 'Alpha labs'].sort())
		expect(await countCompanies(org.id, { search: 'labs' })).toBe(4)
		expect((await listCompanies(org.id, { search: '%', take: 10, skip: 0 })).map((c) => c.name)).toEqual([
			'100% Labs',
		])
		expect((await listCompanies(org.id, { search: 's_', take: 10, skip: 0 })).map((c) => c.name)).toEqual([
			'Labs_X',
		])

		const first = await listCompanies(org.id, { search: 'labs', take: 2, skip: 0 })
		const second = await listCompanies(org.id, { search: 'labs', take: 2, skip: 2 })
		expect(new Set([...first, ...second].map((c) => c.id)).size).toBe(4)
		expect(await countCompanies(other.id, { search: 'labs' })).toBe(1)
	})

	test('options, contact counts and a company’s contacts are org-scoped', async () => {
		const org = await organization()
		const other = await organization()
		const beta = await createCompanyRecord(org.id, { name: 'Beta' })
		const alpha = await createCompanyRecord(org.id, { name: 'Alpha' })
		await createCompanyRecord(other.id, { name: 'Aardvark' })
		expect(await listCompanyOptions(org.id, { take: 10 })).toEqual([
			{ id: alpha.id, name: 'Alpha' },
			{ id: beta.id, name: 'Beta' },
		])
		expect(await listCompanyOptions(org.id, { take: 1 })).toHaveLength(1)

		await prisma.contact.createMany({
			data: [
				{ organizationId: org.id, firstName: 'Zed', lastName: 'A', companyId: alpha.id },
				{ organizationId: org.id, firstName: 'Amy', lastName: 'B', companyId: alpha.id },
			],
		})
		const counts = await countContactsByCompany(org.id, [alpha.id, beta.id])
		expect(counts.get(alpha.id)).toBe(2)
		expect(counts.get(beta.id)).toBeUndefined()
		expect((await countContactsByCompany(other.id, [alpha.id])).size).toBe(0)

		const page = await listCompanyContacts(org.id, alpha.id, { take: 1, skip: 0 })
		expect(page.total).toBe(2)
		expect(page.contacts.map((c) => c.firstName)).toEqual(['Amy'])
		expect(await listCompanyContacts(other.id, alpha.id, { take: 10, skip: 0 })).toEqual({
			contacts: [],
			total: 0,
		})
	})
})
