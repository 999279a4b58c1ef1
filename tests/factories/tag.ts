import { randomUUID } from 'node:crypto'
import { prisma } from '#app/utils/db.server.ts'

export async function createTagRecord(organizationId: string, name = `Tag ${randomUUID().slice(0, 8)}`) {
	return prisma.tag.create({ data: { organizationId, name }, select: { id: true, name: true } })
}

/**
 * `count` minimal contacts of one organization, created in order (createdAt ascending),
 * with predictable names: `${prefix} 0`, `${prefix} 1`, …
 */
export async function createTagTestContacts(
	organizationId: string,
	count: number,
	{ prefix = 'Contact', lastName = 'Test' }: { prefix?: string; lastName?: string } = {},
) {
	const base = Date.now() - count * 1000
	const data = Array.from({ length: count }, (_, index) => ({
		organizationId,
		firstName: `${prefix} ${index}`,
		lastName,
		email: `${prefix.toLowerCase().replace(/\W+/g, '-')}-${index}-${randomUUID().slice(0, 6)}@example.com`,
		createdAt: new Date(base + index * 1000),
	}))
	await prisma.contact.createMany({ data })
	return prisma.contact.findMany({
		where: { organizationId, email: { in: data.map((contact) => contact.email) } },
		select: { id: true, firstName: true, lastName: true, email: true },
		orderBy: { createdAt: 'asc' },
	})
}

export async function tagContacts(tagId: string, contactIds: string[]) {
	await prisma.contactTag.createMany({
		data: contactIds.map((contactId) => ({ tagId, contactId })),
		skipDuplicates: true,
	})
}
