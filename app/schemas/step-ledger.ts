import { z } from 'zod'

// The step ledger (decision 050): what the scheduler decided about a step, when and why. The API,
// the drawer and the formatter share these shapes.

export const STEP_DECISIONS = [
	'SCHEDULED',
	'DEFERRED',
	'SKIPPED',
	'STOPPED',
	'SENDING',
	'SENT',
	'ACCEPTED',
	'REPLIED',
	'DONE',
	'FAILED',
	'RETRYING',
	'CANCELED',
] as const
export type StepDecision = (typeof STEP_DECISIONS)[number]

export const STEP_CHANNELS = ['EMAIL', 'LINKEDIN', 'CALL'] as const
export type StepChannel = (typeof STEP_CHANNELS)[number]

/** What a decision may carry besides its reason code; every field optional. */
export const StepLedgerDetailSchema = z
	.object({
		/** ISO time the step is planned for (scheduled, deferred, retrying). */
		until: z.string(),
		/** The zone the time was decided in (the contact's, else the organization's). */
		timeZone: z.string(),
		/** The mailbox's daily cap that deferred it. */
		cap: z.number(),
		/** GMAIL, SMTP or OUTBOX. */
		transport: z.string(),
		messageId: z.string(),
		providerMessageId: z.string(),
		/** The reply's intent (decision 048) for a stop or a reply. */
		intent: z.string(),
		attempt: z.number(),
		/** The words behind it: the error, the failure, the cancellation. */
		message: z.string(),
		outcome: z.string(),
		/** The step stayed as it was: its sequence stopped (a reply, a pause). */
		unchanged: z.boolean(),
	})
	.partial()
export type StepLedgerDetail = z.infer<typeof StepLedgerDetailSchema>

export type StepLedgerEntryView = {
	id: string
	stepId: string
	channel: StepChannel
	decision: StepDecision
	reason: string
	detail: StepLedgerDetail
	createdAt: string
	/** Entries of one transaction for one step: the drawer shows the last. */
	transactionId: string
}

export const STEP_LEDGER_PAGE_SIZE = 100

/** GET /api/v1/sequences/:id/ledger query: `?stepId=&page=&pageSize=&order=oldest|newest`. */
export const StepLedgerQuerySchema = z.object({
	order: z.enum(['oldest', 'newest']).catch('oldest').default('oldest'),
	stepId: z.string().min(1).max(100).optional().catch(undefined),
	page: z.coerce.number().int().min(1).catch(1).default(1),
	pageSize: z.coerce
		.number()
		.int()
		.min(1)
		.max(500)
		.catch(STEP_LEDGER_PAGE_SIZE)
		.default(STEP_LEDGER_PAGE_SIZE),
})
export type StepLedgerQuery = z.output<typeof StepLedgerQuerySchema>
