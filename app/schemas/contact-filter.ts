import { z } from 'zod'

export const CONTACTS_PAGE_SIZE = 100
export const CONTACT_SORT_FIELDS = ['firstName', 'createdAt'] as const
export const SORT_DIRECTIONS = ['asc', 'desc'] as const

const optionalId = z
	.string()
	.trim()
	.optional()
	.transform((value) => value || undefined)

/** Accepts a list or a comma-separated string of ids ("tags=a,b" in a query string). */
const idList = z
	.union([z.array(z.string()), z.string()])
	.optional()
	.transform((value) => {
		const items = typeof value === 'string' ? value.split(',') : (value ?? [])
		return [...new Set(items.map((item) => item.trim()).filter(Boolean))]
	})

/**
 * What the user sees in a contacts table: search text, tag filter (a contact matches when it
 * has ANY of the tags), campaign and list filters, and the sort. The same object drives the
 * page, the API, the CSV export and every "all matching contacts" bulk action.
 */
export const ContactFilterSchema = z.object({
	search: z
		.string()
		.trim()
		.max(200)
		.optional()
		.transform((value) => value || undefined),
	tags: idList,
	campaign: optionalId,
	list: optionalId,
	sortBy: z.enum(CONTACT_SORT_FIELDS).catch('createdAt').default('createdAt'),
	sortDirection: z.enum(SORT_DIRECTIONS).catch('desc').default('desc'),
})
export type ContactFilter = z.output<typeof ContactFilterSchema>
export type ContactFilterInput = z.input<typeof ContactFilterSchema>

/** Reads the filter from a URL's query: search, tags (comma list) or tag, campaign, list, sortBy, sortDirection. */
export function contactFilterFromSearchParams(params: URLSearchParams): ContactFilter {
	const tags = [...params.getAll('tags'), ...params.getAll('tag')].join(',')
	return ContactFilterSchema.parse({
		search: params.get('search') ?? undefined,
		tags,
		campaign: params.get('campaign') ?? undefined,
		list: params.get('list') ?? undefined,
		sortBy: params.get('sortBy') ?? undefined,
		sortDirection: params.get('sortDirection') ?? undefined,
	})
}

/** The query string of a filter, omitting defaults, for links and fetches. */
export function contactFilterToSearchParams(filter: Partial<ContactFilter>): URLSearchParams {
	const params = new URLSearchParams()
	if (filter.search) params.set('search', filter.search)
	if (filter.tags?.length) params.set('tags', filter.tags.join(','))
	if (filter.campaign) params.set('campaign', filter.campaign)
	if (filter.list) params.set('list', filter.list)
	if (filter.sortBy && filter.sortBy !== 'createdAt') params.set('sortBy', filter.sortBy)
	if (filter.sortDirection && filter.sortDirection !== 'desc')
		params.set('sortDirection', filter.sortDirection)
	return params
}

/**
 * Which contacts a bulk action applies to: a list of ids, or "all" contacts matching the
 * filter the user saw (minus any rows they unticked, `excludeIds`).
 */
export const ContactSelectionSchema = z.union([
	z.literal('all'),
	z.array(z.string().min(1)).min(1, 'Select at least one contact').max(10_000),
])
export type ContactSelection = z.output<typeof ContactSelectionSchema>

/**
 * The filter fields a bulk-action body carries next to its selection (`contact_ids`,
 * `contactIds`): with "all", the action applies to the contacts matching exactly these, minus
 * `exclude_ids`. Endpoints extend it with their own selection field name.
 */
export const ContactBulkFilterSchema = z.object({
	search: ContactFilterSchema.shape.search,
	tags: idList,
	campaign: optionalId,
	list: optionalId,
	exclude_ids: z.array(z.string()).max(10_000).default([]),
})

/** The ContactFilter of a bulk body (sort does not matter to a bulk action). */
export function contactFilterOfBulkBody(body: z.output<typeof ContactBulkFilterSchema>): ContactFilter {
	return ContactFilterSchema.parse({
		search: body.search,
		tags: body.tags,
		campaign: body.campaign,
		list: body.list,
	})
}

/**
 * The filter fields of a bulk-action body, as the browser sends them next to its selection:
 * the filter the user saw, and with "all" the rows they unticked (`exclude_ids`). The inverse
 * of contactFilterOfBulkBody; a list of ids ignores the filter.
 */
export function contactBulkFilterBody(
	selection: ContactSelection,
	filter: Partial<ContactFilter>,
	excludeIds: string[] = [],
) {
	return {
		search: filter.search,
		tags: filter.tags ?? [],
		campaign: filter.campaign,
		list: filter.list,
		exclude_ids: selection === 'all' ? excludeIds : [],
	}
}
