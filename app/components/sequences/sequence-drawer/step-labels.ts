// The drawer's words for a step: its title and when it goes out (spec, section 9).

function days(count: number) {
	return `${count} ${count === 1 ? 'day' : 'days'}`
}

/**
 * Email steps: the first counts from activation, each later one from the step before it
 * (decision 009) — for the second that is the initial step, the spec's words.
 */
export function emailTimingLabel(order: number, daysAfter: number) {
	if (order === 1) return daysAfter === 0 ? 'Immediately' : `${days(daysAfter)} from now`
	return `${days(daysAfter)} after ${order === 2 ? 'initial' : 'previous'} step`
}

/** LinkedIn steps: the connection request counts from activation, the rest from acceptance. */
export function linkedInTimingLabel(order: number, daysAfter: number) {
	if (order === 1) return emailTimingLabel(1, daysAfter)
	return daysAfter === 0 ? 'Same day as acceptance' : `${days(daysAfter)} after acceptance`
}

/** Phone-call steps: the first counts from activation, each later one from the call before it (decision 030). */
export function phoneCallTimingLabel(order: number, daysAfter: number) {
	if (order === 1) return emailTimingLabel(1, daysAfter)
	return daysAfter === 0 ? 'Same day as the previous call' : `${days(daysAfter)} after the previous call`
}

export function phoneCallStepTitle(order: number) {
	return order === 1 ? 'Phone Call' : 'Follow-up Call'
}

export function emailStepTitle(order: number) {
	return order === 1 ? 'Initial Email' : 'Follow-up Email'
}

export function linkedInStepTitle(order: number) {
	if (order === 1) return 'Connection Request'
	return order === 2 ? 'Message' : 'Follow-up Message'
}

/** Days for a step added in the drawer: the last step's plus one, 0 for the first. */
export function nextStepDays(steps: ReadonlyArray<{ daysAfter: number }>) {
	const last = steps.at(-1)
	return last ? last.daysAfter + 1 : 0
}

/** Why a step waits, as the drawer says it. */
export const HOLD_TEXT = {
	WINDOW: 'Waiting for the send window to open',
	DAILY_CAP: "The mailbox's daily limit was reached: it goes when the next day's sending starts",
	EARLIER_STEP: 'Waiting for the earlier step to be sent',
	PAUSED: 'The sequence is paused',
} as const

/** "Mon, Nov 30, 08:00" in the time zone. */
export function formatStepTime(date: Date, timeZone: string) {
	return new Intl.DateTimeFormat('en-US', {
		timeZone,
		weekday: 'short',
		month: 'short',
		day: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).format(date)
}
