import { afterEach, expect, test } from 'vitest'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { describeDuration, estimateSearchSeconds } from './estimate-search-time.server.ts'

afterEach(() => {
	delete process.env.CONTACT_SEARCH_CONCURRENCY
	resetEnvCache()
})

test('the estimate grows with the waves of companies and says it in plain words', () => {
	process.env.CONTACT_SEARCH_CONCURRENCY = '5'
	resetEnvCache()
	const one = estimateSearchSeconds({ companies: 1, linkedinConnected: true })
	const twenty = estimateSearchSeconds({ companies: 20, linkedinConnected: true })
	expect(twenty).toBeGreaterThan(one)
	expect(estimateSearchSeconds({ companies: 5, linkedinConnected: false })).toBeLessThan(
		estimateSearchSeconds({ companies: 5, linkedinConnected: true }),
	)
	expect(describeDuration(4)).toBe('about 10 seconds')
	expect(describeDuration(44)).toBe('about 40 seconds')
	expect(describeDuration(190)).toBe('about 3 minutes')
})
