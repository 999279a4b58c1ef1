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

/** The period's totals and rates for a scope: one aggregate statement. */
export async function getAnalyticsSummary(
	scope: AnalyticsScope,
	period: AnalyticsPeriod,
): Promise<AnalyticsFigures> {
	const [row] = await prisma.$queryRaw<CountRow[]>`
		SELECT ${COUNT_COLUMNS}
		FROM "AnalyticsRollup" r
		WHERE ${scopeWhere(scope, period)}`
	return withRates(countsFromRow(row))
}
