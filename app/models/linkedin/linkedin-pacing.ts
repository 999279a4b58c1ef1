import { localTime } from '#app/models/sequence/send-window.ts'

// How a LinkedIn account's actions are spaced, like a person's (decision 029): only in active hours
// of the organization's time zone, a random gap after each request or message, back-off after
// LinkedIn pushes back, and checks that slow down the longer a request waits.

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** A LinkedIn conversation with a sent message is read this often for a reply. */
export const CONVERSATION_SYNC_INTERVAL_MS = 10 * MINUTE_MS
/** Replies are looked for this long after the last message went. */
export const CONVERSATION_WATCH_MS = 30 * 24 * HOUR_MS
/** A connection request not accepted in this time is given up: its messages are cancelled. */
export const ACCEPTANCE_WATCH_MS = 30 * 24 * HOUR_MS
/** Failed attempts (network, LinkedIn's errors) before a step fails. */
export const MAX_ACTION_ATTEMPTS = 5

/** Whether `now` is inside the account's active hours (start inclusive, end exclusive; 0-24 always). */
export function isInsideActiveHours(now: Date, timeZone: string, startHour: number, endHour: number) {
	if (startHour <= 0 && endHour >= 24) return true
	const hour = localTime(now, timeZone).minutes / 60
	return hour >= startHour && hour < endHour
}

/** Seconds until the next active hour starts (at most a day), for the executor's next poll. */
export function secondsUntilActive(now: Date, timeZone: string, startHour: number) {
	const minutes = localTime(now, timeZone).minutes
	const startMinutes = startHour * 60
	const wait = startMinutes > minutes ? startMinutes - minutes : 24 * 60 - minutes + startMinutes
	return Math.max(60, wait * 60)
}

/** The random gap after a request or message: uniform between the account's bounds. */
export function paceGapMs(minSeconds: number, maxSeconds: number, random = Math.random) {
	const low = Math.max(0, minSeconds)
	const high = Math.max(low, maxSeconds)
	return Math.round((low + random() * (high - low)) * 1000)
}

/** After the n-th 429/999 in a row: 15 minutes, doubling, at most a day. */
export function backoffMs(count: number) {
	return Math.min(24 * HOUR_MS, 15 * MINUTE_MS * 2 ** Math.max(0, count - 1))
}

/** The wait before the next acceptance check after `checks` checks: 1 h doubling, at most 24 h. */
export function acceptanceCheckDelayMs(checks: number) {
	return Math.min(24 * HOUR_MS, HOUR_MS * 2 ** Math.max(0, checks))
}

/** A failed attempt's retry: 5 minutes times the attempt. */
export function retryDelayMs(attempt: number) {
	return 5 * MINUTE_MS * Math.max(1, attempt)
}
