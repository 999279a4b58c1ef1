import { z } from 'zod'

// The contract between the server, which decides which LinkedIn action is due and claims it, and
// an executor that carries it out with the user's LinkedIn session: the Chrome companion (from
// the user's own browser) or the server-side client (app/integrations/linkedin/). Both take a
// claim, act, and report the result with the claim's token (decision 029). Isomorphic: the
// extension bundles this file.

export const LINKEDIN_ACTION_KINDS = ['CONNECT', 'MESSAGE', 'CHECK_ACCEPTANCE', 'SYNC_CONVERSATION'] as const
export type LinkedInActionKind = (typeof LINKEDIN_ACTION_KINDS)[number]

/** Why a claim returned no action; the executor asks again after `retryAfterSeconds`. */
export const NO_ACTION_REASONS = [
	'NOTHING_DUE',
	'PACED',
	'OUTSIDE_ACTIVE_HOURS',
	'PAUSED',
	'BACKING_OFF',
	'LIMIT_REACHED',
	'BUSY',
	'NOT_CONNECTED',
] as const
export type NoActionReason = (typeof NO_ACTION_REASONS)[number]

/** One claimed action, as an executor receives it. */
export type LinkedInActionClaim = {
	id: string
	claimToken: string
	kind: LinkedInActionKind
	/** 1 for a first try; more when an earlier claim's executor vanished (check before re-sending). */
	attempt: number
	/** ISO time: report before it, or the claim is released and may be given to another executor. */
	leaseUntil: string
	/** The person: their public identifier (/in/{username}) and profile URL. */
	profile: { username: string | null; url: string | null }
	/** CONNECT: the request's note, or null (none written, or over the monthly note limit). */
	note: string | null
	/** MESSAGE: the text to send. */
	message: string | null
	/** MESSAGE and SYNC_CONVERSATION: the conversation with the person, once known. */
	conversationId: string | null
	/** SYNC_CONVERSATION: messages from the person after this ISO time are replies. MESSAGE retry:
	 * a message with this text sent after it means the earlier attempt went. */
	since: string | null
}

export type LinkedInClaimResponse =
	{ action: LinkedInActionClaim } | { action: null; reason: NoActionReason; retryAfterSeconds: number }

/** What went wrong, as the executor classifies LinkedIn's answer. */
export const LINKEDIN_ACTION_ERRORS = [
	/** 401, or the session cookies are gone: the account pauses until the user reconnects. */
	'SESSION_EXPIRED',
	/** A redirect to a login or checkpoint (captcha) page: the account pauses. */
	'CHECKPOINT',
	/** 429 or LinkedIn's 999: the account backs off, the action goes back to the queue. */
	'RATE_LIMITED',
	/** The profile does not exist (any more): the step fails. */
	'PROFILE_NOT_FOUND',
	/** A network failure or a 5xx: the action goes back to the queue. */
	'NETWORK',
	'UNKNOWN',
] as const
export type LinkedInActionError = (typeof LINKEDIN_ACTION_ERRORS)[number]

const text = (max: number) => z.string().max(max)

export const LinkedInReplySchema = z.object({
	/** LinkedIn's id of the message: one record per message. */
	id: text(500).min(1),
	text: text(20_000),
	date: z.iso.datetime({ offset: true }),
})
export type LinkedInReply = z.infer<typeof LinkedInReplySchema>

export const LinkedInActionResultSchema = z.discriminatedUnion('outcome', [
	/** CONNECT or MESSAGE went (for CONNECT, LinkedIn's CANT_RESEND_YET counts: it went before). */
	z.object({
		outcome: z.literal('SENT'),
		conversationId: text(500).nullish(),
		/** CONNECT: whether the note went with it. */
		withNote: z.boolean().optional(),
	}),
	/** CONNECT: the person is already a connection, so no request is sent. */
	z.object({ outcome: z.literal('ALREADY_CONNECTED') }),
	/** CHECK_ACCEPTANCE: the request was accepted / is still pending. */
	z.object({ outcome: z.literal('ACCEPTED') }),
	z.object({ outcome: z.literal('PENDING') }),
	/** SYNC_CONVERSATION: the person's messages since `since`, oldest first (none: NO_REPLY). */
	z.object({
		outcome: z.literal('REPLIED'),
		conversationId: text(500).nullish(),
		replies: z.array(LinkedInReplySchema).min(1).max(100),
	}),
	z.object({ outcome: z.literal('NO_REPLY'), conversationId: text(500).nullish() }),
	z.object({
		outcome: z.literal('ERROR'),
		error: z.enum(LINKEDIN_ACTION_ERRORS),
		message: text(1_000).optional(),
		/** LinkedIn's HTTP status, when there was one. */
		status: z.number().int().optional(),
	}),
])
export type LinkedInActionResult = z.infer<typeof LinkedInActionResultSchema>

/** POST /api/v1/linkedin/companion/actions/:actionId/report */
export const LinkedInActionReportSchema = z.object({
	claimToken: text(200).min(1, { error: 'claimToken is required' }),
	result: LinkedInActionResultSchema,
})
export type LinkedInActionReport = z.infer<typeof LinkedInActionReportSchema>

/** The report's answer: `accepted` false when the claim was no longer this executor's. */
export type LinkedInReportResponse = { accepted: boolean; stepStatus: string | null }
