import { z } from 'zod'
import { EditorStateSchema } from '#app/utils/editor-json/editor-state.ts'

// Sequences and their steps: the manual Create Email Sequence dialog (also POST /api/v1/sequences),
// the drawer's step edits (PUT/POST/DELETE under /api/v1/sequences/:id and /api/v1/steps/:stepId)
// and status changes. Messages are the spec's ("Sequence editing" in outreach-sequences.md §5).

export const SEQUENCE_STATUSES = [
	'CREATING',
	'PENDING',
	'ACTIVE',
	'PAUSED',
	'COMPLETED',
	'CANCELLED',
	'FAILED',
] as const
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number]
export const TERMINAL_SEQUENCE_STATUSES = ['COMPLETED', 'CANCELLED', 'FAILED'] as const

export const REQUEST_NOTE_MAX = 200
export const CREATE_DIALOG_STEP_GAP_DAYS = 3
export const DAYS_AFTER_MAX = 365
export const SUBJECT_MAX = 255
export const EMAIL_BODY_MAX = 100_000
export const LINKEDIN_MESSAGE_MAX = 8_000
export const TALKING_POINTS_MAX = 5_000
export const STEPS_MAX = 20

export const SEQUENCE_MESSAGES = {
	requestNoteTooLong: 'Request note must be less than 200 characters',
	characterLimitExceeded: 'Character limit exceeded',
	senderRequired: 'Please select a sender email',
	contactRequired: 'Please select a contact',
	subjectRequired: 'Subject is required',
	bodyRequired: 'Email body is required',
	stepsRequired: 'Add at least one step',
	daysAfterInteger: 'Days after must be a whole number',
	daysAfterMin: 'Days after cannot be negative',
	daysAfterMax: `Days after must be at most ${DAYS_AFTER_MAX}`,
	oneField: 'Send exactly one field to update',
	statusInvalid: 'Status must be ACTIVE, PAUSED or CANCELLED',
	sequenceNotFound: 'Sequence not found',
	stepNotFound: 'Step not found',
	contactNotFound: 'Contact not found',
} as const

function tooLong(label: string, max: number) {
	return { error: `${label} must be at most ${max.toLocaleString('en-US')} characters` }
}

/** Days after the previous step: a whole number, never below 0 (numeric strings from forms too). */
export const DaysAfterSchema = z.preprocess(
	(value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
	z
		.number({ error: SEQUENCE_MESSAGES.daysAfterInteger })
		.int({ error: SEQUENCE_MESSAGES.daysAfterInteger })
		.min(0, { error: SEQUENCE_MESSAGES.daysAfterMin })
		.max(DAYS_AFTER_MAX, { error: SEQUENCE_MESSAGES.daysAfterMax }),
)

const SubjectSchema = z
	.string({ error: SEQUENCE_MESSAGES.subjectRequired })
	.trim()
	.min(1, { error: SEQUENCE_MESSAGES.subjectRequired })
	.max(SUBJECT_MAX, tooLong('Subject', SUBJECT_MAX))

/** An email body as HTML or plain text (the editor JSON travels as `proseMirrorJson`). */
const BodySchema = z
	.string({ error: 'Email body must be text' })
	.max(EMAIL_BODY_MAX, tooLong('Email body', EMAIL_BODY_MAX))

const IdSchema = (message: string) => z.string({ error: message }).trim().min(1, { error: message })

/** What a LinkedIn step may carry; the note is what goes with the connection request. */
export const RequestNoteSchema = z
	.string({ error: 'Request note must be text' })
	.max(REQUEST_NOTE_MAX, { error: SEQUENCE_MESSAGES.requestNoteTooLong })
const LinkedInMessageSchema = z
	.string({ error: 'Message must be text' })
	.max(LINKEDIN_MESSAGE_MAX, tooLong('Message', LINKEDIN_MESSAGE_MAX))

const NewStepStatusSchema = z.enum(['PENDING', 'DRAFT'], { error: 'A new step must be PENDING or DRAFT' })

export const CreateEmailStepInputSchema = z
	.object({
		body: BodySchema.optional(),
		proseMirrorJson: EditorStateSchema.optional(),
		daysAfter: DaysAfterSchema,
		status: NewStepStatusSchema.default('PENDING'),
		emailAddressId: IdSchema(SEQUENCE_MESSAGES.senderRequired),
		subject: z.string().trim().max(SUBJECT_MAX, tooLong('Subject', SUBJECT_MAX)).optional(),
	})
	.refine((step) => step.proseMirrorJson !== undefined || Boolean(step.body?.trim()), {
		error: SEQUENCE_MESSAGES.bodyRequired,
		path: ['body'],
	})

export const CreateLinkedInStepInputSchema = z.object({
	username: z.string().trim().max(200).nullish(),
	linkedinUrl: z.string().trim().max(500).nullish(),
	daysAfter: DaysAfterSchema,
	requestNote: RequestNoteSchema.nullish(),
	message: LinkedInMessageSchema.nullish(),
	status: NewStepStatusSchema.default('PENDING'),
})

/**
 * POST /sequences. The subject is the sequence's and the first step's; later steps are
 * replies in the same thread and carry the same subject. A sequence is created as a draft.
 */
export const CreateSequenceSchema = z
	.object({
		status: z.literal('PENDING', { error: 'A new sequence starts as PENDING' }).default('PENDING'),
		contactId: IdSchema(SEQUENCE_MESSAGES.contactRequired),
		subject: z.string().trim().max(SUBJECT_MAX, tooLong('Subject', SUBJECT_MAX)).optional(),
		shouldStartImmediately: z
			.boolean({ error: 'shouldStartImmediately must be true or false' })
			.default(false),
		/** With shouldStartImmediately: start despite the pre-flight check's problems (recorded). */
		acknowledgeProblems: z.boolean({ error: 'acknowledgeProblems must be true or false' }).optional(),
		steps: z
			.array(CreateEmailStepInputSchema)
			.max(STEPS_MAX, { error: `At most ${STEPS_MAX} email steps` })
			.default([]),
		linkedInSteps: z
			.array(CreateLinkedInStepInputSchema)
			.max(STEPS_MAX, { error: `At most ${STEPS_MAX} LinkedIn steps` })
			.default([]),
	})
	.refine((input) => input.steps.length + input.linkedInSteps.length > 0, {
		error: SEQUENCE_MESSAGES.stepsRequired,
		path: ['steps'],
	})
	.refine((input) => input.steps.length === 0 || Boolean(input.subject || input.steps[0]?.subject), {
		error: SEQUENCE_MESSAGES.subjectRequired,
		path: ['subject'],
	})
export type CreateSequenceInput = z.input<typeof CreateSequenceSchema>
export type CreateSequenceData = z.output<typeof CreateSequenceSchema>

/** POST /sequences/:id/steps. Without daysAfter the step comes a day after the last one. */
export const AddEmailStepSchema = z.object({
	daysAfter: DaysAfterSchema.optional(),
	subject: z.string().trim().max(SUBJECT_MAX, tooLong('Subject', SUBJECT_MAX)).optional(),
	body: BodySchema.optional(),
	proseMirrorJson: EditorStateSchema.optional(),
})
export type AddEmailStepInput = z.output<typeof AddEmailStepSchema>

/** One field per request, as the drawer sends it; updateAllSteps goes with subject. */
function oneOf<Shape extends z.ZodRawShape>(shape: Shape, fields: Array<keyof Shape & string>) {
	return z
		.object(shape)
		.refine(
			(input) => fields.filter((field) => input[field as keyof typeof input] !== undefined).length === 1,
			{
				error: SEQUENCE_MESSAGES.oneField,
			},
		)
}

/** PUT /sequences/:id/steps/:stepId and PUT /steps/:stepId. */
export const UpdateEmailStepSchema = oneOf(
	{
		subject: SubjectSchema.optional(),
		body: BodySchema.optional(),
		proseMirrorJson: EditorStateSchema.optional(),
		daysAfter: DaysAfterSchema.optional(),
		updateAllSteps: z.boolean({ error: 'updateAllSteps must be true or false' }).optional(),
	},
	['subject', 'body', 'proseMirrorJson', 'daysAfter'],
)
export type UpdateEmailStepInput = z.output<typeof UpdateEmailStepSchema>

/** POST /sequences/:id/linkedin-steps. `sequenceId` in the body is the path's and is ignored. */
export const AddLinkedInStepSchema = z.object({
	username: z.string().trim().max(200).nullish(),
	linkedinUrl: z.string().trim().max(500).nullish(),
	daysAfter: DaysAfterSchema.optional(),
	requestNote: RequestNoteSchema.nullish(),
	message: LinkedInMessageSchema.nullish(),
	sequenceId: z.string().optional(),
})
export type AddLinkedInStepInput = z.output<typeof AddLinkedInStepSchema>

/** PUT /sequences/:id/linkedin-steps/:stepId: daysAfter, or requestNote with message, or message. */
export const UpdateLinkedInStepSchema = z
	.object({
		daysAfter: DaysAfterSchema.optional(),
		requestNote: RequestNoteSchema.nullish(),
		message: LinkedInMessageSchema.nullish(),
	})
	.refine(
		(input) =>
			input.daysAfter !== undefined
				? input.requestNote === undefined && input.message === undefined
				: input.requestNote !== undefined || input.message !== undefined,
		{ error: SEQUENCE_MESSAGES.oneField },
	)
export type UpdateLinkedInStepInput = z.output<typeof UpdateLinkedInStepSchema>

/** PUT /sequences/:id/phone-call-steps/:stepId. */
export const UpdatePhoneCallStepSchema = z
	.object({
		daysAfter: DaysAfterSchema.optional(),
		talkingPoints: z
			.string()
			.max(TALKING_POINTS_MAX, tooLong('Talking points', TALKING_POINTS_MAX))
			.optional(),
	})
	.refine((input) => input.daysAfter !== undefined || input.talkingPoints !== undefined, {
		error: SEQUENCE_MESSAGES.oneField,
	})
export type UpdatePhoneCallStepInput = z.output<typeof UpdatePhoneCallStepSchema>

/** PUT /sequences/:id. */
export const UpdateSequenceStatusSchema = z.object({
	status: z.enum(['ACTIVE', 'PAUSED', 'CANCELLED'], { error: SEQUENCE_MESSAGES.statusInvalid }),
	/** Activating a draft despite its pre-flight problems (decision 051): recorded. */
	acknowledgeProblems: z.boolean({ error: 'acknowledgeProblems must be true or false' }).optional(),
})

/** GET /sequences (the Sequences page) filter. */
export const SequenceListFilterSchema = z.object({
	status: z.enum(SEQUENCE_STATUSES).optional().catch(undefined),
	page: z.coerce.number().int().min(1).catch(1).default(1),
})
