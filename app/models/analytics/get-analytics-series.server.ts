import { Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'
import {
	addDays,
	type AnalyticsCounts,
	type AnalyticsPoint,
	type Granularity,
} from '#app/schemas/analytics.ts'
import {
	type AnalyticsPeriod,
	type AnalyticsScope,
	COUNT_COLUMNS,
	type CountRow,
	countsFromRow,
	scopeWhere,
} from './analytics-query.server.ts'

/**
 * The counts per day or week (weeks start on Monday) of the organization's time zone, every
 * period of the range present, empty ones as zeros. One grouped statement; the filling is over
 * at most MAX_RANGE_DAYS points, never over events.
 */
export async function getAnalyticsSeries(
	scope: AnalyticsScope,
	period: AnalyticsPeriod,
	granularity: Granularity,
): Promise<AnalyticsPoint[]> {
	return (await getAnalyticsSeriesAndTotals(scope, period, granularity)).series
}

/**
 * The series and the period's totals from the same statement: the counters add up (an email is
 * counted in one period only, that of its first event of a kind — decision 049), so the totals
 * are the sums of the periods' rows and a page reads its range once.
 */
export async function getAnalyticsSeriesAndTotals(
	scope: AnalyticsScope,
	period: AnalyticsPeriod,
	granularity: Granularity,
): Promise<{ series: AnalyticsPoint[]; totals: AnalyticsCounts }> {
	const unit = granularity === 'week' ? Prisma.sql`'week'` : Prisma.sql`'day'`
	const rows = await prisma.$queryRaw<Array<CountRow & { period: string }>>`
		SELECT to_char(date_trunc(${unit}, r."quarterHour" AT TIME ZONE 'UTC' AT TIME ZONE ${period.timeZone}), 'YYYY-MM-DD') AS period,
			${COUNT_COLUMNS}
		FROM "AnalyticsRollup" r
		WHERE ${scopeWhere(scope, period)}
		GROUP BY 1`
	const byPeriod = new Map(rows.map((row) => [row.period, row]))
	const sum = (key: keyof CountRow) => rows.reduce((total, row) => total + row[key], 0)
	return {
		series: periodsOf(period, granularity).map((start) => ({
			period: start,
			...countsFromRow(byPeriod.get(start)),
		})),
		totals: countsFromRow({
			sent: sum('sent'),
			bounced: sum('bounced'),
			clicked: sum('clicked'),
			botClicks: sum('botClicks'),
			replied: sum('replied'),
			unsubscribed: sum('unsubscribed'),
		}),
	}
}

/** The first day of every day or week of the range (a week that started before `from` included). */
export function periodsOf({ from, to }: { from: string; to: string }, granularity: Granularity) {
	const step = granularity === 'week' ? 7 : 1
	let start = granularity === 'week' ? mondayOf(from) : from
	const periods: string[] = []
	while (start <= to) {
		periods.push(start)
		start = addDays(start, step)
	}
	return periods
}

function mondayOf(day: string) {
	const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() // 0 Sunday … 6 Saturday
	return addDays(day, -((weekday + 6) % 7))
}
