import { addDays, MAX_RANGE_DAYS, ANALYTICS_MESSAGES, parseAnalyticsFilter } from '#app/schemas/analytics.ts'
import { getAnalyticsTimeZone, todayIn } from './analytics-time-zone.server.ts'
import { getAnalyticsView } from './get-analytics-view.server.ts'
import { listAnalyticsOptions } from './list-analytics-options.server.ts'

/**
 * The Analytics page: the filter from its query string (bad values fall back and say why), the
 * choices it offers, and the view — whole-organization breakdowns by campaign, mailbox and user.
 * A mailbox, user or campaign id the organization does not have is refused like a bad date.
 */
export async function getAnalyticsPage(organizationId: string, params: URLSearchParams, now = new Date()) {
	const timeZone = await getAnalyticsTimeZone(organizationId)
	const [{ filter, errors }, options] = await Promise.all([
		Promise.resolve(parseAnalyticsFilter(params, todayIn(timeZone, now))),
		listAnalyticsOptions(organizationId),
	])
	const known = {
		mailbox: options.mailboxes,
		user: options.users,
		campaign: options.campaigns,
	} as const
	for (const key of ['mailbox', 'user', 'campaign'] as const) {
		const id = filter[key]
		if (id && !known[key].some((option) => option.id === id)) {
			errors[key] = ANALYTICS_MESSAGES.invalidId
			filter[key] = null
		}
	}
	const view = await getAnalyticsView(
		{ organizationId, mailboxId: filter.mailbox, userId: filter.user, campaignId: filter.campaign },
		{ ...filter, timeZone },
		{ breakdowns: ['campaign', 'mailbox', 'user'] },
	)
	return { filter, errors, options, view }
}

/**
 * A campaign's figures since it was created (at most MAX_RANGE_DAYS back), by week once the range
 * is longer than two months: the campaign page's section.
 */
export async function getCampaignAnalytics(
	organizationId: string,
	campaign: { id: string; createdAt: Date },
	now = new Date(),
) {
	const timeZone = await getAnalyticsTimeZone(organizationId)
	const to = todayIn(timeZone, now)
	const created = todayIn(timeZone, campaign.createdAt)
	const earliest = addDays(to, -(MAX_RANGE_DAYS - 1))
	const from = created < earliest ? earliest : created > to ? to : created
	const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1
	return getAnalyticsView(
		{ organizationId, campaignId: campaign.id },
		{ from, to, granularity: days > 62 ? 'week' : 'day', timeZone },
	)
}

/** The organization's last 30 days: the Sequences page's section. */
export async function getRecentAnalytics(organizationId: string, now = new Date()) {
	const timeZone = await getAnalyticsTimeZone(organizationId)
	const to = todayIn(timeZone, now)
	return getAnalyticsView({ organizationId }, { from: addDays(to, -29), to, granularity: 'day', timeZone })
}
