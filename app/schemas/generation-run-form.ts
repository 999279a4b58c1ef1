import { type ContactFilter } from './contact-filter.ts'
import { StartGenerationRunBodySchema } from './assistant.ts'

/**
 * The Generate Sequences form (dialog and page, with or without JavaScript) as the body of
 * `POST /api/v1/sequence-generations`: the target travels in hidden fields (`campaignId`, or
 * `contactIds` as comma-separated ids or "all" with the filter the user saw), checkboxes are
 * present when ticked.
 */
export function parseGenerationRunForm(form: FormData) {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : undefined
	}
	const list = (name: string) =>
		(text(name) ?? '')
			.split(',')
			.map((item) => item.trim())
			.filter(Boolean)
	const contactIds = text('contactIds')
	return StartGenerationRunBodySchema.safeParse({
		campaignId: text('campaignId') || undefined,
		contactIds: contactIds === 'all' ? 'all' : contactIds ? list('contactIds') : undefined,
		search: text('search'),
		tags: list('tags'),
		campaign: text('campaign'),
		list: text('list'),
		exclude_ids: list('exclude_ids'),
		emailAddressId: text('emailAddressId') ?? '',
		prompt: text('prompt') ?? '',
		orgPrompt: form.get('orgPrompt') === 'on',
		linkedin: form.get('linkedin') === 'on',
		phoneCall: form.get('phoneCall') === 'on',
	})
}

/** The same target as query parameters, for the page's address (`/sequences/generations/new?…`). */
export function generationTargetFromSearchParams(params: URLSearchParams) {
	const contactIds = params.get('contactIds')
	const tags = params.get('tags')
	return {
		campaignId: params.get('campaignId') || undefined,
		contactIds:
			contactIds === 'all'
				? ('all' as const)
				: contactIds
					? contactIds
							.split(',')
							.map((id) => id.trim())
							.filter(Boolean)
					: undefined,
		search: params.get('search') || undefined,
		tags: tags ? tags.split(',').filter(Boolean) : [],
		campaign: params.get('campaign') || undefined,
		list: params.get('list') || undefined,
		exclude_ids: (params.get('exclude_ids') ?? '').split(',').filter(Boolean),
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
