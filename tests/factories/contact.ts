import { randomUUID } from 'node:crypto'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'

// Rows for contact tests, written straight to the database (companies and tags here are the
// minimum a contact needs; the companies and tags domains have their own factories).

function unique() {
	return randomUUID().slice(0, 8)
}

export async function insertCompany(
	organizationId: string,
	data: Partial<Omit<Prisma.CompanyUncheckedCreateInput, 'organizationId'>> = {},
) {
	const name = data.name ?? `Company ${unique()}`
	return prisma.company.create({
		data: {
			description: `${name} makes things`,
			slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique()}`,
			...data,
			name,
			organizationId,
		},
	})
}

export async function insertTag(organizationId: string, name = `Tag ${unique()}`) {
	return prisma.tag.create({ data: { name, organizationId } })
}

export async function insertContact(
	organizationId: string,
	data: Partial<Omit<Prisma.ContactUncheckedCreateInput, 'organizationId'>> & { tagIds?: string[] } = {},
) {
	const { tagIds = [], ...fields } = data
	const id = unique()
	return prisma.contact.create({
		data: {
			firstName: 'Ada',
			lastName: `Lovelace ${id}`,
			email: `ada-${id}@example.com`,
			role: 'CTO',
			...fields,
			organizationId,
			tags: { create: tagIds.map((tagId) => ({ tagId })) },
		},
	})
}

/** The Add Contact payload (POST /api/v1/contacts) for a company. */
export function contactPayload(companyId: string, overrides: Record<string, unknown> = {}) {
	const id = unique()
	return {
		firstName: 'Grace',
		lastName: 'Hopper',
		email: `grace-${id}@example.com`,
		role: 'Head of Engineering',
		companyId,
		...overrides,
	}
}
