import { Prisma } from '#app/generated/prisma/client.ts'
import { ADMIN_PAGE_SIZE, type DashboardFilters, type PlanStatusValue } from '#app/schemas/admin.ts'
import { prisma } from '#app/utils/db.server.ts'
import {
	activityJoin,
	containsPattern,
	organizationConditions,
	pageOfRows,
	utcTimestamp,
	whereAll,
} from './admin-sql.server.ts'

export type AdminOrganizationRow = {
	id: string
	name: string
	members: number
	createdAt: string
	planStatus: PlanStatusValue
	autoLeads: boolean
	leadsContacted: number
	contactsAdded: number
	lastContactAt: string | null
}

type PageMeta = { total: number; page: number; pageCount: number; pageSize: number }
export type AdminPage<Row> = PageMeta & ({ outOfRange: false; rows: Row[] } | { outOfRange: true; rows: [] })

type Row = Omit<AdminOrganizationRow, 'createdAt' | 'lastContactAt'> & {
	total: number
	id: string | null
	createdAt: Date
	lastContactAt: Date | null
}

/**
 * Every organization on the platform, newest first, filtered and paginated in one statement. The
 * contact figures and their filters read OrganizationActivity (recomputed each minute), members are
 * counted for the page's rows. Platform administrators only (the routes check); not org-scoped.
 */
export async function listAdminOrganizations(
	filters: DashboardFilters,
	pageSize = ADMIN_PAGE_SIZE,
): Promise<AdminPage<AdminOrganizationRow>> {
	const where = whereAll([
		filters.search ? Prisma.sql`o."name" ILIKE ${containsPattern(filters.search)}` : null,
		filters.createdAfter ? Prisma.sql`o."createdAt" >= ${utcTimestamp(filters.createdAfter)}` : null,
		...organizationConditions(filters),
		filters.leadsContacted > 0
			? Prisma.sql`coalesce(a."leadsContacted", 0) >= ${filters.leadsContacted}`
			: null,
	])
	const offset = (filters.page - 1) * pageSize
	const rows = await prisma.$queryRaw<Row[]>`
		WITH filtered AS MATERIALIZED (
			SELECT o.id, o."createdAt" FROM "Organization" o ${activityJoin} WHERE ${where}
		), page AS (
			SELECT id, "createdAt" FROM filtered ORDER BY "createdAt" DESC, id DESC LIMIT ${pageSize} OFFSET ${offset}
		)
		SELECT t.total, o.id, o."name", o."createdAt", o."planStatus"::text AS "planStatus",
			(SELECT count(*) FROM "Membership" m WHERE m."organizationId" = o.id)::int AS members,
			coalesce(a."contactsAdded", 0) AS "contactsAdded", coalesce(a."leadsContacted", 0) AS "leadsContacted",
			a."lastContactAt", coalesce(a."autoLeads", false) AS "autoLeads"
		FROM (SELECT count(*)::int AS total FROM filtered) t
		LEFT JOIN page p ON TRUE
		LEFT JOIN "Organization" o ON o.id = p.id
		${activityJoin}
		ORDER BY p."createdAt" DESC, p.id DESC`
	return pageOfRows(rows, { page: filters.page, pageSize }, (row) => ({
		id: row.id,
		name: row.name,
		members: row.members,
		createdAt: row.createdAt.toISOString(),
		planStatus: row.planStatus,
		autoLeads: row.autoLeads,
		leadsContacted: row.leadsContacted,
		contactsAdded: row.contactsAdded,
		lastContactAt: row.lastContactAt?.toISOString() ?? null,
	}))
}
