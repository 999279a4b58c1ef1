import { Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'
import { type AnalyticsFigures, withRates } from '#app/schemas/analytics.ts'
import {
	type AnalyticsPeriod,
	type AnalyticsScope,
	COUNT_COLUMNS,
	type CountRow,
	countsFromRow,
	scopeWhere,
} from './analytics-query.server.ts'

export type AnalyticsDimension = 'campaign' | 'mailbox' | 'user'

export type AnalyticsBreakdownRow = AnalyticsFigures & { id: string | null; name: string }

const COLUMNS: Record<AnalyticsDimension, Prisma.Sql> = {
	campaign: Prisma.sql`r."campaignId"`,
	mailbox: Prisma.sql`r."mailboxId"`,
	user: Prisma.sql`r."userId"`,
}

const NONE: Record<AnalyticsDimension, string> = {
	campaign: 'No campaign',
	mailbox: 'No mailbox',
	user: 'No user',
}

/**
 * The figures per campaign, mailbox or user, most emails sent first (at most `limit` rows): one
 * grouped statement, then the names of those ids — looked up in the organization, so an id
 * copied from an event of a deleted row reads as "(deleted)", never as another organization's.
 */
export async function getAnalyticsBreakdown(
	scope: AnalyticsScope,
	period: AnalyticsPeriod,
	dimension: AnalyticsDimension,
	limit = 20,
): Promise<AnalyticsBreakdownRow[]> {
	const rows = await prisma.$queryRaw<Array<CountRow & { id: string | null }>>`
		SELECT nullif(${COLUMNS[dimension]}, '') AS id, ${COUNT_COLUMNS}
		FROM "AnalyticsRollup" r
		WHERE ${scopeWhere(scope, period)}
		GROUP BY 1
		ORDER BY sent DESC, id
		LIMIT ${limit}`
	const ids = rows.flatMap((row) => (row.id ? [row.id] : []))
	const names = await namesOf(scope.organizationId, dimension, ids)
	return rows.map((row) => ({
		id: row.id,
		name: row.id ? (names.get(row.id) ?? '(deleted)') : NONE[dimension],
		...withRates(countsFromRow(row)),
	}))
}

async function namesOf(organizationId: string, dimension: AnalyticsDimension, ids: string[]) {
	if (ids.length === 0) return new Map<string, string>()
	if (dimension === 'campaign') {
		const campaigns = await prisma.campaign.findMany({
			where: { organizationId, id: { in: ids } },
			select: { id: true, name: true },
		})
		return new Map(campaigns.map((campaign) => [campaign.id, campaign.name]))
	}
	if (dimension === 'mailbox') {
		const mailboxes = await prisma.mailbox.findMany({
			where: { organizationId, id: { in: ids } },
			select: { id: true, address: true },
		})
		return new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.address]))
	}
	const users = await prisma.user.findMany({
		where: { id: { in: ids }, memberships: { some: { organizationId } } },
		select: { id: true, name: true, email: true },
	})
	return new Map(users.map((user) => [user.id, user.name || user.email]))
}
