import { describe, expect, test } from 'vitest'
import { nextSendOpening, type SendWindow } from './send-window.ts'
import { capDeferral, planStepSchedule, randomGaps, releaseAt, sendGapOf } from './step-plan.ts'

const WEEKDAYS_8_TO_18: SendWindow = { enabled: true, days: [1, 2, 3, 4, 5], start: 8 * 60, end: 18 * 60 }
const OFF: SendWindow = { ...WEEKDAYS_8_TO_18, enabled: false }
const iso = (date: Date) => date.toISOString()

describe('the next opening of the send window', () => {
	test('inside the window the time stands; before it, today’s opening; after it, the next weekday’s', () => {
		// Wednesday 25 Nov 2026.
		expect(iso(nextSendOpening(new Date('2026-11-25T10:00:00Z'), WEEKDAYS_8_TO_18, 'UTC'))).toBe(
			'2026-11-25T10:00:00.000Z',
		)
		expect(iso(nextSendOpening(new Date('2026-11-25T06:00:00Z'), WEEKDAYS_8_TO_18, 'UTC'))).toBe(
			'2026-11-25T08:00:00.000Z',
		)
		expect(iso(nextSendOpening(new Date('2026-11-25T18:00:00Z'), WEEKDAYS_8_TO_18, 'UTC'))).toBe(
			'2026-11-26T08:00:00.000Z',
		)
	})

	test('a weekend waits for Monday, in the zone given', () => {
		// Friday 27 Nov 2026 19:00 in New York (Saturday 00:00 UTC): Monday 08:00 New York is 13:00 UTC.
		expect(iso(nextSendOpening(new Date('2026-11-28T00:00:00Z'), WEEKDAYS_8_TO_18, 'America/New_York'))).toBe(
			'2026-11-30T13:00:00.000Z',
		)
		// The same instant is Saturday 09:00 in Tokyo: Monday 08:00 Tokyo is Sunday 23:00 UTC.
		expect(iso(nextSendOpening(new Date('2026-11-28T00:00:00Z'), WEEKDAYS_8_TO_18, 'Asia/Tokyo'))).toBe(
			'2026-11-29T23:00:00.000Z',
		)
	})

	test('across a change of clocks the opening stays at 08:00 local time', () => {
		// Paris moves to summer time on Sunday 29 Mar 2026: 08:00 is 07:00 UTC on Friday, 06:00 UTC on Monday.
		expect(iso(nextSendOpening(new Date('2026-03-27T18:30:00Z'), WEEKDAYS_8_TO_18, 'Europe/Paris'))).toBe(
			'2026-03-30T06:00:00.000Z',
		)
		// New York leaves summer time on Sunday 1 Nov 2026: Monday 08:00 is 13:00 UTC (12:00 the Friday before).
		expect(iso(nextSendOpening(new Date('2026-10-30T23:00:00Z'), WEEKDAYS_8_TO_18, 'America/New_York'))).toBe(
			'2026-11-02T13:00:00.000Z',
		)
	})
})

describe('planning and holds', () => {
	test('a step moved by the window is held for it; one inside the window is not', () => {
		const from = new Date('2026-11-25T17:00:00Z') // Wednesday 17:00 UTC
		const plan = planStepSchedule([{ daysAfter: 0 }, { daysAfter: 3 }], from, WEEKDAYS_8_TO_18, 'UTC')
		expect(plan[0]).toEqual({ at: from, dueAt: from, hold: null })
		// Saturday 17:00 → Monday 08:00, held for the window, due when planned.
		expect(iso(plan[1]!.at)).toBe('2026-11-30T08:00:00.000Z')
		expect(iso(plan[1]!.dueAt)).toBe('2026-11-28T17:00:00.000Z')
		expect(plan[1]!.hold).toBe('WINDOW')
		expect(releaseAt(from, OFF, 'UTC').hold).toBeNull()
	})

	test('a step over the cap goes at the next day’s window opening, never at midnight', () => {
		// Wednesday 17:30 in Paris, cap reached: Thursday 08:00 Paris.
		const now = new Date('2026-11-25T16:30:00Z')
		const deferral = capDeferral(now, WEEKDAYS_8_TO_18, 'Europe/Paris', 'Europe/Paris')
		expect(iso(deferral.at)).toBe('2026-11-26T07:00:00.000Z')
		expect(iso(deferral.dueAt)).toBe('2026-11-25T23:00:00.000Z') // the new mailbox day
		expect(deferral.hold).toBe('DAILY_CAP')
		// Friday: Monday's opening. Contact in New York, organization's day in Paris.
		const friday = capDeferral(
			new Date('2026-11-27T16:30:00Z'),
			WEEKDAYS_8_TO_18,
			'America/New_York',
			'Europe/Paris',
		)
		expect(iso(friday.at)).toBe('2026-11-30T13:00:00.000Z')
	})

	test('with no window, the cap waits for the start of the organization’s next local day', () => {
		const deferral = capDeferral(new Date('2026-11-25T16:30:00Z'), OFF, 'UTC', 'Europe/Paris')
		expect(iso(deferral.at)).toBe('2026-11-25T23:00:00.000Z')
	})
})

describe('spreading', () => {
	test('gaps are whole seconds within the organization’s bounds, and the bounds are sane', () => {
		const gaps = randomGaps(500, { min: 60, max: 180 })
		expect(gaps.every((gap) => Number.isInteger(gap) && gap >= 60 && gap <= 180)).toBe(true)
		expect(new Set(gaps).size).toBeGreaterThan(50)
		expect(randomGaps(2, { min: 60, max: 180 }, () => 0)).toEqual([60, 60])
		expect(randomGaps(1, { min: 60, max: 180 }, () => 0.999999)).toEqual([180])
		expect(sendGapOf({ sendGapMinSeconds: 90, sendGapMaxSeconds: 30 })).toEqual({ min: 90, max: 90 })
		expect(sendGapOf({ sendGapMinSeconds: -5, sendGapMaxSeconds: 0 })).toEqual({ min: 0, max: 0 })
	})
})
