import { type ContactFilter } from './contact-filter.ts'
import { StartGenerationRunBodySchema } from './assistant.ts'

/**
 * The Generate Sequences form (dialog and page, with or without JavaScript) as the body of
 * `POST /api/v1/sequence-generations`: the target travels in hidden fields named as in the
 * page's query (read by generationTargetFromSearchParams), checkboxes are present when ticked.
 */
export function parseGenerationRunForm(form: FormData) {
	const fields = new URLSearchParams()
	for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value)
	return StartGenerationRunBodySchema.safeParse({
		...generationTargetFromSearchParams(fields),
		emailAddressId: fields.get('emailAddressId') ?? '',
		prompt: fields.get('prompt') ?? '',
		orgPrompt: fields.get('orgPrompt') === 'on',
		linkedin: fields.get('linkedin') === 'on',
		phoneCall: fields.get('phoneCall') === 'on',
	})
}

/**
 * Who a run is for, from the page's query or the form's hidden fields: `campaignId`, or
 * `contactIds` (comma-separated ids, or "all" with the contacts filter minus `exclude_ids`).
 */
export function generationTargetFromSearchParams(params: URLSearchParams) {
	const commaList = (name: string) =>
		(params.get(name) ?? '')
			.split(',')
			.map((item) => item.trim())
			.filter(Boolean)
	const contactIds = params.get('contactIds')
	return {
		campaignId: params.get('campaignId') || undefined,
		contactIds: contactIds === 'all' ? ('all' as const) : contactIds ? commaList('contactIds') : undefined,
		search: params.get('search') || undefined,
		tags: commaList('tags'),
		campaign: params.get('campaign') || undefined,
		list: params.get('list') || undefined,
		exclude_ids: commaList('exclude_ids'),
	}
}

/** The query naming a contacts-page selection for Generate Sequences (ids, or all matching the filter). */
export function generationQuery(
	target: { selection: readonly string[] | 'all'; excludeIds: readonly string[] },
	filter: Pick<ContactFilter, 'search' | 'tags' | 'campaign' | 'list'>,
) {
	const params = new URLSearchParams()
	params.set('contactIds', target.selection === 'all' ? 'all' : target.selection.join(','))
	if (target.selection === 'all') {
		if (target.excludeIds.length) params.set('exclude_ids', target.excludeIds.join(','))
		if (filter.search) params.set('search', filter.search)
		if (filter.tags.length) params.set('tags', filter.tags.join(','))
		if (filter.campaign) params.set('campaign', filter.campaign)
		if (filter.list) params.set('list', filter.list)
	}
	return params.toString()
}
