import { z } from 'zod'

export const FEEDBACK_MESSAGE_MAX_LENGTH = 5_000

export const FEEDBACK_TYPES = ['bug', 'feature_request', 'general_feedback'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]

/** The dialog's categories, in the spec's order; Bug Report is the default. */
export const FEEDBACK_CATEGORIES: Array<{ value: FeedbackType; label: string }> = [
	{ value: 'bug', label: 'Bug Report' },
	{ value: 'feature_request', label: 'Feature Request' },
	{ value: 'general_feedback', label: 'Feedback' },
]

export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'bug'

// Shared by the "Help us improve" form (through Conform) and POST /api/v1/science/f.
export const FeedbackSchema = z.object({
	type: z.enum(FEEDBACK_TYPES, { error: 'Please choose a category' }),
	message: z
		.string({ error: 'Message is required' })
		.trim()
		.min(1, { error: 'Message is required' })
		.max(FEEDBACK_MESSAGE_MAX_LENGTH, {
			error: `Message must be at most ${FEEDBACK_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
		}),
})
