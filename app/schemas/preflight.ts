import { z } from 'zod'

// The pre-flight check (decision 051) as the API answers it and the check page renders it.

export const PREFLIGHT_PROBLEM_KINDS = [
	'no_email',
	'unsubscribed',
	'bounced',
	'already_in_sequence',
	'placeholder',
	'empty_variable',
	'broken_link',
	'unexpected_redirect',
	'linkedin_not_connected',
	'never_sends',
] as const

export type PreflightProblemKind = (typeof PREFLIGHT_PROBLEM_KINDS)[number]

export type PreflightProblem = {
	kind: PreflightProblemKind
	/** What is wrong, in plain words. */
	message: string
	/** What to do about it. */
	fix: string
	/** Where to do it (an app path). */
	fixUrl: string
	sequenceId?: string
	contact?: string
}

export type CalendarStepView = {
	label: string
	kind: 'email' | 'linkedin' | 'phone'
	at: string
	/** In the recipient's zone: "Mon, 30 Nov 2026, 09:00". */
	local: string
	hold: 'WINDOW' | 'DAILY_CAP' | null
}

export type PreflightCheck = {
	target: { kind: 'sequence' | 'generation_run'; id: string; name: string }
	checkedAt: string
	/** Drafts the launch would start. */
	sequences: number
	problems: PreflightProblem[]
	/** Every problem, by kind (the list above holds at most PREFLIGHT_LISTED_PROBLEMS of them). */
	problemCounts: Partial<Record<PreflightProblemKind, number>>
	totalProblems: number
	links: { checked: number; unchecked: number }
	calendar: {
		firstSendAt: string | null
		lastSendAt: string | null
		/** The last send in the organization's zone. */
		lastSendLocal: string | null
		organizationTimeZone: string
		window: string
		deferredByCap: number
		mailboxes: Array<{
			address: string
			emails: number
			days: Array<{ day: string; emails: number; cap: number }>
		}>
		timeZones: Array<{
			timeZone: string
			recipients: number
			firstSend: string | null
			lastSend: string | null
		}>
		recipients: Array<{ sequenceId: string; contact: string; timeZone: string; steps: CalendarStepView[] }>
	}
}

export const PREFLIGHT_LISTED_PROBLEMS = 200
export const PREFLIGHT_LISTED_RECIPIENTS = 50

export const PREFLIGHT_MESSAGES = {
	refused: (count: number) =>
		`The pre-flight check found ${count === 1 ? '1 problem' : `${count.toLocaleString('en-US')} problems`}: fix ${count === 1 ? 'it' : 'them'}, or launch anyway with acknowledgeProblems: true`,
	acknowledgeRequired: 'Tick the box to confirm you have read the problems before launching anyway',
} as const

/** `acknowledgeProblems: true` on a launch: go ahead despite the check's problems (recorded). */
export const AcknowledgeProblemsSchema = z.object({ acknowledgeProblems: z.boolean().optional() })
