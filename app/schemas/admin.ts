import { z } from 'zod'

// The admin area's filters (companies-leads-search.md, "Admin dashboard filter state" and "Admin
// campaign filter state"): the page's GET form, the JSON API and the browser's saved copy all read
// them through these schemas. Decision 043.

export const ADMIN_PAGE_SIZE = 25
export const PLAN_STATUSES = ['ACTIVE', 'TRIAL', 'NONE'] as const
export type PlanStatusValue = (typeof PLAN_STATUSES)[number]

export const FUTURE_DATE_MESSAGE = 'Dates may not be in the future'
export const INVALID_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD'
export const WHOLE_NUMBER_MESSAGE = 'Must be a whole number'
export const BOOLEAN_MESSAGE = 'Must be true or false'
export const PAGE_MESSAGE = 'Page must be a whole number of at least 1'

/** The storage keys of the browser's saved filters (spec: "Both are persisted locally"). */
export const ADMIN_FILTER_STORAGE_KEYS = {
	organizations: 'reachout.admin.dashboardFilters',
	campaigns: 'reachout.admin.campaignsFilters',
} as const

// The latest time zones are UTC+14: a date is "in the future" only once it has not begun anywhere.
const AHEAD_OF_UTC_MS = 14 * 60 * 60 * 1000

/** A date is in the future when its day has not yet started in any time zone. */
export function isFutureDate(day: Date, now = new Date()) {
	return day.getTime() > now.getTime() + AHEAD_OF_UTC_MS
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/** A checkbox or a query flag: absent, '', 'false' or '0' is off; 'on', 'true' or '1' is on. */
const flag = z.preprocess(
	(value) => (typeof value === 'boolean' ? String(value) : (emptyToUndefined(value) ?? 'false')),
	z
		.string({ error: BOOLEAN_MESSAGE })
		.trim()
		.toLowerCase()
		.pipe(z.enum(['on', 'true', '1', 'false', '0'], { error: BOOLEAN_MESSAGE }))
		.transform((value) => value !== 'false' && value !== '0'),
)

/** A calendar date (YYYY-MM-DD, midnight UTC) that has begun somewhere. */
const pastDate = z.preprocess(
	emptyToUndefined,
	z
		.string({ error: INVALID_DATE_MESSAGE })
		.trim()
		.regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE_MESSAGE)
		.transform((value, ctx) => {
			const day = new Date(`${value}T00:00:00.000Z`)
			if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
				ctx.addIssue({ code: 'custom', message: INVALID_DATE_MESSAGE })
				return z.NEVER
			}
			if (isFutureDate(day)) {
				ctx.addIssue({ code: 'custom', message: FUTURE_DATE_MESSAGE })
				return z.NEVER
			}
			return day
		})
		.optional(),
)

function minimum(label: string) {
	return z.preprocess(
		emptyToUndefined,
		z.coerce
			.number({ error: `${label} ${WHOLE_NUMBER_MESSAGE.toLowerCase()}` })
			.int(`${label} ${WHOLE_NUMBER_MESSAGE.toLowerCase()}`)
			.min(0, `${label} cannot be negative`)
			.max(1_000_000, `${label} cannot exceed 1000000`)
			.default(1),
	)
}

const page = z.preprocess(
	emptyToUndefined,
	z.coerce
		.number({ error: PAGE_MESSAGE })
		.int(PAGE_MESSAGE)
		.min(1, PAGE_MESSAGE)
		.max(100_000, PAGE_MESSAGE)
		.default(1),
)

const search = z.preprocess(
	(value) => emptyToUndefined(value) ?? '',
	z.string({ error: 'Search must be text' }).trim().max(200, 'Search cannot exceed 200 characters'),
)

const shared = {
	activeSubscription: flag,
	autoLeads: flag,
	noContactsSince: pastDate,
	page,
	search,
}

/** Dashboard Filters: activeSubscription, autoLeads, noContactsSince, createdAfter, leadsContacted (1), page, search. */
export const DashboardFiltersSchema = z.object({
	...shared,
	createdAfter: pastDate,
	leadsContacted: minimum('Leads contacted'),
})
export type DashboardFilters = z.output<typeof DashboardFiltersSchema>

/** Campaigns Filters: activeSubscription, autoLeads, noContactsSince, contactsAdded (1), page, search. */
export const CampaignsFiltersSchema = z.object({
	...shared,
	contactsAdded: minimum('Contacts added'),
})
export type CampaignsFilters = z.output<typeof CampaignsFiltersSchema>

export const DASHBOARD_FILTER_KEYS = [
	'activeSubscription',
	'autoLeads',
	'noContactsSince',
	'createdAfter',
	'leadsContacted',
	'page',
	'search',
] as const
export const CAMPAIGNS_FILTER_KEYS = [
	'activeSubscription',
	'autoLeads',
	'noContactsSince',
	'contactsAdded',
	'page',
	'search',
] as const

/** The raw values of a query string for the given keys (the last one wins, as a form's would). */
export function rawFilterValues(params: URLSearchParams, keys: readonly string[]) {
	const raw: Record<string, string> = {}
	for (const key of keys) {
		const values = params.getAll(key)
		if (values.length) raw[key] = values[values.length - 1]!
	}
	return raw
}

export type FilterErrors = Record<string, string[]>

/** Parses a query string: the filters, or the messages per field (400 from the API, shown in the form). */
export function parseFilters<Schema extends typeof DashboardFiltersSchema | typeof CampaignsFiltersSchema>(
	schema: Schema,
	params: URLSearchParams,
	keys: readonly string[],
): { ok: true; value: z.output<Schema> } | { ok: false; errors: FilterErrors } {
	const parsed = schema.safeParse(rawFilterValues(params, keys))
	if (parsed.success) return { ok: true, value: parsed.data as z.output<Schema> }
	const errors: FilterErrors = {}
	for (const issue of parsed.error.issues) {
		const field = String(issue.path[0] ?? 'form')
		;(errors[field] ??= []).push(issue.message)
	}
	return { ok: false, errors }
}

/** The query string of filters, omitting defaults, for links (pagination) and the saved copy. */
export function filtersToSearchParams(filters: Partial<DashboardFilters & CampaignsFilters>) {
	const params = new URLSearchParams()
	if (filters.search) params.set('search', filters.search)
	if (filters.activeSubscription) params.set('activeSubscription', 'true')
	if (filters.autoLeads) params.set('autoLeads', 'true')
	if (filters.noContactsSince)
		params.set('noContactsSince', filters.noContactsSince.toISOString().slice(0, 10))
	if (filters.createdAfter) params.set('createdAfter', filters.createdAfter.toISOString().slice(0, 10))
	if (filters.leadsContacted !== undefined && filters.leadsContacted !== 1)
		params.set('leadsContacted', String(filters.leadsContacted))
	if (filters.contactsAdded !== undefined && filters.contactsAdded !== 1)
		params.set('contactsAdded', String(filters.contactsAdded))
	if (filters.page && filters.page > 1) params.set('page', String(filters.page))
	return params
}

export function pageOutOfRangeMessage(page: number, pageCount: number) {
	return `There is no page ${page}: these filters give ${pageCount} page${pageCount === 1 ? '' : 's'}`
}

export const SetPlanStatusSchema = z.object({
	planStatus: z.enum(PLAN_STATUSES, { error: 'Plan status must be ACTIVE, TRIAL or NONE' }),
})
