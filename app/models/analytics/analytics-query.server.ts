import { Prisma } from '#app/generated/prisma/client.ts'
import { type AnalyticsCounts } from '#app/schemas/analytics.ts'

/**
 * What every analytics figure is read from: the organization's "AnalyticsRollup" counters (one
 * row per UTC quarter hour, campaign, mailbox and user, kept by triggers on SequenceEvent —
 * migration 20261128100000, decision 049), narrowed by campaign, mailbox or user. A page sums a
 * few thousand rows however many events there are.
 */
export type AnalyticsScope = {
	organizationId: string
	campaignId?: string | null
	mailboxId?: string | null
	userId?: string | null
}

/** Calendar days (YYYY-MM-DD, both included) in the organization's time zone. */
export type AnalyticsPeriod = { from: string; to: string; timeZone: string }

/**
 * The UTC bounds of the period's days (quarterHour is UTC without a zone). Every zone's midnight
 * is a quarter hour of UTC, so the range holds whole quarter hours: exact, not rounded.
 */
export function periodBounds({ from, to, timeZone }: AnalyticsPeriod) {
	return Prisma.sql`r."quarterHour" >= ((${from}::date)::timestamp AT TIME ZONE ${timeZone} AT TIME ZONE 'UTC')
		AND r."quarterHour" < (((${to}::date + 1))::timestamp AT TIME ZONE ${timeZone} AT TIME ZONE 'UTC')`
}

export function scopeWhere(scope: AnalyticsScope, period: AnalyticsPeriod) {
	const conditions = [Prisma.sql`r."organizationId" = ${scope.organizationId}`, periodBounds(period)]
	if (scope.campaignId) conditions.push(Prisma.sql`r."campaignId" = ${scope.campaignId}`)
	if (scope.mailboxId) conditions.push(Prisma.sql`r."mailboxId" = ${scope.mailboxId}`)
	if (scope.userId) conditions.push(Prisma.sql`r."userId" = ${scope.userId}`)
	return Prisma.join(conditions, ' AND ')
}

/**
 * The counts as sums of the counters. An email bounced, clicked, replied to or unsubscribed from
 * is counted once, in the period of its first such event; a click a scanner made counts only in
 * botClicks. Replies counted are email replies (a LinkedIn reply names no email step).
 */
export const COUNT_COLUMNS = Prisma.sql`
	coalesce(sum(r.sent), 0)::int AS sent,
	coalesce(sum(r.bounced), 0)::int AS bounced,
	coalesce(sum(r.clicked), 0)::int AS clicked,
	coalesce(sum(r."botClicks"), 0)::int AS "botClicks",
	coalesce(sum(r.replied), 0)::int AS replied,
	coalesce(sum(r.unsubscribed), 0)::int AS unsubscribed`

export type CountRow = Omit<AnalyticsCounts, 'delivered'>

export function countsFromRow(row: CountRow | undefined): AnalyticsCounts {
	const sent = row?.sent ?? 0
	const bounced = row?.bounced ?? 0
	return {
		sent,
		// A bounce may land in a later period than its send: never below zero.
		delivered: Math.max(0, sent - bounced),
		bounced,
		clicked: row?.clicked ?? 0,
		replied: row?.replied ?? 0,
		unsubscribed: row?.unsubscribed ?? 0,
		botClicks: row?.botClicks ?? 0,
	}
}
