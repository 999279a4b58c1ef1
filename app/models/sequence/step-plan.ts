import { DAY_MS, nextSendOpening, type SendWindow } from './send-window.ts'

/**
 * When each email step goes out: the first `daysAfter` days after `from`, each later one
 * `daysAfter` days after the previous, every time moved to the next opening of the send
 * window. Later steps are planned again from the real send time of each sent step.
 */
export function planStepTimes(
	steps: Array<{ daysAfter: number }>,
	from: Date,
	window: SendWindow,
	timeZone: string,
): Date[] {
	const times: Date[] = []
	let previous = from
	for (const step of steps) {
		const due = new Date(previous.getTime() + Math.max(0, step.daysAfter) * DAY_MS)
		const time = nextSendOpening(due, window, timeZone)
		times.push(time)
		previous = time
	}
	return times
}

/** The organization's window as stored on the Organization row. */
export function sendWindowOf(organization: {
	sendWindowEnabled: boolean
	sendWindowDays: number[] | null
	sendWindowStart: number
	sendWindowEnd: number
}): SendWindow {
	return {
		enabled: organization.sendWindowEnabled,
		days: organization.sendWindowDays ?? [],
		start: organization.sendWindowStart,
		end: organization.sendWindowEnd,
	}
}
