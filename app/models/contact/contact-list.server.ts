import { Prisma } from '#app/generated/prisma/client.ts'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { contactFilterConditions, contactOrderBy } from './contact-filter.server.ts'
import { membershipMatchesOrderBy, membershipMatchesSql } from './contact-membership-query.server.ts'

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
 * The ids of one page. With a tag, campaign or list filter the matching set is read from the
 * membership rows (membershipMatchesSql), then sorted, and the total comes from the same pass.
 * Without one, the sort index (or, for a search, the trigram index) is the right plan and the
 * planner finds it.
 */
export function pageIdsSql(organizationId: string, filter: ContactFilter, take: number, skip: number) {
	const matches = membershipMatchesSql(organizationId, filter)
	if (matches) {
		return Prisma.sql`WITH matching AS MATERIALIZED (${matches})
			SELECT m.id, (count(*) OVER ())::int AS total FROM matching m
			ORDER BY ${membershipMatchesOrderBy(filter)} LIMIT ${take} OFFSET ${skip}`
	}
	return Prisma.sql`SELECT c.id, NULL::int AS total FROM "Contact" c
		WHERE ${contactFilterConditions(organizationId, filter)}
		ORDER BY ${contactOrderBy(filter)} LIMIT ${take} OFFSET ${skip}`
}

async function contactRowsByIds(organizationId: string, ids: string[]): Promise<ContactRow[]> {
	if (ids.length === 0) return []
	const records = await prisma.contact.findMany({
		where: { id: { in: ids }, organizationId },
		select: CONTACT_ROW_SELECT,
	})
	const byId = new Map(records.map((record) => [record.id, record]))
	return ids.flatMap((id) => {
		const record = byId.get(id)
		return record ? [toContactRow(record)] : []
	})
}

/**
 * A page and the total number of matching contacts, for the contacts table and the API.
 * With a membership filter both come from one pass over the matching set; otherwise the page
 * (sort or trigram index) and the count run side by side.
 */
export async function findContactsPage(
	organizationId: string,
	filter: ContactFilter,
	{ take, skip }: { take: number; skip: number },
): Promise<{ contacts: ContactRow[]; total: number }> {
	if (membershipMatchesSql(organizationId, filter)) {
		const ids = await prisma.$queryRaw<Array<{ id: string; total: number }>>(
			pageIdsSql(organizationId, filter, take, skip),
		)
		const total = ids[0]?.total ?? (skip > 0 ? await countContacts(organizationId, filter) : 0)
		return {
			contacts: await contactRowsByIds(
				organizationId,
				ids.map(({ id }) => id),
			),
			total,
		}
	}
	const [contacts, total] = await Promise.all([
		listContacts(organizationId, filter, { take, skip }),
		countContacts(organizationId, filter),
	])
	return { contacts, total }
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
	return contactRowsByIds(
		organizationId,
		ids.map(({ id }) => id),
	)
}

/** How many of the organization's contacts match the filter (for "select all N" and paging). */
export async function countContacts(organizationId: string, filter: ContactFilter): Promise<number> {
	const matches = membershipMatchesSql(organizationId, filter)
	const [row] = await prisma.$queryRaw<Array<{ count: number }>>(
		matches
			? Prisma.sql`SELECT count(*)::int AS count FROM (${matches}) m`
			: Prisma.sql`SELECT count(*)::int AS count FROM "Contact" c
				WHERE ${contactFilterConditions(organizationId, filter)}`,
	)
	return row?.count ?? 0
}
