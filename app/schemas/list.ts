import { z } from 'zod'
import { ContactBulkFilterSchema, ContactSelectionSchema } from './contact-filter.ts'

// Lists: the Create List form (page and dialog) and the JSON API share these, so both
// give the spec's messages.

export const LIST_NAME_MAX_LENGTH = 200
export const LIST_DESCRIPTION_MAX_LENGTH = 2_000

export const LIST_NAME_REQUIRED = 'List name is required'
export const LIST_CREATE_FORBIDDEN = 'Only administrators can create lists'
export const LIST_ADD_FORBIDDEN = 'Only administrators can add contacts to lists'
export const LIST_CREATED = 'List created successfully!'
export const LIST_CREATE_FAILED = 'Failed to create list. Please try again.'

export function contactsAddedToListMessage(count: number) {
	return `${count} contacts added to list`
}

export const CreateListSchema = z.object({
	name: z
		.string({ error: LIST_NAME_REQUIRED })
		.trim()
		.min(1, { error: LIST_NAME_REQUIRED })
		.max(LIST_NAME_MAX_LENGTH, { error: `List name must be at most ${LIST_NAME_MAX_LENGTH} characters` }),
	// Optional and trimmed; empty is stored as null.
	description: z
		.string({ error: 'Description must be text' })
		.trim()
		.max(LIST_DESCRIPTION_MAX_LENGTH, {
			error: `Description must be at most ${LIST_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`,
		})
		.nullish()
		.transform((value) => value || null),
})
export type CreateListInput = z.output<typeof CreateListSchema>

/** POST /lists/:listId/contacts: `contactIds` (ids or 'all') with the filter the user saw. */
export const AddContactsToListSchema = ContactBulkFilterSchema.extend({
	contactIds: ContactSelectionSchema,
})
