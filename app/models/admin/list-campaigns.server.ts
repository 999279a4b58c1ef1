import { Prisma } from '#app/generated/prisma/client.ts'
import { ADMIN_PAGE_SIZE, type CampaignsFilters, type PlanStatusValue } from '#app/schemas/admin.ts'
import { prisma } from '#app/utils/db.server.ts'
import {
	activityJoin,
	atLeast,
	containsPattern,
	organizationConditions,
	pageOfRows,
	whereAll,
} from './admin-sql.server.ts'
import { type AdminPage } from './list-organizations.server.ts'

export type AdminCampaignRow = {
	id: string
	name: string
	organizationId: string
	organizationName: string
	planStatus: PlanStatusValue
	channels: string[]
	status: string
	contacts: number
	sent: number
	replies: number
	createdAt: string
}

type Row = Omit<AdminCampaignRow, 'createdAt' | 'id'> & { total: number; id: string | null; createdAt: Date }

/**
 * Campaigns across organizations, newest first. The organization filters are those of the
 * dashboard; contactsAdded is the campaign's own (at least n contacts). Sent counts the sent email
 * and LinkedIn steps of the campaign's contacts' sequences; replies, those contacts' sequences
 * with a reply. Figures are counted for the page's rows only. Platform administrators only.
 */
export async function listAdminCampaigns(
	filters: CampaignsFilters,
	pageSize = ADMIN_PAGE_SIZE,
): Promise<AdminPage<AdminCampaignRow>> {
	const members = Prisma.sql`SELECT 1 FROM "CampaignContact" cc WHERE cc."campaignId" = ca.id`
	const pattern = filters.search ? containsPattern(filters.search) : null
	const where = whereAll([
		pattern ? Prisma.sql`(ca."name" ILIKE ${pattern} OR o."name" ILIKE ${pattern})` : null,
		...organizationConditions(filters),
		atLeast(members, filters.contactsAdded),
	])
	const offset = (filters.page - 1) * pageSize
	// The campaign's contacts' sequences (in the campaign's organization).
	const sequences = Prisma.sql`
		FROM "CampaignContact" cc
		JOIN "Sequence" s ON s."contactId" = cc."contactId" AND s."organizationId" = ca."organizationId"
		WHERE cc."campaignId" = ca.id`
	const rows = await prisma.$queryRaw<Row[]>`
		WITH filtered AS MATERIALIZED (
			SELECT ca.id, ca."createdAt"
			FROM "Campaign" ca JOIN "Organization" o ON o.id = ca."organizationId" ${activityJoin}
			WHERE ${where}
		), page AS (
			SELECT id, "createdAt" FROM filtered ORDER BY "createdAt" DESC, id DESC LIMIT ${pageSize} OFFSET ${offset}
		)
		SELECT t.total, ca.id, ca."name", ca."createdAt", ca."channels"::text[] AS channels, ca."status"::text AS status,
			o.id AS "organizationId", o."name" AS "organizationName", o."planStatus"::text AS "planStatus",
			(SELECT count(*) FROM "CampaignContact" cc WHERE cc."campaignId" = ca.id)::int AS contacts,
			(
				(SELECT count(*) FROM "EmailStep" e WHERE e."sentAt" IS NOT NULL AND e."sequenceId" IN (SELECT s.id ${sequences})) +
				(SELECT count(*) FROM "LinkedInStep" l WHERE l."sentAt" IS NOT NULL AND l."sequenceId" IN (SELECT s.id ${sequences}))
			)::int AS sent,
			(SELECT count(*) ${sequences} AND (
				EXISTS (SELECT 1 FROM "EmailStep" e WHERE e."sequenceId" = s.id AND e."repliedAt" IS NOT NULL)
				OR EXISTS (SELECT 1 FROM "LinkedInStep" l WHERE l."sequenceId" = s.id AND l."repliedAt" IS NOT NULL)
			))::int AS replies
		FROM (SELECT count(*)::int AS total FROM filtered) t
		LEFT JOIN page p ON TRUE
		LEFT JOIN "Campaign" ca ON ca.id = p.id
		LEFT JOIN "Organization" o ON o.id = ca."organizationId"
		ORDER BY p."createdAt" DESC, p.id DESC`
	return pageOfRows(rows, { page: filters.page, pageSize }, ({ total: _total, createdAt, ...row }) => ({
		...row,
		createdAt: createdAt.toISOString(),
	}))
}
