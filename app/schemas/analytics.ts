import { z } from 'zod'

// The Analytics page's filter (a GET form, so a filtered view is a URL), and the figures every
// analytics view shows. Decision 044.

export const GRANULARITIES = ['day', 'week'] as const
export type Granularity = (typeof GRANULARITIES)[number]

export const DEFAULT_RANGE_DAYS = 30
/** The longest range one page reads: a year of days is 366 points, of weeks 53. */
export const MAX_RANGE_DAYS = 366

export const ANALYTICS_MESSAGES = {
	invalidDate: 'Enter a date as YYYY-MM-DD',
	fromAfterTo: 'The start date must be on or before the end date',
	rangeTooLong: `Choose a range of at most ${MAX_RANGE_DAYS} days`,
	invalidGranularity: 'Group by day or week',
	invalidId: 'Choose one from the list',
} as const

const DATE = /^\d{4}-\d{2}-\d{2}$/

const dateField = z
	.string()
	.trim()
	.regex(DATE, ANALYTICS_MESSAGES.invalidDate)
	.refine((value) => {
		const date = new Date(`${value}T00:00:00Z`)
		return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
	}, ANALYTICS_MESSAGES.invalidDate)

const idField = z.string().trim().min(1).max(100, ANALYTICS_MESSAGES.invalidId)

export const AnalyticsFilterSchema = z
	.object({
		from: dateField.optional(),
		to: dateField.optional(),
		granularity: z.enum(GRANULARITIES, { message: ANALYTICS_MESSAGES.invalidGranularity }).optional(),
		mailbox: idField.optional(),
		user: idField.optional(),
		campaign: idField.optional(),
	})
	.superRefine((value, ctx) => {
		if (!value.from || !value.to) return
		if (value.from > value.to) {
			ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.fromAfterTo })
		} else if (daysBetween(value.from, value.to) + 1 > MAX_RANGE_DAYS) {
			ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.rangeTooLong })
		}
	})

export type AnalyticsFilterInput = z.input<typeof AnalyticsFilterSchema>

/** A filter with its defaults: the last DEFAULT_RANGE_DAYS days, by day. Dates are calendar days. */
export type AnalyticsFilter = {
	from: string
	to: string
	granularity: Granularity
	mailbox: string | null
	user: string | null
	campaign: string | null
}

export type AnalyticsFilterResult = {
	filter: AnalyticsFilter
	/** Messages by field for what was refused; a refused field takes its default. */
	errors: Partial<Record<keyof AnalyticsFilter, string>>
}

/**
 * The filter from a query string. Bad values never fail the page: each refused field falls back to
 * its default and says why, so a mistyped shared link still shows figures.
 */
export function parseAnalyticsFilter(params: URLSearchParams, today: string): AnalyticsFilterResult {
	const raw = Object.fromEntries(
		(['from', 'to', 'granularity', 'mailbox', 'user', 'campaign'] as const).map((key) => [
			key,
			params.get(key) || undefined,
		]),
	)
	const errors: AnalyticsFilterResult['errors'] = {}
	const parsed = AnalyticsFilterSchema.safeParse(raw)
	const value: AnalyticsFilterInput = parsed.success ? parsed.data : { ...raw }
	if (!parsed.success) {
		for (const issue of parsed.error.issues) {
			const key = issue.path[0] as keyof AnalyticsFilter
			errors[key] ??= issue.message
			delete value[key]
			// A range that does not hold together falls back as a whole.
			if (issue.message === ANALYTICS_MESSAGES.fromAfterTo || issue.message === ANALYTICS_MESSAGES.rangeTooLong) {
				delete value.to
			}
		}
	}
	const to = value.to ?? (value.from && value.from > today ? value.from : today)
	const from = value.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1))
	return {
		filter: {
			from,
			to,
			granularity: value.granularity ?? 'day',
			mailbox: value.mailbox ?? null,
			user: value.user ?? null,
			campaign: value.campaign ?? null,
		},
		errors,
	}
}

export function addDays(day: string, days: number) {
	const date = new Date(`${day}T00:00:00Z`)
	date.setUTCDate(date.getUTCDate() + days)
	return date.toISOString().slice(0, 10)
}

function daysBetween(from: string, to: string) {
	return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The counts one analytics view shows. Emails are counted once per step (decision 044). */
export type AnalyticsCounts = {
	sent: number
	delivered: number
	bounced: number
	clicked: number
	replied: number
	unsubscribed: number
	/** Clicks classified as scanners or prefetchers: shown apart, never in the rates. */
	botClicks: number
}

export type AnalyticsFigures = AnalyticsCounts & {
	/** Fractions 0–1 of delivered emails, or null when nothing was delivered. */
	replyRate: number | null
	clickRate: number | null
}

export type AnalyticsPoint = AnalyticsCounts & { period: string }

export function withRates(counts: AnalyticsCounts): AnalyticsFigures {
	const rate = (count: number) => (counts.delivered > 0 ? count / counts.delivered : null)
	return { ...counts, replyRate: rate(counts.replied), clickRate: rate(counts.clicked) }
}

export function formatRate(rate: number | null) {
	return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`
}

/** The funnel's steps, in order: each a subset of the previous in what it counts. */
export function funnelOf(counts: AnalyticsCounts) {
	return [
		{ stage: 'Sent', count: counts.sent },
		{ stage: 'Delivered', count: counts.delivered },
		{ stage: 'Clicked', count: counts.clicked },
		{ stage: 'Replied', count: counts.replied },
	]
}
