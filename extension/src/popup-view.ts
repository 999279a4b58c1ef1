// What the popup says, from what the companion knows; popup.ts puts it on the page.

import { type CompanionState } from './state.ts'

export type Tone = 'ok' | 'warn' | 'bad'
export type PopupView = {
	linkedin: { label: string; tone: Tone; detail: string }
	app: { label: string; tone: Tone; detail: string }
	lastCheck: string
	lastAction: string
	canCheckNow: boolean
}

const KIND_LABELS: Record<string, string> = {
	CONNECT: 'Connection request',
	MESSAGE: 'Message',
	CHECK_ACCEPTANCE: 'Acceptance check',
	SYNC_CONVERSATION: 'Reply check',
}

const OUTCOME_LABELS: Record<string, string> = {
	SENT: 'sent',
	ALREADY_CONNECTED: 'already connected',
	ACCEPTED: 'accepted',
	PENDING: 'still pending',
	REPLIED: 'replied',
	NO_REPLY: 'no reply yet',
}

const ERROR_LABELS: Record<string, string> = {
	SESSION_EXPIRED: 'LinkedIn session expired',
	CHECKPOINT: 'LinkedIn asked for a security check',
	RATE_LIMITED: 'LinkedIn asked to slow down',
	PROFILE_NOT_FOUND: 'profile not found',
	NETWORK: 'LinkedIn could not be reached',
	UNKNOWN: 'failed',
}

const REASON_LABELS: Record<string, string> = {
	NOTHING_DUE: 'Nothing due right now.',
	PACED: 'Pausing between actions, like a person would.',
	OUTSIDE_ACTIVE_HOURS: 'Outside your active hours; actions resume later.',
	PAUSED: 'LinkedIn actions are paused in Reachout.',
	BACKING_OFF: 'Backing off after LinkedIn asked to slow down.',
	LIMIT_REACHED: 'The LinkedIn limit for now is reached.',
	BUSY: 'Another action is in progress.',
	NOT_CONNECTED: 'LinkedIn is not connected in Reachout.',
}

/** "just now", "5 min ago", "3 h ago", or the date. */
export function timeAgo(iso: string, now: Date) {
	const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000)
	if (!Number.isFinite(seconds)) return 'unknown'
	if (seconds < 60) return 'just now'
	if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`
	if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`
	return new Date(iso).toLocaleString()
}

export function describePopup({
	linkedinLoggedIn,
	state,
	now,
}: {
	linkedinLoggedIn: boolean
	state: CompanionState
	now: Date
}): PopupView {
	const linkedin = linkedinLoggedIn
		? {
				label: 'Logged in',
				tone: 'ok' as const,
				detail: 'Your LinkedIn session in this browser is used for your steps.',
			}
		: { label: 'Not logged in', tone: 'bad' as const, detail: 'Log in to LinkedIn in this browser.' }

	const claim = state.lastClaim
	let app: PopupView['app']
	if (!state.appToken) {
		app = {
			label: 'Not connected',
			tone: claim && !claim.ok ? 'bad' : 'warn',
			detail:
				claim && !claim.ok && claim.error
					? claim.error
					: 'Open Reachout and connect LinkedIn to link this browser.',
		}
	} else if (!claim) {
		app = { label: 'Connected', tone: 'ok', detail: 'Waiting for the first check.' }
	} else if (claim.ok) {
		app = { label: 'Connected', tone: 'ok', detail: (claim.reason && REASON_LABELS[claim.reason]) ?? '' }
	} else {
		app = { label: 'Problem', tone: 'bad', detail: claim.error ?? 'The last check failed.' }
	}

	const action = state.lastAction
	let lastAction = 'None yet'
	if (action) {
		const outcome =
			action.outcome === 'ERROR'
				? `error: ${ERROR_LABELS[action.error ?? 'UNKNOWN'] ?? action.error}`
				: (OUTCOME_LABELS[action.outcome] ?? action.outcome.toLowerCase())
		lastAction = `${KIND_LABELS[action.kind] ?? action.kind}, ${outcome} (${timeAgo(action.at, now)})`
	}

	return {
		linkedin,
		app,
		lastCheck: claim ? timeAgo(claim.at, now) : 'Never',
		lastAction,
		canCheckNow: Boolean(state.appToken),
	}
}
