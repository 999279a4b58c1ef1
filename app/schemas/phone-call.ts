import { z } from 'zod'
import { TALKING_POINTS_MAX } from '#app/schemas/sequence.ts'

// Phone-call steps as the user's call list (issue 18, decision 030): the outcome form of the Calls
// page and POST /api/v1/calls/:stepId/outcome share this schema; the list's JSON shape lives here
// too, so the page, the API and the tests read one contract.

export const SEQUENCE_PHONE_FLAG = 'sequence:phone'

export const CALL_OUTCOMES = ['CONNECTED', 'NO_ANSWER', 'VOICEMAIL', 'WRONG_NUMBER'] as const
export type CallOutcome = (typeof CALL_OUTCOMES)[number]

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
	CONNECTED: 'Connected',
	NO_ANSWER: 'No answer',
	VOICEMAIL: 'Voicemail',
	WRONG_NUMBER: 'Wrong number',
}

export const CALL_NOTES_MAX = 5_000

export const CALL_MESSAGES = {
	outcomeRequired: 'Choose how the call went',
	notesTooLong: `Notes must be at most ${CALL_NOTES_MAX.toLocaleString('en-US')} characters`,
	callNotFound: 'Call not found',
	recorded: 'Call logged',
	alreadyRecorded: 'This call was already logged',
	failed: 'Failed to log call',
	notScheduled: 'This call is no longer due: it was cancelled or removed',
	sequenceNotActive: (status: string) =>
		`This call cannot be logged: its sequence is ${status.toLowerCase()}, not active`,
	scopeForbidden: "Only owners and admins can see everyone's calls",
	talkingPointsTooLong: `Talking points must be at most ${TALKING_POINTS_MAX.toLocaleString('en-US')} characters`,
} as const

/** The outcome form and the API body: how the call went, and what was said. */
export const CallOutcomeSchema = z.object({
	outcome: z.enum(CALL_OUTCOMES, { error: CALL_MESSAGES.outcomeRequired }),
	notes: z
		.string({ error: 'Notes must be text' })
		.trim()
		.max(CALL_NOTES_MAX, { error: CALL_MESSAGES.notesTooLong })
		.optional()
		.transform((notes) => notes ?? ''),
})
export type CallOutcomeInput = z.output<typeof CallOutcomeSchema>

/** Whose calls: the user's own (sequences they created), or the organization's (owners and admins). */
export const CALL_SCOPES = ['mine', 'all'] as const
export type CallScope = (typeof CALL_SCOPES)[number]
export const CallScopeSchema = z.enum(CALL_SCOPES).catch('mine')

// ─── The list, as GET /api/v1/calls and the Calls page's loader send it (dates as ISO strings) ───

export type CallHistoryEntry = {
	at: string
	channel: 'email' | 'linkedin' | 'phone'
	/** "Email sent", "Replied by email", "Call: No answer"… */
	label: string
	/** A short excerpt (subject, reply, notes), if any. */
	detail: string | null
}

export type CallPhone = {
	/** As the contact record has it. */
	raw: string
	/** Formatted for reading (international when the country is known). */
	display: string
	/** The tel: link (E.164 when the number parses); null when there is nothing to dial. */
	href: string | null
	/** A call to this number was logged as a wrong number (and the contact's phone has not changed since). */
	wrongNumberAt: string | null
}

export type DueCall = {
	stepId: string
	order: number
	/** Of the sequence's phone-call steps. */
	callCount: number
	talkingPoints: string
	scheduledFor: string
	sequence: { id: string; subject: string; creatorName: string | null }
	contact: {
		id: string
		name: string
		role: string | null
		company: string | null
		email: string | null
		phone: CallPhone | null
	}
	history: CallHistoryEntry[]
}

export type CallList = {
	scope: CallScope
	/** The organization's zone: what "today" means. */
	timeZone: string
	overdue: DueCall[]
	today: DueCall[]
	upcoming: DueCall[]
}
