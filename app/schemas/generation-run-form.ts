import { z } from 'zod'
import { type ContactFilter } from './contact-filter.ts'
import { StartGenerationRunBodySchema } from './assistant.ts'

/** The form's fields as posted (also its constraints: getZodConstraint cannot read a transform). */
export const GenerationRunFormFieldsSchema = z.object({
	campaignId: z.string().optional(),
	contactIds: z.string().optional(),
	search: z.string().optional(),
	tags: z.string().optional(),
	campaign: z.string().optional(),
	list: z.string().optional(),
	exclude_ids: z.string().optional(),
	emailAddressId: z.string().optional(),
	prompt: z.string().optional(),
	orgPrompt: z.boolean().default(false),
	linkedin: z.boolean().default(false),
	phoneCall: z.boolean().default(false),
})

/**
 * The Generate Sequences form (dialog and page, with or without JavaScript) as Conform reads it
 * (`parseWithZod`), checked as the body of `POST /api/v1/sequence-generations`: the target travels
 * in hidden fields named as in the page's query (read by generationTargetFromSearchParams), an
 * unchecked checkbox is absent (off).
 */
export const GenerationRunFormSchema = GenerationRunFormFieldsSchema.transform((form, context) => {
	const target = new URLSearchParams()
	for (const name of GENERATION_TARGET_FIELDS) {
		const value = form[name]
		if (value !== undefined) target.set(name, value)
	}
	const result = StartGenerationRunBodySchema.safeParse({
		...generationTargetFromSearchParams(target),
		emailAddressId: form.emailAddressId ?? '',
		prompt: form.prompt ?? '',
		orgPrompt: form.orgPrompt,
		linkedin: form.linkedin,
		phoneCall: form.phoneCall,
	})
	if (result.success) return result.data
	for (const issue of result.error.issues)
		context.addIssue({ code: 'custom', message: issue.message, path: issue.path.slice(0, 1) })
	return z.NEVER
})

/** The form's hidden fields that name the run's contacts (the page's query). */
export const GENERATION_TARGET_FIELDS = [
	'campaignId',
	'contactIds',
	'search',
	'tags',
	'campaign',
	'list',
	'exclude_ids',
] as const

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
