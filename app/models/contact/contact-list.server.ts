import { Prisma } from '#app/generated/prisma/client.ts'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { contactFilterConditions, contactOrderBy } from './contact-filter.server.ts'

/** The columns a contacts table row shows, with its company, tags and campaigns. */
export const CONTACT_ROW_SELECT = {
	id: true,
	firstName: true,
	middleName: true,
	lastName: true,
	email: true,
	phone: true,
	linkedin: true,
	role: true,
	roleDetails: true,
	status: true,
	lastContactedAt: true,
	createdAt: true,
	companyId: true,
	creatorId: true,
	company: { select: { id: true, name: true } },
	tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { createdAt: 'asc' } },
	campaigns: {
		select: { campaign: { select: { id: true, name: true } } },
		orderBy: { createdAt: 'asc' },
	},
} satisfies Prisma.ContactSelect

type ContactRowRecord = Prisma.ContactGetPayload<{ select: typeof CONTACT_ROW_SELECT }>

/** The spec's list shape: tags as { id, name }, tagIds, campaigns as { campaign: { id, name } }. */
export function toContactRow(record: ContactRowRecord) {
	const { tags, ...rest } = record
	const tagList = tags.map(({ tag }) => tag)
	return { ...rest, tags: tagList, tagIds: tagList.map((tag) => tag.id) }
}
export type ContactRow = ReturnType<typeof toContactRow>

/**
 * The ids of one page. With a tag, campaign or list filter the matching set is bounded by
 * that membership, so it is collected first (MATERIALIZED) and then sorted: left to itself the
 * planner walks the whole sort index hoping to meet 100 members early, which at a million
 * contacts takes hundreds of milliseconds. Without one, the sort index (or, for a
 * search, the trigram index) is the right plan and the planner finds it.
 */
function pageIdsSql(organizationId: string, filter: ContactFilter, take: number, skip: number) {
	const conditions = contactFilterConditions(organizationId, filter)
	const order = contactOrderBy(filter)
	if (filter.tags.length || filter.campaign || filter.list) {
		return Prisma.sql`WITH matching AS MATERIALIZED (
				SELECT c.id, c."firstName", c."createdAt" FROM "Contact" c WHERE ${conditions})
			SELECT c.id FROM matching c ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`
	}
	return Prisma.sql`SELECT c.id FROM "Contact" c WHERE ${conditions} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`
}

/**
 * One page of an organization's contacts matching the filter, in the filter's order.
 * Two queries: the ids by raw SQL (so the trigram and sort indexes are used as planned),
 * then the rows with their relations.
 */
export async function listContacts(
	organizationId: string,
	filter: ContactFilter,
	{ take, skip }: { take: number; skip: number },
): Promise<ContactRow[]> {
	const ids = await prisma.$queryRaw<Array<{ id: string }>>(pageIdsSql(organizationId, filter, take, skip))
	if (ids.length === 0) return []
	const records = await prisma.contact.findMany({
		where: { id: { in: ids.map(({ id }) => id) }, organizationId },
		select: CONTACT_ROW_SELECT,
	})
	const byId = new Map(records.map((record) => [record.id, record]))
	return ids.flatMap(({ id }) => {
		const record = byId.get(id)
		return record ? [toContactRow(record)] : []
	})
}

/** How many of the organization's contacts match the filter (for "select all N" and paging). */
export async function countContacts(organizationId: string, filter: ContactFilter): Promise<number> {
	const [row] = await prisma.$queryRaw<Array<{ count: number }>>`
		SELECT count(*)::int AS count FROM "Contact" c
		WHERE ${contactFilterConditions(organizationId, filter)}`
	return row?.count ?? 0
}
