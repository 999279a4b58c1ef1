import { type AnalyticsFilter, funnelOf, withRates } from '#app/schemas/analytics.ts'
import { type AnalyticsScope } from './analytics-query.server.ts'
import {
	getAnalyticsBreakdown,
	type AnalyticsBreakdownRow,
	type AnalyticsDimension,
} from './get-analytics-breakdown.server.ts'
import { getAnalyticsSeriesAndTotals } from './get-analytics-series.server.ts'

/**
 * Everything one analytics view shows — totals and rates, the series, the funnel and, when asked,
 * breakdowns — read side by side; the totals are the series' sums, so the range is read once.
 * What the campaign page, the Sequences page and the Analytics page load (and what
 * `npm run bench -- analytics` times).
 */
export async function getAnalyticsView(
	scope: AnalyticsScope,
	filter: Pick<AnalyticsFilter, 'from' | 'to' | 'granularity'> & { timeZone: string },
	{ breakdowns = [] }: { breakdowns?: AnalyticsDimension[] } = {},
) {
	const period = { from: filter.from, to: filter.to, timeZone: filter.timeZone }
	const [{ series, totals }, ...tables] = await Promise.all([
		getAnalyticsSeriesAndTotals(scope, period, filter.granularity),
		...breakdowns.map((dimension) => getAnalyticsBreakdown(scope, period, dimension)),
	])
	const summary = withRates(totals)
	return {
		period,
		granularity: filter.granularity,
		summary,
		series,
		funnel: funnelOf(summary),
		breakdowns: Object.fromEntries(
			breakdowns.map((dimension, index) => [dimension, tables[index]!]),
		) as Partial<Record<AnalyticsDimension, AnalyticsBreakdownRow[]>>,
	}
}

export type AnalyticsView = Awaited<ReturnType<typeof getAnalyticsView>>
