import { z } from 'zod'
import { ContactBulkFilterSchema, ContactSelectionSchema } from '#app/schemas/contact-filter.ts'

// Tags: one schema for the JSON API, the no-JS page and the client-side bar, so they all say
// the same thing. The spec: "Tags: names trimmed and non-empty."

export const TAG_NAME_MAX_LENGTH = 100
/** The spec's page sizes: Add-tags dialog 15, pickers 20, drawer filter 50; API take up to 1000. */
export const TAG_DIALOG_PAGE_SIZE = 15
export const TAG_PICKER_PAGE_SIZE = 20
export const TAG_FILTER_PAGE_SIZE = 50
export const TAG_TAKE_MAX = 1000

export const TAG_NAME_REQUIRED = 'Tag name is required'

export const TagNameSchema = z
	.string({ error: TAG_NAME_REQUIRED })
	.trim()
	.min(1, { error: TAG_NAME_REQUIRED })
	.max(TAG_NAME_MAX_LENGTH, { error: `Tag name must be at most ${TAG_NAME_MAX_LENGTH} characters` })

export const CreateTagSchema = z.object({ name: TagNameSchema })

function intParam(label: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
	return z
		.string()
		.optional()
		.transform((value, context) => {
			if (value === undefined || value.trim() === '') return fallback
			const number = Number(value)
			if (!Number.isInteger(number) || number < min || number > max) {
				context.addIssue({
					code: 'custom',
					message: `${label} must be a whole number between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`,
				})
				return z.NEVER
			}
			return number
		})
}

export const TAG_FIELDS = ['id', 'name', 'contactCount'] as const
export type TagField = (typeof TAG_FIELDS)[number]

/** GET /api/v1/tags query: take (15 by default), skip, search, select=id,name. */
export const TagListQuerySchema = z.object({
	take: intParam('take', { min: 1, max: TAG_TAKE_MAX, fallback: TAG_DIALOG_PAGE_SIZE }),
	skip: intParam('skip', { min: 0, max: 100_000_000, fallback: 0 }),
	search: z
		.string()
		.trim()
		.max(200, { error: 'search must be at most 200 characters' })
		.optional()
		.transform((value) => value || undefined),
	select: z
		.string()
		.optional()
		.transform((value, context) => {
			if (!value) return undefined
			const fields = [
				...new Set(
					value
						.split(',')
						.map((field) => field.trim())
						.filter(Boolean),
				),
			]
			const unknown = fields.find((field) => !TAG_FIELDS.includes(field as TagField))
			if (unknown) {
				context.addIssue({ code: 'custom', message: `select may only name ${TAG_FIELDS.join(', ')}` })
				return z.NEVER
			}
			return fields as TagField[]
		}),
})

/** The query object of a URLSearchParams, for TagListQuerySchema. */
export function tagListQueryFromSearchParams(params: URLSearchParams) {
	return {
		take: params.get('take') ?? undefined,
		skip: params.get('skip') ?? undefined,
		search: params.get('search') ?? undefined,
		select: params.get('select') ?? undefined,
	}
}

/** POST /api/v1/tags/:tagId/contacts: `contact_ids` (ids or "all") plus the filter the user saw. */
export const AddContactsToTagSchema = ContactBulkFilterSchema.extend({
	contact_ids: ContactSelectionSchema,
})
export type AddContactsToTagBody = z.output<typeof AddContactsToTagSchema>

/** POST /api/v1/contacts/:id/tag. */
export const AddTagsToContactSchema = z.object({
	tagIds: z
		.array(z.string({ error: 'Tag ids must be text' }).min(1), { error: 'tagIds must be a list of tag ids' })
		.max(1000, { error: 'At most 1,000 tags at once' }),
})

/** POST /resources/tags/coverage: which of these tags already hold every selected contact. */
export const TagCoverageSchema = AddContactsToTagSchema.extend({
	tagIds: z.array(z.string().min(1)).max(TAG_TAKE_MAX),
})
