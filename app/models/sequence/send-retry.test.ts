import { describe, expect, test } from 'vitest'
import { retryDelayMs } from './send-retry.ts'

const policy = { baseMs: 30_000, maxMs: 3_600_000 }

describe('retryDelayMs', () => {
	test('doubles with each attempt from the base, up to the cap', () => {
		const middle = { ...policy, random: () => 0.5 }
		expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, middle))).toEqual([
			30_000, 60_000, 120_000, 240_000, 480_000,
		])
		expect(retryDelayMs(8, middle)).toBe(3_600_000)
		expect(retryDelayMs(500, middle)).toBe(3_600_000)
	})

	test('spreads each delay by ±20 %', () => {
		expect(retryDelayMs(2, { ...policy, random: () => 0 })).toBe(48_000)
		expect(retryDelayMs(2, { ...policy, random: () => 0.999999 })).toBe(72_000)
		const seen = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, policy)))
		expect(seen.size).toBeGreaterThan(10)
		for (const delay of seen) expect(delay).toBeGreaterThanOrEqual(96_000)
	})
})
