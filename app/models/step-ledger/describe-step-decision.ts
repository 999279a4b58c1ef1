import { REPLY_INTENT_LABELS, type ReplyIntent } from '#app/schemas/reply-intent.ts'
import { type StepLedgerEntryView } from '#app/schemas/step-ledger.ts'

// A ledger entry in plain words, for the drawer and the API's `text` (decision 050):
// "Deferred to Tue 09:00 Europe/Oslo: mailbox at its daily cap of 50".

type Entry = Pick<StepLedgerEntryView, 'decision' | 'reason' | 'detail' | 'createdAt'>

/**
 * Entries (oldest first) with those of one transaction for one step folded into the last: a
 * deferral then its place in the spread, a handed-back step then its sequence stopped, are one
 * decision to read. The ledger itself keeps every row.
 */
export function foldStepLedger<T extends Pick<StepLedgerEntryView, 'stepId' | 'transactionId'>>(
	entries: T[],
) {
	const laterTransaction = new Map<string, string>()
	const kept: T[] = []
	for (const entry of entries.toReversed()) {
		if (laterTransaction.get(entry.stepId) !== entry.transactionId) kept.push(entry)
		laterTransaction.set(entry.stepId, entry.transactionId)
	}
	return kept.reverse()
}

const TRANSPORTS: Record<string, string> = { GMAIL: 'Gmail', SMTP: 'SMTP', OUTBOX: 'the local outbox' }

const SKIPPED: Record<string, string> = {
	UNSUBSCRIBED: 'the contact unsubscribed',
	BOUNCED: "the contact's address bounced",
	NO_EMAIL: 'the contact has no email address',
	NO_MAILBOX: 'the sender mailbox was removed',
}

const STOPPED: Record<string, string> = {
	PAUSED: 'the sequence was paused',
	CANCELLED: 'the sequence was cancelled',
	BOUNCED: 'an email of this sequence bounced',
	GMAIL_ACCESS: 'Gmail access is needed to send from this mailbox',
	UNSUBSCRIBED: 'the contact unsubscribed',
	NO_MAILBOX: 'the sender mailbox was removed',
	CALL_PENDING_REPLY: 'the contact replied',
}

const SCHEDULED: Record<string, string> = {
	ACTIVATED: 'the sequence started',
	REPLANNED: 'planned from the previous step',
	RESUMED: 'the sequence resumed',
	EDITED: 'its timing was edited',
	RETRY_BY_HAND: 'retried by hand',
	SPREAD: 'spread after the window opens',
	RECOVERED: 'picked up again after a stopped worker',
	CONNECTION_ACCEPTED: 'the connection request was accepted',
	UNPLANNED: 'planned when the earlier steps go',
}

/** `fallbackTimeZone`: the zone to show a time in when the entry names none (the contact's). */
export function describeStepDecision(entry: Entry, fallbackTimeZone = 'UTC'): string {
	const { detail, reason } = entry
	const when = () =>
		detail.until ? formatWhen(detail.until, detail.timeZone ?? fallbackTimeZone, entry.createdAt) : ''
	const words = (map: Record<string, string>) => map[reason] ?? detail.message ?? humanize(reason)
	switch (entry.decision) {
		case 'SCHEDULED': {
			const why = SCHEDULED[reason] ?? detail.message
			if (!detail.until) return `Waiting for the earlier steps${why ? `: ${why}` : ''}`
			return `Scheduled for ${when()}${why ? `: ${why}` : ''}`
		}
		case 'DEFERRED': {
			if (reason === 'DAILY_CAP')
				return `Deferred to ${when()}: mailbox at its daily cap${detail.cap !== undefined ? ` of ${detail.cap}` : ''}`
			if (reason === 'WINDOW') return `Deferred to ${when()}: outside the send window`
			if (reason === 'RATE_LIMIT') return `Deferred to ${when()}: the daily LinkedIn limit is reached`
			if (reason === 'GMAIL_ACCESS')
				return 'Put back unsent: Gmail access is needed to send from this mailbox'
			if (reason === 'LEASE') return `Deferred to ${when()}: another attempt is still sending it`
			return `Deferred${detail.until ? ` to ${when()}` : ''}: ${words({})}`
		}
		case 'SKIPPED':
			return `Skipped: ${words(SKIPPED)}`
		case 'STOPPED':
			if (reason === 'REPLY')
				return `Stopped: the contact replied${intentWords(detail.intent)}${detail.until ? `; resumes ${when()}` : ''}`
			return `Stopped: ${words(STOPPED)}`
		case 'SENDING':
			return reason === 'LEASE_TAKEOVER'
				? `Sending again after an interrupted attempt${attemptWords(detail.attempt)}`
				: `Sending${attemptWords(detail.attempt)}`
		case 'SENT': {
			const via = detail.transport ? ` via ${TRANSPORTS[detail.transport] ?? detail.transport}` : ''
			const id = detail.messageId ? ` (message id ${detail.messageId})` : ''
			return `Sent${via}${id}`
		}
		case 'ACCEPTED':
			return 'Connection request accepted'
		case 'REPLIED':
			return `The contact replied${intentWords(detail.intent)}`
		case 'DONE':
			return `Call logged${detail.outcome ? ` (${humanize(detail.outcome).toLowerCase()})` : ''}`
		case 'FAILED':
			return `Failed: ${detail.message ?? humanize(reason)}`
		case 'RETRYING':
			return `Retrying at ${when()} after attempt ${detail.attempt ?? '?'} failed${detail.message ? `: ${detail.message}` : ''}`
		case 'CANCELED':
			return detail.message ? `Cancelled: ${detail.message}` : 'Cancelled'
	}
}

function intentWords(intent: string | undefined) {
	const label = intent && REPLY_INTENT_LABELS[intent as ReplyIntent]
	return label ? ` (${label.toLowerCase()})` : ''
}

function attemptWords(attempt: number | undefined) {
	return attempt && attempt > 1 ? ` (attempt ${attempt})` : ''
}

/** DAILY_CAP → "Daily cap". */
function humanize(code: string) {
	const text = code.toLowerCase().replaceAll('_', ' ')
	return text.charAt(0).toUpperCase() + text.slice(1)
}

const WEEK_MS = 6 * 24 * 60 * 60 * 1000

/** "Tue 09:00 Europe/Oslo"; the day of the month too when it is a week or more from the decision. */
export function formatWhen(iso: string, timeZone: string, decidedAt: string) {
	const at = new Date(iso)
	const zone = validZone(timeZone)
	const far = Math.abs(at.getTime() - new Date(decidedAt).getTime()) > WEEK_MS
	const parts = new Intl.DateTimeFormat('en-GB', {
		timeZone: zone,
		weekday: 'short',
		day: far ? 'numeric' : undefined,
		month: far ? 'short' : undefined,
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).formatToParts(at)
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
	const day = far ? ` ${part('day')} ${part('month')}` : ''
	return `${part('weekday')}${day} ${part('hour')}:${part('minute')} ${zone}`
}

function validZone(timeZone: string) {
	try {
		new Intl.DateTimeFormat('en-GB', { timeZone })
		return timeZone
	} catch {
		return 'UTC'
	}
}
