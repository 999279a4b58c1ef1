import { z } from 'zod'

export const CONVERSATION_MESSAGES = {
	replyEmpty: 'Reply cannot be empty',
	replyTooLong: 'Reply must be at most 50,000 characters',
	sequenceRequired: 'Sequence ID is required',
} as const

export const REPLY_MAX_LENGTH = 50_000

/** `POST /sequences/reply`: the reply text (visible characters required) and its sequence. */
export const ReplySchema = z.object({
	sequenceId: z
		.string({ error: CONVERSATION_MESSAGES.sequenceRequired })
		.trim()
		.min(1, { error: CONVERSATION_MESSAGES.sequenceRequired }),
	body: z
		.string({ error: CONVERSATION_MESSAGES.replyEmpty })
		.refine((body) => body.replace(/[\s\u200B-\u200D\uFEFF]/g, '') !== '', {
			error: CONVERSATION_MESSAGES.replyEmpty,
		})
		.refine((body) => body.trim().length <= REPLY_MAX_LENGTH, { error: CONVERSATION_MESSAGES.replyTooLong }),
})
