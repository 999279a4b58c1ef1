import { z } from 'zod'

// What a reply means for the sequence that received it (issue 17). The model's structured output,
// the offline classifier and a user's correction all speak this shape.

export const REPLY_INTENTS = [
	'INTERESTED',
	'NOT_NOW',
	'REFERRAL',
	'OUT_OF_OFFICE',
	'UNSUBSCRIBE',
	'BOUNCE',
	'AUTO_REPLY',
	'NEGATIVE',
] as const

export type ReplyIntent = (typeof REPLY_INTENTS)[number]

export const REPLY_INTENT_LABELS: Record<ReplyIntent, string> = {
	INTERESTED: 'Interested',
	NOT_NOW: 'Not now',
	REFERRAL: 'Referral',
	OUT_OF_OFFICE: 'Out of office',
	UNSUBSCRIBE: 'Unsubscribe request',
	BOUNCE: 'Bounce',
	AUTO_REPLY: 'Auto-reply',
	NEGATIVE: 'Not interested',
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** What the model answers (structured output) and what the classifier returns, dates as YYYY-MM-DD. */
export const ReplyIntentAnswerSchema = z.object({
	intent: z.enum(REPLY_INTENTS),
	/** One sentence in plain words: what in the reply gave it away. */
	reason: z.string().trim().min(1).max(300),
	/** The return day (out of office) or the day to resume (not now), when the reply gives one. */
	date: z.string().regex(ISO_DAY).nullable(),
	/** The person the reply points to (referral). */
	referral: z
		.object({ name: z.string().trim().max(120).nullable(), email: z.string().trim().max(254).nullable() })
		.nullable(),
})

export type ReplyIntentAnswer = z.infer<typeof ReplyIntentAnswerSchema>

/** What the drawer and the API show of a reply's intent. */
export type ReplyIntentView = {
	intent: ReplyIntent
	/** Why, and what the product did. */
	reason: string | null
	date: string | null
	referral: { name: string | null; email: string | null } | null
	/** rules | model | user */
	source: string | null
}
