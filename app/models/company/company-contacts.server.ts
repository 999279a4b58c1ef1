import { prisma } from '#app/utils/db.server.ts'

/** A page of a company's contacts (by first name, last name, id) and their total. */
export async function listCompanyContacts(
	organizationId: string,
	companyId: string,
	{ take, skip }: { take: number; skip: number },
) {
	const where = { organizationId, companyId }
	const [contacts, total] = await Promise.all([
		prisma.contact.findMany({
			where,
			select: {
				id: true,
				firstName: true,
				lastName: true,
				email: true,
				role: true,
				status: true,
				linkedin: true,
				lastContactedAt: true,
			},
			orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
			take,
			skip,
		}),
		prisma.contact.count({ where }),
	])
	return { contacts, total }
}
