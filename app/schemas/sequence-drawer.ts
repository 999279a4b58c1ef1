import { z } from 'zod'
import { REPLY_INTENTS, type ReplyIntentView } from './reply-intent.ts'
import { CALL_MESSAGES } from '#app/schemas/phone-call.ts'
import { DaysAfterSchema, SEQUENCE_MESSAGES, TALKING_POINTS_MAX } from '#app/schemas/sequence.ts'

// The sequence drawer's contract with its route (/sequences/:sequenceId): the intents it posts
// (one intent per form, as its fetchers and plain forms post them, and the assistant's modified
// steps for apply-modification), the data its loader sends and what its action answers.

/** Steps the drawer adds: email and LinkedIn (phone-call steps come from the assistant). */
export const StepKindSchema = z.enum(['email', 'linkedin'])
/** Steps the drawer times and deletes: every kind. */
export const AnyStepKindSchema = z.enum(['email', 'linkedin', 'phone'])
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
		kind: AnyStepKindSchema,
		stepId: StepIdSchema,
		confirmed: Confirmed,
	}),
	z.object({
		intent: z.literal('update-step-timing'),
		kind: AnyStepKindSchema,
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
	z.object({
		intent: z.literal('update-phone-talking-points'),
		stepId: StepIdSchema,
		talkingPoints: z.string().max(TALKING_POINTS_MAX, { error: CALL_MESSAGES.talkingPointsTooLong }),
	}),
	z.object({ intent: z.literal('reply'), body: z.string() }),
	// The contact answered a mailbox nobody reads (SMTP without IMAP): stop the sequence by hand.
	z.object({ intent: z.literal('mark-replied') }),
	// What a reply meant, corrected by the user (reply intent).
	z.object({
		intent: z.literal('correct-reply-intent'),
		messageId: z.string().min(1),
		replyIntent: z.enum(REPLY_INTENTS),
	}),
	// A FAILED email step tries again now (decision 013).
	z.object({ intent: z.literal('retry-step'), stepId: StepIdSchema }),
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

// ─── What the drawer shows, as its route's loader sends it (dates as ISO strings) ───

export type DrawerEmailStep = {
	id: string
	/** What the scheduler decided about it, oldest first, in plain words (the ledger, decision 050). */
	history: StepHistoryLine[]
	order: number
	subject: string
	/** The email HTML. */
	body: string
	bodyText: string
	/** The editor (Lexical) JSON, when the body was written in the editor. */
	proseMirrorJson: unknown
	daysAfter: number
	status: string
	failureReason: string | null
	/** Send attempts so far, and the last one's error while it waits to try again. */
	sendAttempts: number
	lastError: string | null
	/** FAILED and the cause of its sequence's stop, not a bounce: the drawer offers Retry. */
	retryable: boolean
	clicked: boolean
	/** When it is planned to go (ISO), while unsent. */
	plannedAt: string | null
	sentAt: string | null
	/** Why it waits, while it does. */
	hold: StepHold | null
}

/** Why an unsent email step waits (decision 014). */
export type StepHold = 'WINDOW' | 'DAILY_CAP' | 'EARLIER_STEP' | 'PAUSED'

export type DrawerLinkedInStep = {
	id: string
	/** What the scheduler decided about it, oldest first, in plain words (the ledger, decision 050). */
	history: StepHistoryLine[]
	order: number
	username: string | null
	linkedinUrl: string | null
	requestNote: string | null
	message: string | null
	daysAfter: number
	status: string
	repliedContent: string | null
	/** metadata.conversationId: the LinkedIn thread to continue in. */
	conversationId: string | null
	/** Its live state (ISO times): when it goes, went, was accepted, was answered, is checked next. */
	scheduledFor: string | null
	sentAt: string | null
	acceptedAt: string | null
	repliedAt: string | null
	nextCheckAt: string | null
	failureReason: string | null
	/** The last attempt's error while it is tried again. */
	lastError: string | null
	/** metadata.noteDropped: the request went without its note (over the monthly note limit). */
	noteDropped: boolean
	/** metadata.alreadyConnected: the person was a connection already; no request was sent. */
	alreadyConnected: boolean
}

/** One event of the drawer's timeline (app/models/sequence/sequence-timeline.server.ts), its time as ISO. */
export type DrawerTimelineEvent = {
	id: string
	kind:
		| 'EMAIL_SENT'
		| 'EMAIL_RECEIVED'
		| 'LINKEDIN_REQUEST_SENT'
		| 'LINKEDIN_ACCEPTED'
		| 'LINKEDIN_MESSAGE_SENT'
		| 'LINKEDIN_REPLY'
		| 'CALL_DONE'
	channel: 'EMAIL' | 'LINKEDIN' | 'PHONE'
	direction: 'OUT' | 'IN'
	at: string
	subject: string | null
	text: string | null
	automatic: 'AUTO_REPLY' | 'DELAY_NOTICE' | null
	noteDropped: boolean
	alreadyConnected: boolean
	outcome: 'CONNECTED' | 'NO_ANSWER' | 'VOICEMAIL' | 'WRONG_NUMBER' | null
}

/** A phone-call step (shown with the sequence:phone flag): its talking points and, once made, how it went. */
export type DrawerPhoneCallStep = {
	id: string
	/** What the scheduler decided about it, oldest first, in plain words (the ledger, decision 050). */
	history: StepHistoryLine[]
	order: number
	talkingPoints: string
	daysAfter: number
	status: string
	/** When the call is planned (ISO), while it is still to make. */
	plannedAt: string | null
	completedAt: string | null
	outcome: 'CONNECTED' | 'NO_ANSWER' | 'VOICEMAIL' | 'WRONG_NUMBER' | null
	notes: string
}

export type DrawerSequence = {
	id: string
	status: string
	subject: string
	/** Generation progress (0–100) while CREATING. */
	progress: number
	failureReason: string | null
	/** Who wrote it: null for a person, "offline" for the offline writer, else the model's name. */
	generatedBy: string | null
	fromEmail: string | null
	contact: { id: string; firstName: string; lastName: string; email: string | null; linkedin: string | null }
	emailSteps: DrawerEmailStep[]
	linkedInSteps: DrawerLinkedInStep[]
	/** Removing the last other step counts phone-call steps, shown or not. */
	phoneCallStepCount: number
	/** Shown with the sequence:phone flag only (empty without it). */
	phoneCallSteps: DrawerPhoneCallStep[]
	/** False for an SMTP mailbox without IMAP: nothing reads its replies ("Mark as replied"). */
	repliesDetected: boolean
	/** What happens to a request note over the monthly limit; null when the account has LinkedIn Premium. */
	noteLimitMessage: string | null
	/** The organization's zone (the user's until the browser says otherwise) and the contact's (else the organization's). */
	timeZones: { organization: string; contact: string }
}

export type DrawerMessage = {
	id: string
	type: string
	from: string
	date: string
	body: string
	isFromUser: boolean
	/** Written by a machine: an out-of-office (AUTO_REPLY) or a delivery-delay notice. */
	automatic: 'AUTO_REPLY' | 'DELAY_NOTICE' | null
	/** What the reply meant, why, and what the product did (reply intent); null for our own messages. */
	intent?: ReplyIntentView | null
}

/** One line of a step's history: when, and what was decided, in plain words. */
export type StepHistoryLine = { id: string; at: string; text: string }

export type DrawerData = {
	sequence: DrawerSequence
	/** The thread when an email step was replied to; else only its automatic messages (they stop nothing). */
	messages: DrawerMessage[]
	/** What was sent and received on every channel, oldest first. */
	timeline: DrawerTimelineEvent[]
	/** A platform admin's read-only view. */
	readOnly: boolean
}

/** What the drawer's route loader answers: the drawer, or null for a sequence that is not there. */
export type DrawerLoaderData = { drawer: DrawerData | null }

/** What the drawer's route action answers a fetcher with. */
export type DrawerActionResult = {
	ok: boolean
	intent: string
	/** The refusal or failure the user sees. */
	message?: string
	/** 'GoogleScopeError' when Gmail access must be granted again. */
	error?: string
	/** The sequence no longer exists (deleted, or its last email step was). */
	sequenceDeleted?: boolean
	/**
	 * A refusal's toast, shown by the fetcher that asked (an answer with an error status does
	 * not reload the page's data, so a flash-cookie toast would wait for the next navigation).
	 */
	toast?: { title: string; description?: string }
}

export function anyEmailReplied(sequence: Pick<DrawerSequence, 'emailSteps'>) {
	return sequence.emailSteps.some((step) => step.status === 'REPLIED')
}

export function repliedLinkedInStep(sequence: Pick<DrawerSequence, 'linkedInSteps'>) {
	return sequence.linkedInSteps.find((step) => step.status === 'REPLIED') ?? null
}

/** Removing the step that takes the sequence with it. */
export const DELETE_SEQUENCE_CONFIRM = {
	title: 'Delete sequence?',
	message: 'This is the last step of its kind. Deleting it deletes the whole sequence.',
	confirmLabel: 'Delete sequence',
}

/** Delete sequence in the drawer's footer. */
export const DELETE_WHOLE_SEQUENCE_CONFIRM = {
	title: 'Delete sequence?',
	message: 'The sequence and its steps are deleted. This cannot be undone.',
	confirmLabel: 'Delete',
}
