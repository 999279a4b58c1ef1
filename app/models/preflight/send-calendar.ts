import { capDeferral, type HoldReason, releaseAt } from '#app/models/sequence/step-plan.ts'
import { DAY_MS, localDate, type SendWindow, zonedTimeToUtc } from '#app/models/sequence/send-window.ts'

/**
 * The pre-flight check's send calendar (decision 051): when each unsent step of each recipient
 * would go out if the launch happened at `now` — the steps' delays, the send window in the
 * recipient's zone, and each mailbox's daily cap against the whole launch's volume. The same
 * rules as activation and dispatch (step-plan.ts, send-window.ts), run forward in time order:
 * a mailbox's day holds at most its cap (its count starts again at the organization's midnight,
 * as MailboxDailyUsage counts it); an email over the cap waits for the first day with room, and
 * its later steps move with it. Pure: the caller loads the rows.
 */

export type CalendarStepKind = 'email' | 'linkedin' | 'phone'

export type CalendarStep = { id: string; kind: CalendarStepKind; order: number; daysAfter: number }

export type CalendarRecipient = {
	sequenceId: string
	/** The contact's zone when valid, else the organization's (pickTimeZone). */
	timeZone: string
	steps: CalendarStep[]
}

export type CalendarMailbox = {
	id: string
	address: string
	/** The cap on the day that starts at `dayStart` (warm-up grows it day by day). */
	capOn(dayStart: Date): number
	/** Emails already claimed today (the organization's day of `now`). */
	sentToday: number
}

export type PlannedCalendarStep = CalendarStep & {
	at: Date
	/** When it would go with nothing holding it (the delay alone). */
	dueAt: Date
	hold: HoldReason | null
	mailboxId: string | null
}

export type MailboxDay = { day: string; emails: number; cap: number }

export type SendCalendar = {
	recipients: Array<{ sequenceId: string; timeZone: string; steps: PlannedCalendarStep[] }>
	mailboxes: Array<{ id: string; address: string; emails: number; days: MailboxDay[] }>
	firstSendAt: Date | null
	lastSendAt: Date | null
	/** Emails that wait at least one day for room under their mailbox's cap. */
	deferredByCap: number
	/** Emails that find no room within CALENDAR_HORIZON_DAYS (a cap of 0): they would never go. */
	unplaceable: number
}

export type CalendarInput = {
	now: Date
	window: SendWindow
	/** The organization's zone: the mailbox day. */
	organizationTimeZone: string
	recipients: Array<CalendarRecipient & { mailboxIdOf(step: CalendarStep): string | null }>
	mailboxes: CalendarMailbox[]
}

/** Beyond a year, a launch is not a calendar but a mistake (a cap of 0): stop looking. */
export const CALENDAR_HORIZON_DAYS = 366

type Pending = {
	recipient: number
	step: number
	at: Date
	dueAt: Date
	hold: HoldReason | null
	/** Its mailbox's day is already counted (it was deferred there). */
	reserved: boolean
}

export function computeSendCalendar(input: CalendarInput): SendCalendar {
	const { now, window, organizationTimeZone: orgZone } = input
	const mailboxes = new Map(input.mailboxes.map((mailbox) => [mailbox.id, mailbox]))
	const today = localDate(now, orgZone)
	const counts = new Map<string, Map<string, number>>()
	const caps = new Map<string, Map<string, number>>()
	const nextFreeDay = new Map<string, string>()
	const exhausted = new Set<string>()
	const horizon = addDays(today, CALENDAR_HORIZON_DAYS)
	const planned = input.recipients.map((recipient) => ({
		sequenceId: recipient.sequenceId,
		timeZone: recipient.timeZone,
		steps: [] as PlannedCalendarStep[],
	}))
	let deferredByCap = 0
	let unplaceable = 0

	// Many sends share a time (every deferral to one day's opening): the zone arithmetic is memoized.
	const orgDays = new Map<number, string>()
	function orgDayOf(at: Date) {
		let day = orgDays.get(at.getTime())
		if (day === undefined) orgDays.set(at.getTime(), (day = localDate(at, orgZone)))
		return day
	}
	const openings = new Map<string, Date>()
	function openingOn(day: string, timeZone: string) {
		const key = `${day}|${timeZone}`
		let at = openings.get(key)
		if (!at) {
			at = capDeferral(new Date(dayStart(day, orgZone).getTime() - 1), window, timeZone, orgZone).at
			openings.set(key, at)
		}
		return at
	}

	const releases = new Map<string, ReturnType<typeof releaseAt>>()
	function releaseFor(dueAt: number, timeZone: string) {
		const key = `${dueAt}|${timeZone}`
		let send = releases.get(key)
		if (!send) releases.set(key, (send = releaseAt(new Date(dueAt), window, timeZone)))
		return send
	}

	function capOf(mailbox: CalendarMailbox, day: string) {
		let byDay = caps.get(mailbox.id)
		if (!byDay) caps.set(mailbox.id, (byDay = new Map()))
		let cap = byDay.get(day)
		if (cap === undefined) {
			cap = Math.max(0, mailbox.capOn(dayStart(day, orgZone)) - (day === today ? mailbox.sentToday : 0))
			byDay.set(day, cap)
		}
		return cap
	}
	function used(mailboxId: string, day: string) {
		return counts.get(mailboxId)?.get(day) ?? 0
	}
	function take(mailboxId: string, day: string) {
		let byDay = counts.get(mailboxId)
		if (!byDay) counts.set(mailboxId, (byDay = new Map()))
		byDay.set(day, (byDay.get(day) ?? 0) + 1)
	}
	/**
	 * The first send time after `day` on a day of the mailbox with room, that day taken for it: the
	 * window's first opening (in the recipient's zone) from the start of the next day with room —
	 * counted on the organization's day it really falls on. Days only ever fill up, so the search
	 * starts where the last one for this mailbox ended.
	 */
	function deferAfter(mailbox: CalendarMailbox, day: string, timeZone: string): Date | null {
		// Sends pop in time order and days only fill up: once a search finds no room before the
		// horizon, every later one for this mailbox would fail the same way.
		if (exhausted.has(mailbox.id)) return null
		let candidate = nextDay(day)
		const known = nextFreeDay.get(mailbox.id)
		if (known && known > candidate) candidate = known
		while (candidate <= horizon) {
			if (used(mailbox.id, candidate) < capOf(mailbox, candidate)) {
				const at = openingOn(candidate, timeZone)
				const actual = orgDayOf(at)
				if (actual === candidate || used(mailbox.id, actual) < capOf(mailbox, actual)) {
					take(mailbox.id, actual)
					if (actual === candidate) nextFreeDay.set(mailbox.id, candidate)
					return at
				}
				candidate = actual > candidate ? actual : nextDay(candidate)
				continue
			}
			candidate = nextDay(candidate)
		}
		exhausted.add(mailbox.id)
		return null
	}

	const heap = new MinHeap<Pending>((a, b) => a.at.getTime() - b.at.getTime() || a.recipient - b.recipient)
	function schedule(recipientIndex: number, stepIndex: number, from: Date) {
		const recipient = input.recipients[recipientIndex]!
		const step = stepsOf[recipientIndex]![stepIndex]
		if (!step) return
		const send = releaseFor(from.getTime() + Math.max(0, step.daysAfter) * DAY_MS, recipient.timeZone)
		heap.push({ recipient: recipientIndex, step: stepIndex, ...send, reserved: false })
	}
	// Each kind is its own chain (activation plans them separately): email, LinkedIn, phone.
	const chains = input.recipients.map((recipient) => chainsOf(recipient.steps))
	const stepsOf = chains.map((byKind) => byKind.flat())
	const chainNext = chains.map((byKind) => {
		const next = new Map<number, number>()
		let offset = 0
		for (const chain of byKind) {
			for (let i = 0; i < chain.length - 1; i++) next.set(offset + i, offset + i + 1)
			offset += chain.length
		}
		return next
	})
	chains.forEach((byKind, recipientIndex) => {
		let offset = 0
		for (const chain of byKind) {
			if (chain.length > 0) schedule(recipientIndex, offset, now)
			offset += chain.length
		}
	})

	for (let item = heap.pop(); item; item = heap.pop()) {
		const recipient = input.recipients[item.recipient]!
		const step = stepsOf[item.recipient]![item.step]!
		const mailboxId = step.kind === 'email' ? recipient.mailboxIdOf(step) : null
		const mailbox = mailboxId ? mailboxes.get(mailboxId) : undefined
		if (mailbox && !item.reserved) {
			const day = orgDayOf(item.at)
			if (used(mailbox.id, day) >= capOf(mailbox, day)) {
				const at = deferAfter(mailbox, day, recipient.timeZone)
				if (!at) {
					unplaceable++
					continue
				}
				deferredByCap++
				heap.push({ ...item, at, hold: 'DAILY_CAP', reserved: true })
				continue
			}
			take(mailbox.id, day)
		}
		planned[item.recipient]!.steps.push({
			...step,
			at: item.at,
			dueAt: item.dueAt,
			hold: item.hold,
			mailboxId: mailbox?.id ?? null,
		})
		const next = chainNext[item.recipient]!.get(item.step)
		if (next !== undefined) schedule(item.recipient, next, item.at)
	}

	let firstSendAt: Date | null = null
	let lastSendAt: Date | null = null
	for (const recipient of planned) {
		recipient.steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order)
		for (const step of recipient.steps) {
			if (!firstSendAt || step.at < firstSendAt) firstSendAt = step.at
			if (!lastSendAt || step.at > lastSendAt) lastSendAt = step.at
		}
	}
	return {
		recipients: planned,
		mailboxes: input.mailboxes.map((mailbox) => {
			const byDay = [...(counts.get(mailbox.id) ?? new Map<string, number>())].sort(([a], [b]) =>
				a.localeCompare(b),
			)
			return {
				id: mailbox.id,
				address: mailbox.address,
				emails: byDay.reduce((sum, [, count]) => sum + count, 0),
				days: byDay.map(([day, emails]) => ({ day, emails, cap: capOf(mailbox, day) })),
			}
		}),
		firstSendAt,
		lastSendAt,
		deferredByCap,
		unplaceable,
	}
}

/** Steps grouped by kind, each group in step order. */
function chainsOf(steps: CalendarStep[]): CalendarStep[][] {
	const kinds: CalendarStepKind[] = ['email', 'linkedin', 'phone']
	return kinds.map((kind) => steps.filter((step) => step.kind === kind).sort((a, b) => a.order - b.order))
}

function dayStart(day: string, timeZone: string) {
	const [year, month, date] = day.split('-').map(Number) as [number, number, number]
	return zonedTimeToUtc({ year, month, day: date, minutes: 0 }, timeZone)
}

const following = new Map<string, string>()
function nextDay(day: string) {
	let next = following.get(day)
	if (next === undefined) following.set(day, (next = addDays(day, 1)))
	return next
}

function addDays(day: string, days: number) {
	return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** A binary heap: the calendar pops every send in time order. */
class MinHeap<T> {
	private items: T[] = []
	constructor(private compare: (a: T, b: T) => number) {}
	push(item: T) {
		const items = this.items
		items.push(item)
		let index = items.length - 1
		while (index > 0) {
			const parent = (index - 1) >> 1
			if (this.compare(items[index]!, items[parent]!) >= 0) break
			;[items[index], items[parent]] = [items[parent]!, items[index]!]
			index = parent
		}
	}
	pop(): T | undefined {
		const items = this.items
		const top = items[0]
		const last = items.pop()
		if (items.length > 0 && last !== undefined) {
			items[0] = last
			let index = 0
			for (;;) {
				const left = index * 2 + 1
				const right = left + 1
				let smallest = index
				if (left < items.length && this.compare(items[left]!, items[smallest]!) < 0) smallest = left
				if (right < items.length && this.compare(items[right]!, items[smallest]!) < 0) smallest = right
				if (smallest === index) break
				;[items[index], items[smallest]] = [items[smallest]!, items[index]!]
				index = smallest
			}
		}
		return top
	}
}

/** "Tue 1 Dec, 09:00" in the recipient's zone: what the check screen and the API show. */
export function formatLocalSend(at: Date, timeZone: string) {
	return new Intl.DateTimeFormat('en-GB', {
		timeZone,
		weekday: 'short',
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).format(at)
}
