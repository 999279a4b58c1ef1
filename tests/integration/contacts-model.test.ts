import { describe, expect, test } from 'vitest'
import { ContactCreateSchema } from '#app/schemas/contact.ts'
import { prisma } from '#app/utils/db.server.ts'
import { canonicalLinkedinUrl, linkedinKey } from '#app/utils/linkedin-url.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { contactPayload, insertCompany, insertContact, insertTag } from '#tests/factories/contact.ts'
import {
	checkContactsBatch,
	createContact,
	deleteContact,
	getContact,
	updateContact,
} from '#app/models/contact/contact.server.ts'

async function setup() {
	const { user, organization } = await createSignedInUser()
	const company = await insertCompany(organization.id, { name: 'Acme', tagline: 'Rockets' })
	return { user, organizationId: organization.id, company }
}

function input(companyId: string, overrides: Record<string, unknown> = {}) {
	return ContactCreateSchema.parse(contactPayload(companyId, overrides))
}

describe('createContact', () => {
	test('creates the contact with its tags, creator and status NEW', async () => {
		const { user, organizationId, company } = await setup()
		const tag = await insertTag(organizationId, 'VIP')
		const result = await createContact(
			organizationId,
			user.id,
			input(company.id, { tagIds: [tag.id], phone: '+1 555', linkedin: 'linkedin.com/in/grace' }),
		)
		if (!result.ok) throw new Error(result.failure.message)
		expect(result.contact).toMatchObject({
			firstName: 'Grace',
			lastName: 'Hopper',
			status: 'NEW',
			creatorId: user.id,
			companyId: company.id,
			company: { id: company.id, name: 'Acme' },
			phone: '+1 555',
			linkedin: 'https://www.linkedin.com/in/grace',
			tags: [{ id: tag.id, name: 'VIP' }],
			tagIds: [tag.id],
			campaigns: [],
		})
	})

	test("another organization's company or tag is not found, and nothing is created", async () => {
		const { user, organizationId, company } = await setup()
		const other = await createSignedInUser()
		const otherCompany = await insertCompany(other.organization.id)
		const otherTag = await insertTag(other.organization.id)

		const byCompany = await createContact(organizationId, user.id, input(otherCompany.id))
		expect(byCompany).toEqual({
			ok: false,
			failure: { status: 404, error: 'not_found', message: 'Company not found', field: 'companyId' },
		})
		const byTag = await createContact(organizationId, user.id, input(company.id, { tagIds: [otherTag.id] }))
		expect(byTag).toMatchObject({ ok: false, failure: { status: 404, message: 'Tag not found' } })
		expect(await prisma.contact.count({ where: { organizationId } })).toBe(0)
	})

	test('a duplicate email in the organization is a 409; another organization may reuse it', async () => {
		const { user, organizationId, company } = await setup()
		await insertContact(organizationId, { email: 'taken@example.com' })
		const result = await createContact(
			organizationId,
			user.id,
			input(company.id, { email: 'TAKEN@example.com' }),
		)
		expect(result).toEqual({
			ok: false,
			failure: {
				status: 409,
				error: 'conflict',
				message: 'A contact with this email already exists.',
				field: 'email',
			},
		})
		const other = await createSignedInUser()
		const otherCompany = await insertCompany(other.organization.id)
		const elsewhere = await createContact(
			other.organization.id,
			other.user.id,
			input(otherCompany.id, { email: 'taken@example.com' }),
		)
		expect(elsewhere.ok).toBe(true)
	})
})

describe('getContact', () => {
	test('with company=true the whole company comes along; another organization gets null', async () => {
		const { organizationId, company } = await setup()
		const tag = await insertTag(organizationId)
		const contact = await insertContact(organizationId, { companyId: company.id, tagIds: [tag.id] })

		const plain = await getContact(organizationId, contact.id)
		expect(plain?.company).toEqual({ id: company.id, name: 'Acme' })
		expect(plain?.tagIds).toEqual([tag.id])

		const full = await getContact(organizationId, contact.id, { company: true })
		expect(full?.company).toMatchObject({ id: company.id, name: 'Acme', tagline: 'Rockets' })
		expect(full?.company?.description).toBe('Acme makes things')

		const other = await createSignedInUser()
		expect(await getContact(other.organization.id, contact.id)).toBeNull()
	})
})

describe('updateContact', () => {
	test('changes the given fields and replaces the tags', async () => {
		const { organizationId, company } = await setup()
		const [a, b] = [await insertTag(organizationId, 'A'), await insertTag(organizationId, 'B')]
		const contact = await insertContact(organizationId, { companyId: company.id, tagIds: [a.id], phone: '1' })
		const newCompany = await insertCompany(organizationId, { name: 'Globex' })

		const result = await updateContact(organizationId, contact.id, {
			firstName: 'Grace',
			phone: null,
			companyId: newCompany.id,
			tagIds: [b.id],
			status: 'ACTIVE',
		})
		if (!result.ok) throw new Error(result.failure.message)
		expect(result.contact).toMatchObject({
			firstName: 'Grace',
			lastName: contact.lastName,
			phone: null,
			status: 'ACTIVE',
			company: { id: newCompany.id, name: 'Globex' },
			tagIds: [b.id],
		})

		// tagIds left out: the tags stay.
		const again = await updateContact(organizationId, contact.id, { role: 'CEO' })
		expect(again.ok && again.contact.tagIds).toEqual([b.id])
	})

	test("another organization's contact, company or tag is not found; nothing changes", async () => {
		const { organizationId, company } = await setup()
		const contact = await insertContact(organizationId, { companyId: company.id })
		const other = await createSignedInUser()
		const otherCompany = await insertCompany(other.organization.id)
		const otherTag = await insertTag(other.organization.id)

		expect(await updateContact(other.organization.id, contact.id, { firstName: 'X' })).toMatchObject({
			ok: false,
			failure: { status: 404, message: 'Contact not found' },
		})
		expect(await updateContact(organizationId, contact.id, { companyId: otherCompany.id })).toMatchObject({
			ok: false,
			failure: { status: 404, message: 'Company not found' },
		})
		expect(await updateContact(organizationId, contact.id, { tagIds: [otherTag.id] })).toMatchObject({
			ok: false,
			failure: { status: 404, message: 'Tag not found' },
		})
		const unchanged = await prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })
		expect(unchanged.firstName).toBe(contact.firstName)
		expect(unchanged.companyId).toBe(company.id)
	})

	test('taking another contact’s email is a 409', async () => {
		const { organizationId } = await setup()
		await insertContact(organizationId, { email: 'one@example.com' })
		const second = await insertContact(organizationId, { email: 'two@example.com' })
		expect(await updateContact(organizationId, second.id, { email: 'one@example.com' })).toMatchObject({
			ok: false,
			failure: { status: 409, message: 'A contact with this email already exists.' },
		})
	})
})

describe('deleteContact', () => {
	test("deletes the organization's contact only", async () => {
		const { organizationId } = await setup()
		const contact = await insertContact(organizationId)
		const other = await createSignedInUser()
		expect(await deleteContact(other.organization.id, contact.id)).toBe(false)
		expect(await prisma.contact.count({ where: { id: contact.id } })).toBe(1)
		expect(await deleteContact(organizationId, contact.id)).toBe(true)
		expect(await prisma.contact.count({ where: { id: contact.id } })).toBe(0)
		expect(await deleteContact(organizationId, contact.id)).toBe(false)
	})
})

describe('checkContactsBatch', () => {
	test('matches normalised LinkedIn addresses within the organization', async () => {
		const { organizationId, company } = await setup()
		const tag = await insertTag(organizationId)
		const saved = await insertContact(organizationId, {
			linkedin: 'https://www.linkedin.com/in/ada-lovelace/',
			companyId: company.id,
			tagIds: [tag.id],
		})
		const typed = await insertContact(organizationId, { linkedin: 'linkedin.com/in/Grace' })
		const other = await createSignedInUser()
		await insertContact(other.organization.id, { linkedin: 'https://www.linkedin.com/in/alan' })

		const results = await checkContactsBatch(organizationId, [
			'http://linkedin.com/in/ada-lovelace?trk=feed',
			'https://www.linkedin.com/in/grace/',
			'https://www.linkedin.com/in/alan',
			'not a url',
		])
		expect(results).toEqual([
			{
				linkedin: 'http://linkedin.com/in/ada-lovelace?trk=feed',
				saved: true,
				contactId: saved.id,
				companyId: company.id,
				tagIds: [tag.id],
			},
			// Saved as typed ("linkedin.com/in/Grace"), found in any case: linkedin_key() is lower-case.
			{
				linkedin: 'https://www.linkedin.com/in/grace/',
				saved: true,
				contactId: typed.id,
				companyId: null,
				tagIds: [],
			},
			{
				linkedin: 'https://www.linkedin.com/in/alan',
				saved: false,
				contactId: null,
				companyId: null,
				tagIds: [],
			},
			{ linkedin: 'not a url', saved: false, contactId: null, companyId: null, tagIds: [] },
		])
		// The typed-case form is found when asked in the same case.
		const [same] = await checkContactsBatch(organizationId, ['https://linkedin.com/in/Grace/'])
		expect(same?.contactId).toBe(typed.id)
		// Saved through the schema, a profile is found whatever the case it is asked in.
		const viaSchema = await createContact(
			organizationId,
			null,
			input(company.id, {
				email: 'margaret@example.com',
				linkedin: 'https://www.linkedin.com/in/Margaret-H/',
			}),
		)
		if (!viaSchema.ok) throw new Error('not created')
		expect(viaSchema.contact.linkedin).toBe('https://www.linkedin.com/in/margaret-h')
		const [upper] = await checkContactsBatch(organizationId, ['linkedin.com/in/MARGARET-H'])
		expect(upper?.contactId).toBe(viaSchema.contact.id)
		expect(await checkContactsBatch(organizationId, [])).toEqual([])
	})

	test('linkedinKey', () => {
		expect(linkedinKey('https://uk.linkedin.com/in/Ada/?x=1#y')).toBe('linkedin.com/in/ada')
		expect(linkedinKey('www.linkedin.com/in/ada')).toBe('linkedin.com/in/ada')
		expect(linkedinKey('')).toBeNull()
		expect(canonicalLinkedinUrl('http://uk.linkedin.com/in/Ada-L/?trk=x')).toBe(
			'https://www.linkedin.com/in/ada-l',
		)
		expect(canonicalLinkedinUrl('https://example.com/in/ada')).toBeNull()
	})
})
