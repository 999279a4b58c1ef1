import { describe, expect, test } from 'vitest'
import {
	BUDGETS,
	budgetsFromEnv,
	describeWait,
	parseBudget,
	rateLimitsEnabled,
} from './rate-limit-budgets.ts'

describe('parseBudget', () => {
	test('reads one or more windows of <requests>/<duration>', () => {
		expect(parseBudget('60/1m')).toEqual([{ points: 60, seconds: 60 }])
		expect(parseBudget('60/1m, 600/1h,5/30s,1000/1d')).toEqual([
			{ points: 60, seconds: 60 },
			{ points: 600, seconds: 3600 },
			{ points: 5, seconds: 30 },
			{ points: 1000, seconds: 86_400 },
		])
	})

	test('refuses anything else, naming the variable', () => {
		for (const spec of ['', '60', '60/m', '0/1m', '60/0m', '60/1w', 'sixty/1m', '60/1m,']) {
			expect(() => parseBudget(spec, 'RATE_LIMIT_X')).toThrow(/^RATE_LIMIT_X: /)
		}
	})
})

test('budgetsFromEnv: every budget has a valid default; the environment overrides one at a time', () => {
	const defaults = budgetsFromEnv({})
	expect(Object.keys(defaults).sort()).toEqual(Object.keys(BUDGETS).sort())
	const custom = budgetsFromEnv({ RATE_LIMIT_API_PER_SESSION: '10/1s' })
	expect(custom.apiPerSession).toEqual([{ points: 10, seconds: 1 }])
	expect(custom.signInPerIp).toEqual(defaults.signInPerIp)
	expect(() => budgetsFromEnv({ RATE_LIMIT_SIGN_IN_PER_IP: 'lots' })).toThrow(/RATE_LIMIT_SIGN_IN_PER_IP/)
})

test('the defaults stay far above a person and the test suites (decision 018)', () => {
	const defaults = budgetsFromEnv({})
	const perMinute = (windows: { points: number; seconds: number }[]) =>
		Math.min(...windows.map((window) => (window.points * 60) / window.seconds))
	// The e2e suite signs in about once a test, serially, from 127.0.0.1.
	expect(perMinute(defaults.signInPerIp.filter((window) => window.seconds <= 60))).toBeGreaterThanOrEqual(60)
	// A page polling every second in three tabs.
	expect(perMinute(defaults.apiPerSession)).toBeGreaterThanOrEqual(180)
})

test('RATE_LIMITS=off (or false, 0) turns limits off; anything else leaves them on', () => {
	expect(rateLimitsEnabled({})).toBe(true)
	expect(rateLimitsEnabled({ RATE_LIMITS: 'on' })).toBe(true)
	expect(rateLimitsEnabled({ RATE_LIMITS: 'off' })).toBe(false)
	expect(rateLimitsEnabled({ RATE_LIMITS: ' OFF ' })).toBe(false)
	expect(rateLimitsEnabled({ RATE_LIMITS: 'false' })).toBe(false)
})

test('describeWait', () => {
	expect(describeWait(1)).toBe('1 second')
	expect(describeWait(42)).toBe('42 seconds')
	expect(describeWait(60)).toBe('1 minute')
	expect(describeWait(61)).toBe('2 minutes')
})
