import { describe, expect, test } from 'vitest'
import { ANALYTICS_MESSAGES, funnelOf, parseAnalyticsFilter, withRates } from './analytics.ts'

const TODAY = '2026-11-27'
const parse = (query: string) => parseAnalyticsFilter(new URLSearchParams(query), TODAY)

describe('parseAnalyticsFilter', () => {
	test('defaults: the last 30 days ending today, by day, everything', () => {
		expect(parse('')).toEqual({
			filter: { from: '2026-10-29', to: TODAY, granularity: 'day', mailbox: null, user: null, campaign: null },
			errors: {},
		})
	})

	test('a start alone runs to today; an end alone covers the 30 days before it', () => {
		expect(parse('from=2026-11-01').filter).toMatchObject({ from: '2026-11-01', to: TODAY })
		expect(parse('to=2026-02-28').filter).toMatchObject({ from: '2026-01-30', to: '2026-02-28' })
	})

	test('refused values say why and take their default', () => {
		expect(parse('from=2026-13-01&granularity=month')).toMatchObject({
			filter: { from: '2026-10-29', granularity: 'day' },
			errors: { from: ANALYTICS_MESSAGES.invalidDate, granularity: ANALYTICS_MESSAGES.invalidGranularity },
		})
		expect(parse('from=2026-11-20&to=2026-11-10')).toMatchObject({
			filter: { from: '2026-10-29', to: TODAY },
			errors: { from: ANALYTICS_MESSAGES.fromAfterTo },
		})
	})
})

test('rates are of delivered emails, unknown when nothing was delivered', () => {
	const counts = { sent: 10, delivered: 8, bounced: 2, clicked: 2, replied: 1, unsubscribed: 0, botClicks: 5 }
	expect(withRates(counts)).toMatchObject({ clickRate: 0.25, replyRate: 0.125 })
	expect(withRates({ ...counts, sent: 0, delivered: 0 })).toMatchObject({ clickRate: null, replyRate: null })
	expect(funnelOf(counts).map((stage) => stage.count)).toEqual([10, 8, 2, 1])
})
