import { describe, expect, test } from 'vitest'
import {
	type CalendarMailbox,
	type CalendarStep,
	computeSendCalendar,
	formatLocalSend,
} from './send-calendar.ts'

// Friday 27 November 2026, 12:00 UTC.
const NOW = new Date('2026-11-27T12:00:00Z')
const WEEKDAYS_9_TO_17 = { enabled: true, days: [1, 2, 3, 4, 5], start: 9 * 60, end: 17 * 60 }
const ALWAYS_OPEN = { enabled: false, days: [], start: 0, end: 0 }

function email(order: number, daysAfter: number): CalendarStep {
	return { id: `e${order}`, kind: 'email', order, daysAfter }
}

function recipient(
	sequenceId: string,
	timeZone: string,
	steps: CalendarStep[],
	mailboxId: string | null = 'm1',
) {
	return { sequenceId, timeZone, steps, mailboxIdOf: () => mailboxId }
}

function mailbox(cap: number | ((dayStart: Date) => number), sentToday = 0): CalendarMailbox {
	return { id: 'm1', address: 'ada@acme.test', capOn: typeof cap === 'number' ? () => cap : cap, sentToday }
}

function times(calendar: ReturnType<typeof computeSendCalendar>, sequenceId: string) {
	return calendar.recipients.find((r) => r.sequenceId === sequenceId)!.steps.map((s) => s.at.toISOString())
}

describe('the send calendar', () => {
	test('each recipient’s window in their own zone: Tokyo waits for Monday, New York goes this afternoon', () => {
		const calendar = computeSendCalendar({
			now: NOW,
			window: WEEKDAYS_9_TO_17,
			organizationTimeZone: 'UTC',
			recipients: [
				recipient('tokyo', 'Asia/Tokyo', [email(1, 0), email(2, 3)]),
				recipient('new-york', 'America/New_York', [email(1, 0)]),
				recipient('oslo', 'Europe/Oslo', [email(1, 0)]),
			],
			mailboxes: [mailbox(100)],
		})
		// 21:00 on Friday in Tokyo: Monday 09:00 there (00:00 UTC); the follow-up three days later, Thursday 09:00.
		expect(times(calendar, 'tokyo')).toEqual(['2026-11-30T00:00:00.000Z', '2026-12-03T00:00:00.000Z'])
		expect(calendar.recipients[0]!.steps[0]!.hold).toBe('WINDOW')
		// 07:00 in New York: 09:00 there, 14:00 UTC.
		expect(times(calendar, 'new-york')).toEqual(['2026-11-27T14:00:00.000Z'])
		// 13:00 in Oslo: inside the window, now.
		expect(times(calendar, 'oslo')).toEqual([NOW.toISOString()])
		expect(calendar.firstSendAt).toEqual(NOW)
		expect(calendar.lastSendAt?.toISOString()).toBe('2026-12-03T00:00:00.000Z')
		expect(formatLocalSend(calendar.recipients[0]!.steps[0]!.at, 'Asia/Tokyo')).toBe(
			'Mon, 30 Nov 2026, 09:00',
		)
	})

	test('a weekend falls between a Friday deferral and its follow-up', () => {
		const calendar = computeSendCalendar({
			now: NOW,
			window: WEEKDAYS_9_TO_17,
			organizationTimeZone: 'Europe/Oslo',
			recipients: [recipient('a', 'Europe/Oslo', [email(1, 1)])],
			mailboxes: [mailbox(10)],
		})
		// Due Saturday 13:00: held to Monday 09:00 Oslo (08:00 UTC).
		expect(times(calendar, 'a')).toEqual(['2026-11-30T08:00:00.000Z'])
	})

	test('a mailbox’s cap spreads the volume over days, counting what it already sent today', () => {
		const calendar = computeSendCalendar({
			now: NOW,
			window: ALWAYS_OPEN,
			organizationTimeZone: 'UTC',
			recipients: ['a', 'b', 'c', 'd', 'e'].map((id) => recipient(id, 'UTC', [email(1, 0)])),
			mailboxes: [mailbox(2, 1)],
		})
		const firsts = calendar.recipients.map((r) => r.steps[0]!.at.toISOString())
		expect(firsts).toEqual([
			NOW.toISOString(),
			'2026-11-28T00:00:00.000Z',
			'2026-11-28T00:00:00.000Z',
			'2026-11-29T00:00:00.000Z',
			'2026-11-29T00:00:00.000Z',
		])
		expect(calendar.deferredByCap).toBe(4)
		expect(calendar.mailboxes[0]!.days).toEqual([
			{ day: '2026-11-27', emails: 1, cap: 1 },
			{ day: '2026-11-28', emails: 2, cap: 2 },
			{ day: '2026-11-29', emails: 2, cap: 2 },
		])
		expect(calendar.recipients[4]!.steps[0]!.hold).toBe('DAILY_CAP')
		expect(calendar.lastSendAt?.toISOString()).toBe('2026-11-29T00:00:00.000Z')
	})

	test('a deferred first email carries its follow-ups with it, and follow-ups count against the cap too', () => {
		const calendar = computeSendCalendar({
			now: NOW,
			window: ALWAYS_OPEN,
			organizationTimeZone: 'UTC',
			recipients: [
				recipient('a', 'UTC', [email(1, 0), email(2, 1)]),
				recipient('b', 'UTC', [email(1, 0), email(2, 1)]),
			],
			mailboxes: [mailbox(1)],
		})
		// b's first email waits for Saturday; a's follow-up, due Saturday 12:00, finds Saturday taken and
		// goes Sunday; b's follow-up, due Sunday, finds Sunday taken and goes Monday.
		expect(times(calendar, 'a')).toEqual([NOW.toISOString(), '2026-11-29T00:00:00.000Z'])
		expect(times(calendar, 'b')).toEqual(['2026-11-28T00:00:00.000Z', '2026-11-30T00:00:00.000Z'])
		expect(calendar.mailboxes[0]!.emails).toBe(4)
	})

	test('the cap resets at the organization’s midnight, and the deferred send waits for the recipient’s window', () => {
		// Organization in Oslo; recipients in New York; cap 1.
		const calendar = computeSendCalendar({
			now: NOW,
			window: WEEKDAYS_9_TO_17,
			organizationTimeZone: 'Europe/Oslo',
			recipients: [
				recipient('a', 'America/New_York', [email(1, 0)]),
				recipient('b', 'America/New_York', [email(1, 0)]),
			],
			mailboxes: [mailbox(1)],
		})
		// a: Friday 09:00 New York. b: Oslo's Saturday has room, but New York's window opens Monday 09:00.
		expect(times(calendar, 'a')).toEqual(['2026-11-27T14:00:00.000Z'])
		expect(times(calendar, 'b')).toEqual(['2026-11-30T14:00:00.000Z'])
		expect(calendar.mailboxes[0]!.days.map((d) => d.day)).toEqual(['2026-11-27', '2026-11-30'])
	})

	test('warm-up raises the cap day by day', () => {
		const start = Date.parse('2026-11-27T00:00:00Z')
		const calendar = computeSendCalendar({
			now: NOW,
			window: ALWAYS_OPEN,
			organizationTimeZone: 'UTC',
			recipients: Array.from({ length: 6 }, (_, i) => recipient(`r${i}`, 'UTC', [email(1, 0)])),
			mailboxes: [mailbox((dayStart) => 1 + Math.round((dayStart.getTime() - start) / 86_400_000))],
		})
		expect(calendar.mailboxes[0]!.days.map((d) => [d.day, d.emails])).toEqual([
			['2026-11-27', 1],
			['2026-11-28', 2],
			['2026-11-29', 3],
		])
	})

	test('a cap of 0 never sends: counted as unplaceable, not looped on', () => {
		const calendar = computeSendCalendar({
			now: NOW,
			window: ALWAYS_OPEN,
			organizationTimeZone: 'UTC',
			recipients: [recipient('a', 'UTC', [email(1, 0), email(2, 2)])],
			mailboxes: [mailbox(0)],
		})
		expect(calendar.unplaceable).toBe(1)
		expect(calendar.recipients[0]!.steps).toEqual([])
		expect(calendar.lastSendAt).toBeNull()
	})

	test('LinkedIn and phone steps follow the window but no mailbox cap, each its own chain', () => {
		const calendar = computeSendCalendar({
			now: NOW,
			window: ALWAYS_OPEN,
			organizationTimeZone: 'UTC',
			recipients: [
				recipient('a', 'UTC', [
					email(1, 0),
					{ id: 'l1', kind: 'linkedin', order: 1, daysAfter: 0 },
					{ id: 'l2', kind: 'linkedin', order: 2, daysAfter: 2 },
				]),
				recipient('b', 'UTC', [email(1, 0)]),
			],
			mailboxes: [mailbox(1)],
		})
		const a = calendar.recipients[0]!.steps
		expect(a.map((s) => [s.id, s.at.toISOString()])).toEqual([
			['e1', NOW.toISOString()],
			['l1', NOW.toISOString()],
			['l2', '2026-11-29T12:00:00.000Z'],
		])
		expect(times(calendar, 'b')).toEqual(['2026-11-28T00:00:00.000Z'])
	})

	test('10,000 recipients at a cap of 50 a day: every email placed, 200 days', () => {
		const calendar = computeSendCalendar({
			now: NOW,
			window: WEEKDAYS_9_TO_17,
			organizationTimeZone: 'UTC',
			recipients: Array.from({ length: 10_000 }, (_, i) => recipient(`r${i}`, 'UTC', [email(1, 0)])),
			mailboxes: [mailbox(50)],
		})
		expect(calendar.mailboxes[0]!.emails).toBe(10_000)
		expect(calendar.mailboxes[0]!.days).toHaveLength(200)
		expect(calendar.mailboxes[0]!.days.every((day) => day.emails === 50)).toBe(true)
	})
})
