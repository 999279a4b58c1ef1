import { z } from 'zod'
import {
	CREATE_DIALOG_STEP_GAP_DAYS,
	type CreateSequenceInput,
	DaysAfterSchema,
	EMAIL_BODY_MAX,
	SEQUENCE_MESSAGES,
	STEPS_MAX,
	SUBJECT_MAX,
} from '#app/schemas/sequence.ts'
import { EditorStateSchema } from '#app/utils/editor-json/editor-state.ts'
import { emailBodyFrom } from '#app/utils/editor-json/email-body.ts'
import { editorJsonToText } from '#app/utils/editor-json/to-text.ts'

// The Create Email Sequence form (dialog and /contacts/:id/sequences/new): one sender for all
// steps, the subject once (later steps are replies with the same subject), and the dialog's
// timing rule: the first step from day 0, every later one at least a day after the previous.
// Its value becomes the shared CreateSequenceSchema input (POST /sequences) in toCreateSequenceInput.

/** The smallest days-after of step `index` given every step's days-after. */
export function minDaysAfter(days: readonly number[], index: number) {
	return index === 0 ? 0 : (days[index - 1] ?? 0) + 1
}

/** Days-after of a step added at the end: 3 days after the last step (0 for the first). */
export function nextStepDaysAfter(days: readonly number[]) {
	return days.length === 0 ? 0 : days[days.length - 1]! + CREATE_DIALOG_STEP_GAP_DAYS
}

/** Raises each step to its minimum, in order, so a change to one step carries to the later ones. */
export function raiseToMinimums(days: readonly number[]) {
	const raised: number[] = []
	days.forEach((value, index) => raised.push(Math.max(value, minDaysAfter(raised, index))))
	return raised
}

export function daysAfterMinMessage(min: number) {
	return `Must be at least ${min} ${min === 1 ? 'day' : 'days'}`
}

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message })

const StepFormSchema = z.object({
	daysAfter: DaysAfterSchema,
	/** The editor's JSON (with JavaScript). */
	proseMirrorJson: EditorStateSchema.optional(),
	/** The editor's HTML, or the plain text typed without JavaScript. */
	body: z
		.string()
		.max(EMAIL_BODY_MAX, {
			error: `Email body must be at most ${EMAIL_BODY_MAX.toLocaleString('en-US')} characters`,
		})
		.optional(),
})

function visibleText(step: z.output<typeof StepFormSchema>) {
	if (step.proseMirrorJson) return editorJsonToText(step.proseMirrorJson).trim()
	return step.body ? emailBodyFrom({ body: step.body }).bodyText.trim() : ''
}

// The checks sit on the steps (not the whole form) so they are reported even while the
// subject or sender is still missing.
const StepsFormSchema = z
	.array(
		StepFormSchema.superRefine((step, context) => {
			if (!visibleText(step)) {
				context.addIssue({ code: 'custom', path: ['body'], message: SEQUENCE_MESSAGES.bodyRequired })
			}
		}),
	)
	.min(1, { error: SEQUENCE_MESSAGES.stepsRequired })
	.max(STEPS_MAX, { error: `At most ${STEPS_MAX} email steps` })
	.superRefine((steps, context) => {
		const days = steps.map((step) => step.daysAfter)
		days.forEach((value, index) => {
			const min = minDaysAfter(days, index)
			// Below 0 is DaysAfterSchema's message already.
			if (min > 0 && value < min) {
				context.addIssue({ code: 'custom', path: [index, 'daysAfter'], message: daysAfterMinMessage(min) })
			}
		})
	})

export const CreateSequenceFormSchema = z.object({
	contactId: requiredText(SEQUENCE_MESSAGES.contactRequired),
	subject: requiredText(SEQUENCE_MESSAGES.subjectRequired).pipe(
		z.string().max(SUBJECT_MAX, { error: `Subject must be at most ${SUBJECT_MAX} characters` }),
	),
	emailAddressId: requiredText(SEQUENCE_MESSAGES.senderRequired),
	shouldStartImmediately: z.boolean().default(false),
	steps: StepsFormSchema,
})
export type CreateSequenceFormData = z.output<typeof CreateSequenceFormSchema>

/** The form as POST /sequences takes it: a PENDING draft, every step from the chosen sender. */
export function toCreateSequenceInput(form: CreateSequenceFormData): CreateSequenceInput {
	return {
		status: 'PENDING',
		contactId: form.contactId,
		subject: form.subject,
		shouldStartImmediately: form.shouldStartImmediately,
		steps: form.steps.map((step) => ({
			body: step.body,
			proseMirrorJson: step.proseMirrorJson,
			daysAfter: step.daysAfter,
			status: 'PENDING' as const,
			emailAddressId: form.emailAddressId,
		})),
		linkedInSteps: [],
	}
}
