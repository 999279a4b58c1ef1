/**
 * When an email may go out: the organization's send window (ISO weekdays and
 * [start, end) minutes after local midnight) in the contact's time zone, else the
 * organization's. Pure functions on Dates; Intl does the time-zone arithmetic.
 */
export type SendWindow = {
	enabled: boolean
	/** ISO weekdays, 1 = Monday … 7 = Sunday. */
	days: number[]
	start: number
	end: number
}

export const DAY_MS = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string) {
	let formatter = formatters.get(timeZone)
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
			weekday: 'short',
		})
		formatters.set(timeZone, formatter)
	}
	return formatter
}

export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
	if (!timeZone) return false
	try {
		formatterFor(timeZone)
		return true
	} catch {
		return false
	}
}

/** The first valid zone of the list, else UTC. */
export function pickTimeZone(...zones: Array<string | null | undefined>) {
	return zones.find(isValidTimeZone) ?? 'UTC'
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }

export type LocalTime = {
	year: number
	month: number
	day: number
	weekday: number
	minutes: number
	seconds: number
}

export function localTime(date: Date, timeZone: string): LocalTime {
	const parts: Record<string, string> = {}
	for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value
	return {
		year: Number(parts.year),
		month: Number(parts.month),
		day: Number(parts.day),
		weekday: WEEKDAYS[parts.weekday!] ?? 1,
		minutes: Number(parts.hour) * 60 + Number(parts.minute),
		seconds: Number(parts.second),
	}
}

/** The UTC instant of a local wall-clock time (the later one when a DST change repeats it). */
export function zonedTimeToUtc(
	{ year, month, day, minutes }: { year: number; month: number; day: number; minutes: number },
	timeZone: string,
) {
	const wallAsUtc = Date.UTC(year, month - 1, day, 0, minutes)
	let guess = wallAsUtc
	for (let i = 0; i < 3; i++) {
		const local = localTime(new Date(guess), timeZone)
		const localAsUtc = Date.UTC(local.year, local.month - 1, local.day, 0, local.minutes, local.seconds)
		const diff = wallAsUtc - localAsUtc
		if (diff === 0) break
		guess += diff
	}
	return new Date(guess)
}

/** The local calendar date (YYYY-MM-DD) of an instant, e.g. for a mailbox's daily count. */
export function localDate(date: Date, timeZone: string) {
	const local = localTime(date, timeZone)
	return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`
}

/** Local midnight that starts the next calendar day. */
export function startOfNextLocalDay(date: Date, timeZone: string) {
	const local = localTime(date, timeZone)
	const next = new Date(Date.UTC(local.year, local.month - 1, local.day + 1))
	return zonedTimeToUtc(
		{ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), minutes: 0 },
		timeZone,
	)
}

export function isInsideWindow(date: Date, window: SendWindow, timeZone: string) {
	if (!window.enabled) return true
	const local = localTime(date, timeZone)
	return window.days.includes(local.weekday) && local.minutes >= window.start && local.minutes < window.end
}

/**
 * `candidate` itself when the window is open then, else the next opening. A window with no
 * days or an empty range never opens; it is treated as always open rather than holding
 * emails forever (the settings form refuses it).
 */
export function nextSendOpening(candidate: Date, window: SendWindow, timeZone: string): Date {
	if (!window.enabled || window.days.length === 0 || window.end <= window.start) return candidate
	if (isInsideWindow(candidate, window, timeZone)) return candidate
	const local = localTime(candidate, timeZone)
	for (let offset = 0; offset <= 7; offset++) {
		const day = new Date(Date.UTC(local.year, local.month - 1, local.day + offset))
		const weekday = ((local.weekday - 1 + offset) % 7) + 1
		if (!window.days.includes(weekday)) continue
		if (offset === 0 && local.minutes >= window.start) continue
		return zonedTimeToUtc(
			{
				year: day.getUTCFullYear(),
				month: day.getUTCMonth() + 1,
				day: day.getUTCDate(),
				minutes: window.start,
			},
			timeZone,
		)
	}
	return candidate
}
