import { Prisma } from '#app/generated/prisma/client.ts'
import { type ContactStatus } from '#app/generated/prisma/enums.ts'
import { CONTACTS_PAGE_SIZE, type ContactFilter, ContactFilterSchema } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { contactFilterConditions, contactOrderBy } from './contact-filter.server.ts'
import { membershipMatchesOrderBy, membershipMatchesSql } from './contact-membership-query.server.ts'
import { type ContactCard } from './contact-select.ts'

type IdName = { id: string; name: string }

/** A contacts table row in the spec's list shape: tags as { id, name }, tagIds, campaigns as { campaign }. */
export type ContactRow = ContactCard & {
	status: ContactStatus
	lastContactedAt: Date | null
	createdAt: Date
	companyId: string | null
	creatorId: string | null
	company: IdName | null
	tags: IdName[]
	tagIds: string[]
	campaigns: Array<{ campaign: IdName }>
}

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

/**
 * The rows of a page, with company, tags and campaigns, in one statement (the relations as JSON):
 * a third of the time of Prisma's query per relation, which the page's budget needs.
 */
async function contactRowsByIds(organizationId: string, ids: string[]): Promise<ContactRow[]> {
	if (ids.length === 0) return []
	const records = await prisma.$queryRaw<Array<Omit<ContactRow, 'tagIds'>>>`
		SELECT c.id, c."firstName", c."middleName", c."lastName", c.email, c.phone, c.linkedin, c.role,
		       c."roleDetails", c.status::text AS status, c."lastContactedAt", c."createdAt", c."companyId", c."creatorId",
		       CASE WHEN co.id IS NULL THEN NULL ELSE json_build_object('id', co.id, 'name', co.name) END AS company,
		       coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY ct."createdAt", t.id)
		                 FROM "ContactTag" ct JOIN "Tag" t ON t.id = ct."tagId" WHERE ct."contactId" = c.id), '[]') AS tags,
		       coalesce((SELECT json_agg(json_build_object('campaign', json_build_object('id', ca.id, 'name', ca.name))
		                          ORDER BY cc."createdAt", ca.id)
		                 FROM "CampaignContact" cc JOIN "Campaign" ca ON ca.id = cc."campaignId"
		                 WHERE cc."contactId" = c.id), '[]') AS campaigns
		FROM "Contact" c LEFT JOIN "Company" co ON co.id = c."companyId"
		WHERE c.id IN (${Prisma.join(ids)}) AND c."organizationId" = ${organizationId}`
	const byId = new Map(records.map((record) => [record.id, record]))
	return ids.flatMap((id) => {
		const record = byId.get(id)
		return record ? [{ ...record, tagIds: record.tags.map((tag) => tag.id) }] : []
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

/** The members of one list or campaign (already found in the organization): a page and the total. */
export function findGroupMembersPage(
	organizationId: string,
	group: { kind: 'list' | 'campaign'; id: string },
	{
		take = CONTACTS_PAGE_SIZE,
		skip = 0,
		filter,
	}: { take?: number; skip?: number; filter?: Partial<ContactFilter> } = {},
) {
	const contactFilter = ContactFilterSchema.parse({ ...filter, [group.kind]: group.id })
	return findContactsPage(organizationId, contactFilter, { take, skip })
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
