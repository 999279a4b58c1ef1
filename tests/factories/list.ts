import { randomUUID } from 'node:crypto'
import { prisma } from '#app/utils/db.server.ts'

export const ADMIN_DOMAIN = 'reachout-admin.test'

/** An email on the administrators' domain (the test sets ADMIN_EMAIL_DOMAINS to it). */
export function adminEmail() {
	return `admin-${randomUUID().slice(0, 8)}@${ADMIN_DOMAIN}`
}

export async function createListRecord(
	organizationId: string,
	{ name = `List ${randomUUID().slice(0, 8)}`, slug }: { name?: string; slug?: string } = {},
) {
	return prisma.list.create({
		data: { organizationId, name, slug: slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-') },
		select: { id: true, slug: true, name: true, description: true },
	})
}

type ContactSeed = {
	firstName?: string
	lastName?: string
	email?: string | null
	linkedin?: string | null
	createdAt?: Date
}

/** Contacts of one organization, created with increasing createdAt, returned in that order. */
export async function createContactRecords(organizationId: string, seeds: ContactSeed[]) {
	const base = Date.now() - seeds.length * 1000
	const batch = randomUUID().slice(0, 6)
	const data = seeds.map((seed, index) => ({
		organizationId,
		firstName: seed.firstName ?? `Person ${index}`,
		lastName: seed.lastName ?? `Batch ${batch}`,
		email: seed.email === undefined ? `person-${index}-${batch}@example.com` : seed.email,
		linkedin: seed.linkedin ?? null,
		createdAt: seed.createdAt ?? new Date(base + index * 1000),
	}))
	const created = []
	// One by one (not createMany) to get the ids back in order; factories stay small.
	for (const contact of data) {
		created.push(
			await prisma.contact.create({
				data: contact,
				select: { id: true, firstName: true, lastName: true, email: true, linkedin: true },
			}),
		)
	}
	return created
}

export async function addToList(listId: string, contactIds: string[]) {
	await prisma.listContact.createMany({
		data: contactIds.map((contactId) => ({ listId, contactId })),
		skipDuplicates: true,
	})
}
