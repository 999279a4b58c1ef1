import { DAY_MS, nextSendOpening, startOfNextLocalDay, type SendWindow } from './send-window.ts'

/** Why a step's planned time is later than it is due (decision 014); stored on EmailStep.holdReason. */
export type HoldReason = 'WINDOW' | 'DAILY_CAP'

/** A planned send: `at` the time it goes, `dueAt` the time it would go with nothing holding it. */
export type PlannedSend = { at: Date; dueAt: Date; hold: HoldReason | null }

/**
 * When each email step goes out: the first `daysAfter` days after `from`, each later one
 * `daysAfter` days after the previous, every time moved to the next opening of the send
 * window (then held for the window). Later steps are planned again from the real send time of
 * each sent step.
 */
export function planStepSchedule(
	steps: Array<{ daysAfter: number }>,
	from: Date,
	window: SendWindow,
	timeZone: string,
): PlannedSend[] {
	const planned: PlannedSend[] = []
	let previous = from
	for (const step of steps) {
		const dueAt = new Date(previous.getTime() + Math.max(0, step.daysAfter) * DAY_MS)
		planned.push(releaseAt(dueAt, window, timeZone))
		previous = planned.at(-1)!.at
	}
	return planned
}

export function planStepTimes(
	steps: Array<{ daysAfter: number }>,
	from: Date,
	window: SendWindow,
	timeZone: string,
): Date[] {
	return planStepSchedule(steps, from, window, timeZone).map((send) => send.at)
}

/** A step due at `dueAt`: then, or held for the window's next opening. */
export function releaseAt(dueAt: Date, window: SendWindow, timeZone: string): PlannedSend {
	const at = nextSendOpening(dueAt, window, timeZone)
	return { at, dueAt, hold: at.getTime() > dueAt.getTime() ? 'WINDOW' : null }
}

/**
 * A step over its mailbox's cap at `now`: the mailbox's count starts again at the next local
 * day of the organization (`dayTimeZone`), and the step goes at the window's first opening from
 * then in the contact's zone (`timeZone`) — with no window, at the start of that day, where the
 * release spreading (release-slots.server.ts) keeps the held steps from leaving together.
 */
export function capDeferral(
	now: Date,
	window: SendWindow,
	timeZone: string,
	dayTimeZone: string,
): PlannedSend {
	const dueAt = startOfNextLocalDay(now, dayTimeZone)
	return { at: nextSendOpening(dueAt, window, timeZone), dueAt, hold: 'DAILY_CAP' }
}

/**
 * What plans a sequence's sends, as the activation, re-plan and dispatch queries read it: the
 * organization's zone, window and gaps, and the contact's own zone.
 */
export type SchedulingSettings = {
	timeZone: string
	contactTimeZone: string | null
	sendWindowEnabled: boolean
	sendWindowDays: number[] | null
	sendWindowStart: number
	sendWindowEnd: number
	sendGapMinSeconds: number
	sendGapMaxSeconds: number
}

/** The organization's window as stored on the Organization row. */
export function sendWindowOf(
	organization: Pick<
		SchedulingSettings,
		'sendWindowEnabled' | 'sendWindowDays' | 'sendWindowStart' | 'sendWindowEnd'
	>,
): SendWindow {
	return {
		enabled: organization.sendWindowEnabled,
		days: organization.sendWindowDays ?? [],
		start: organization.sendWindowStart,
		end: organization.sendWindowEnd,
	}
}

/** The organization's random gap between held sends released together, in whole seconds. */
export type SendGap = { min: number; max: number }

export function sendGapOf(organization: { sendGapMinSeconds: number; sendGapMaxSeconds: number }): SendGap {
	const min = Math.max(0, organization.sendGapMinSeconds)
	return { min, max: Math.max(min, organization.sendGapMaxSeconds) }
}

/** One random gap per step, whole seconds in [min, max]. */
export function randomGaps(count: number, gap: SendGap, random: () => number = Math.random) {
	return Array.from({ length: count }, () => gap.min + Math.floor(random() * (gap.max - gap.min + 1)))
}
