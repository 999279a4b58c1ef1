import { z } from 'zod'
import { DaysAfterSchema, SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'

// The sequence drawer's intents (POST /sequences/:sequenceId): one intent per form, as its
// fetchers and plain forms post them, and the assistant's modified steps (apply-modification).

export const StepKindSchema = z.enum(['email', 'linkedin'])
export const StepIdSchema = z.string().trim().min(1, { error: SEQUENCE_MESSAGES.stepNotFound })
const Confirmed = z.literal('true').optional()

export const IntentSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('activate') }),
	z.object({ intent: z.literal('pause') }),
	z.object({ intent: z.literal('cancel') }),
	z.object({ intent: z.literal('delete'), confirmed: Confirmed }),
	// Stops the assistant writing a CREATING sequence: the sequence and its job go.
	z.object({ intent: z.literal('cancel-generation') }),
	z.object({ intent: z.literal('add-step'), kind: StepKindSchema, daysAfter: DaysAfterSchema.optional() }),
	z.object({
		intent: z.literal('delete-step'),
		kind: StepKindSchema,
		stepId: StepIdSchema,
		confirmed: Confirmed,
	}),
	z.object({
		intent: z.literal('update-step-timing'),
		kind: StepKindSchema,
		stepId: StepIdSchema,
		daysAfter: DaysAfterSchema,
	}),
	z.object({
		intent: z.literal('update-step-subject'),
		stepId: StepIdSchema,
		subject: z.string().trim().min(1, { error: SEQUENCE_MESSAGES.subjectRequired }).max(255),
	}),
	z.object({
		intent: z.literal('update-step-body'),
		stepId: StepIdSchema,
		// The editor posts its JSON; without JavaScript the plain-text textarea posts `body`.
		proseMirrorJson: z.string().optional(),
		body: z.string().max(100_000).optional(),
	}),
	z.object({ intent: z.literal('update-linkedin-note'), stepId: StepIdSchema, requestNote: z.string() }),
	z.object({
		intent: z.literal('update-linkedin-message'),
		stepId: StepIdSchema,
		message: z.string().max(8_000),
	}),
	z.object({ intent: z.literal('reply'), body: z.string() }),
	z.object({ intent: z.literal('apply-modification'), steps: z.string() }),
])
export type Intent = z.infer<typeof IntentSchema>

export const ModifiedStepsSchema = z.array(
	z.object({
		subject: z.string().trim().max(255).optional(),
		body: z.string().max(100_000).optional(),
		daysAfter: DaysAfterSchema.optional(),
	}),
)
