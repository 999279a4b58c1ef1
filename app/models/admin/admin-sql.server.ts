import { Prisma } from '#app/generated/prisma/client.ts'

// SQL pieces both admin tables use. `o` is the organization, `a` its OrganizationActivity row (the
// contact figures the refresh_admin_figures job recomputes; absent until its first run, so
// coalesced): filtering 10,000 organizations reads those columns and never counts contacts.

/** The join of an organization's figures. */
export const activityJoin = Prisma.sql`LEFT JOIN "OrganizationActivity" a ON a."organizationId" = o.id`

/** A date as the columns store it (timestamp without time zone, UTC). */
export function utcTimestamp(date: Date) {
	return Prisma.sql`${date.toISOString()}::timestamp(3)`
}

/** ILIKE pattern for a search text, with its wildcards taken literally. */
export function containsPattern(search: string) {
	return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** The organization-level conditions of both filter forms. */
export function organizationConditions(filters: {
	activeSubscription: boolean
	autoLeads: boolean
	noContactsSince?: Date
}) {
	const conditions: Prisma.Sql[] = []
	if (filters.activeSubscription) conditions.push(Prisma.sql`o."planStatus" = 'ACTIVE'`)
	if (filters.autoLeads) conditions.push(Prisma.sql`coalesce(a."autoLeads", false)`)
	if (filters.noContactsSince) {
		const since = utcTimestamp(filters.noContactsSince)
		conditions.push(Prisma.sql`(a."lastContactAt" IS NULL OR a."lastContactAt" < ${since})`)
	}
	return conditions
}

/**
 * "At least n rows" as index probes: counts no further than n, so it costs at most n index entries
 * per row whatever the group's size. Not EXISTS for n = 1: the planner may turn that into a hash
 * semi-join that reads every row of the table; a scalar subquery stays a probe.
 */
export function atLeast(rows: Prisma.Sql, n: number) {
	if (n <= 0) return null
	if (n === 1) return Prisma.sql`((${rows} LIMIT 1) IS NOT NULL)`
	return Prisma.sql`(SELECT count(*) FROM (${rows} LIMIT ${n}) AS bounded) >= ${n}`
}

export function whereAll(conditions: Array<Prisma.Sql | null>) {
	const present = conditions.filter((condition): condition is Prisma.Sql => condition !== null)
	return present.length ? Prisma.join(present, ' AND ') : Prisma.sql`TRUE`
}

/** The page count for a total, at least 1 so an empty table still has its page 1. */
export function pageCount(total: number, pageSize: number) {
	return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * One page of an admin table from its statement's rows (each carries the filtered total; an empty
 * page is one row of nulls beside it): the paging fields, and out of range past the last page.
 */
export function pageOfRows<Row extends { total: number; id: string | null }, Out>(
	rows: Row[],
	{ page, pageSize }: { page: number; pageSize: number },
	toRow: (row: Row & { id: string }) => Out,
) {
	const total = rows[0]?.total ?? 0
	const meta = { total, page, pageCount: pageCount(total, pageSize), pageSize }
	if (page > meta.pageCount) return { outOfRange: true as const, rows: [] as [], ...meta }
	return {
		outOfRange: false as const,
		...meta,
		rows: rows.filter((row): row is Row & { id: string } => row.id !== null).map(toRow),
	}
}
