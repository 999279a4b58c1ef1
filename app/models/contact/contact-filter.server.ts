import { Prisma } from '#app/generated/prisma/client.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'

/**
 * The search expression. It must stay identical to the expression of the
 * "Contact_search_trgm_idx" GIN index (migration 20261121100000_crm_core), or the index is not used.
 */
export const CONTACT_SEARCH_EXPRESSION = Prisma.raw(
	`lower(c."firstName" || ' ' || c."lastName" || ' ' || coalesce(c."email", '') || ' ' || coalesce(c."role", ''))`,
)

/** `%text%` for LIKE, with LIKE's own wildcards escaped, lower-cased like the index. */
export function likePattern(search: string) {
	return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** Ids of the organization's companies whose name matches a LIKE pattern (trigram index). */
export function companySearchIdsSql(organizationId: string, pattern: string): Prisma.Sql {
	return Prisma.sql`SELECT co.id FROM "Company" co WHERE co."organizationId" = ${organizationId} AND lower(co."name") LIKE ${pattern}`
}

/**
 * The WHERE conditions for contacts (alias `c`) of one organization matching a filter.
 * Search covers first and last name, email and role (one trigram index) and the company
 * name (trigram index on Company).
 */
export function contactFilterConditions(organizationId: string, filter: ContactFilter): Prisma.Sql {
	const conditions: Prisma.Sql[] = [Prisma.sql`c."organizationId" = ${organizationId}`]
	if (filter.search) {
		const pattern = likePattern(filter.search)
		// Full name ("Ada Lovelace") is covered because the expression joins the names with a space.
		// `= ANY(ARRAY(subquery))` runs the company search once, up front, so the planner can
		// OR the two index scans together (a plain IN (subquery) forces a scan of every contact).
		conditions.push(Prisma.sql`(${CONTACT_SEARCH_EXPRESSION} LIKE ${pattern}
			OR c."companyId" = ANY(ARRAY(${companySearchIdsSql(organizationId, pattern)})))`)
	}
	if (filter.tags.length) {
		conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "ContactTag" ct
			WHERE ct."contactId" = c.id AND ct."tagId" IN (${Prisma.join(filter.tags)}))`)
	}
	if (filter.campaign) {
		conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "CampaignContact" cc
			WHERE cc."contactId" = c.id AND cc."campaignId" = ${filter.campaign})`)
	}
	if (filter.list) {
		conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "ListContact" lc
			WHERE lc."contactId" = c.id AND lc."listId" = ${filter.list})`)
	}
	return Prisma.join(conditions, ' AND ')
}

/** ORDER BY for the filter's sort, with the id as tie-breaker so pages never overlap. */
export function contactOrderBy(filter: ContactFilter): Prisma.Sql {
	const direction = filter.sortDirection === 'asc' ? Prisma.raw('ASC') : Prisma.raw('DESC')
	// lower(): names sort without regard to case, on the index "Contact_organizationId_lower_firstName_id_idx".
	const column =
		filter.sortBy === 'firstName' ? Prisma.raw('lower(c."firstName")') : Prisma.raw('c."createdAt"')
	return Prisma.sql`${column} ${direction}, c.id ${direction}`
}

/**
 * `SELECT c.id FROM "Contact" c WHERE …` for a bulk action: the listed ids (only those the
 * organization owns), or every contact matching the filter the user saw, minus `excludeIds`.
 * Used inside INSERT … SELECT so a million contacts never pass through Node. `columns`
 * replaces `c.id` when the statement needs more of each contact.
 */
export function selectedContactIdsSql(
	organizationId: string,
	selection: ContactSelection,
	filter: ContactFilter,
	excludeIds: string[] = [],
	columns: Prisma.Sql = Prisma.sql`c.id`,
): Prisma.Sql {
	const conditions: Prisma.Sql[] =
		selection === 'all'
			? [contactFilterConditions(organizationId, filter)]
			: [Prisma.sql`c."organizationId" = ${organizationId}`, Prisma.sql`c.id IN (${Prisma.join(selection)})`]
	if (excludeIds.length) conditions.push(Prisma.sql`c.id NOT IN (${Prisma.join(excludeIds)})`)
	return Prisma.sql`SELECT ${columns} FROM "Contact" c WHERE ${Prisma.join(conditions, ' AND ')}`
}
