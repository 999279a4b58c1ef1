import { type CompanyImportState } from '#app/generated/prisma/enums.ts'

// The company import's state machine (spec §4, decision 025), held on the server. Normal order:
// MAPPING → PARSING → PROCESSING → PREVIEWING → SAVING → COMPLETED; a text import starts at PARSING.
// Steps only move forward, except SAVING → PREVIEWING when a save fails. A cancel during parsing or
// processing goes through CANCELLING to PREVIEWING (partial rows) or FAILED (none). REJECTED is the
// user discarding the mapping step or the preview.

export const COMPANY_IMPORT_TRANSITIONS: Record<CompanyImportState, ReadonlyArray<CompanyImportState>> = {
	MAPPING: ['PARSING', 'REJECTED'],
	PARSING: ['PROCESSING', 'PREVIEWING', 'CANCELLING', 'FAILED'],
	PROCESSING: ['PREVIEWING', 'CANCELLING', 'FAILED'],
	CANCELLING: ['PREVIEWING', 'FAILED'],
	PREVIEWING: ['SAVING', 'REJECTED'],
	SAVING: ['COMPLETED', 'PREVIEWING'],
	COMPLETED: [],
	FAILED: [],
	REJECTED: [],
}

export function canMove(from: CompanyImportState, to: CompanyImportState) {
	return COMPANY_IMPORT_TRANSITIONS[from].includes(to)
}

/** The states a transition to `to` may start from. */
export function statesBefore(to: CompanyImportState): CompanyImportState[] {
	return (Object.keys(COMPANY_IMPORT_TRANSITIONS) as CompanyImportState[]).filter((from) => canMove(from, to))
}

/** Still moving or waiting for the user: shown among the active imports. */
export const ACTIVE_IMPORT_STATES: ReadonlyArray<CompanyImportState> = [
	'MAPPING',
	'PARSING',
	'PROCESSING',
	'CANCELLING',
	'PREVIEWING',
	'SAVING',
]

/** The job is working on it: the progress view shows, and the page refreshes. */
export const RUNNING_IMPORT_STATES: ReadonlyArray<CompanyImportState> = ['PARSING', 'PROCESSING', 'CANCELLING', 'SAVING']

export function isActiveImportState(state: CompanyImportState) {
	return ACTIVE_IMPORT_STATES.includes(state)
}

export function isRunningImportState(state: CompanyImportState) {
	return RUNNING_IMPORT_STATES.includes(state)
}

export const COMPANY_IMPORT_STATE_LABELS: Record<CompanyImportState, string> = {
	MAPPING: 'Mapping columns',
	PARSING: 'Parsing',
	PROCESSING: 'Processing',
	CANCELLING: 'Cancelling',
	PREVIEWING: 'Ready for review',
	SAVING: 'Saving',
	COMPLETED: 'Completed',
	FAILED: 'Failed',
	REJECTED: 'Rejected',
}
