import { z } from 'zod'
import { ContactBulkFilterSchema, ContactSelectionSchema } from './contact-filter.ts'

export const ASSISTANT_MESSAGES = {
	instructionRequired: 'Please enter an instruction for the assistant',
	stepsRequired: 'There are no steps to modify',
	contactNotFound: 'Contact not found',
	senderRequired: 'Please select a sender email',
} as const

/** `POST /api/sequences/background` (the spec's sequence generation request). */
export const GenerateSequenceBodySchema = z.object({
	prompt: z.string().trim().max(4_000).default(''),
	contactId: z.string().min(1, { error: ASSISTANT_MESSAGES.contactNotFound }),
	emailAddressId: z
		.string({ error: ASSISTANT_MESSAGES.senderRequired })
		.min(1, { error: ASSISTANT_MESSAGES.senderRequired }),
	orgPrompt: z.boolean().default(true),
	linkedin: z.boolean().default(false),
	phoneCall: z.boolean().default(false),
})

/** `POST /api/sequences/modify` as the drawer and the Create dialog send it (the spec's body). */
export const ModifySequenceBodySchema = z.object({
	prompt: z.string().trim().min(1, { error: ASSISTANT_MESSAGES.instructionRequired }).max(4_000),
	contact: z.object({ id: z.string().min(1, { error: ASSISTANT_MESSAGES.contactNotFound }) }),
	existingSequence: z
		.array(
			z.object({
				id: z.string().optional(),
				subject: z.string().max(1_000).default(''),
				body: z.string().max(100_000).default(''),
				daysAfter: z.coerce.number().int().min(0).default(0),
			}),
		)
		.min(1, { error: ASSISTANT_MESSAGES.stepsRequired })
		.max(20),
	// The client also sends its copy of the organization's settings; the server reads its own.
	organization: z.unknown().optional(),
	linkedinSteps: z.array(z.unknown()).optional(),
})

/** The options every generation takes: the Generate Sequence panel's and the Generate Sequences dialog's. */
const GenerationOptionsSchema = GenerateSequenceBodySchema.pick({
	prompt: true,
	emailAddressId: true,
	orgPrompt: true,
	linkedin: true,
	phoneCall: true,
})

/**
 * `POST /api/v1/sequence-generations` (the Generate Sequences dialog): a campaign's contacts
 * (`campaignId`), or `contactIds` (ids, or 'all' with the filter the user saw minus `exclude_ids`).
 */
export const StartGenerationRunBodySchema = GenerationOptionsSchema.extend(ContactBulkFilterSchema.shape)
	.extend({
		campaignId: z.string().min(1).optional(),
		contactIds: ContactSelectionSchema.optional(),
	})
	.refine((body) => Boolean(body.campaignId) !== (body.contactIds !== undefined), {
		error: 'Select at least one contact',
		path: ['contactIds'],
	})

/** The page of a run's sequences asked for (`?page=`): 1 when absent or not a positive number. */
export function generationRunPage(params: URLSearchParams) {
	return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
}
