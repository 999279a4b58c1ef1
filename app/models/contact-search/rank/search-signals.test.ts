import { describe, expect, test } from 'vitest'
import { applySignals } from './rank-candidates.server.ts'
import { rankOffline } from './offline-ranker.ts'
import { MAX_SIGNAL_MOVE, prepareSignals, type SearchSignal, signalMove } from './search-signals.ts'
import { testCandidate } from './test-candidate.ts'

const kept = (lookingFor: string, role: string): SearchSignal => ({
	kind: 'ACCEPTED',
	lookingFor,
	role,
	roleDetails: null,
})
const dropped = (lookingFor: string, role: string): SearchSignal => ({
	kind: 'REJECTED',
	lookingFor,
	role,
	roleDetails: null,
})

describe('search signals', () => {
	test('people like those kept for a similar query go up, and the reason says why', () => {
		const prepared = prepareSignals('sales leaders', [kept('Head of Sales', 'Head of Sales DACH')])
		const { move, note } = signalMove(prepared, testCandidate('a', { role: 'Director of Sales' }))
		expect(move).toBeGreaterThan(0.05)
		expect(move).toBeLessThanOrEqual(MAX_SIGNAL_MOVE)
		expect(note).toBe("ranked up: you kept similar people before ('Head of Sales DACH')")
	})

	test('set-aside people lower similar ones; other functions are not touched', () => {
		const prepared = prepareSignals('Head of Sales', [dropped('VP Sales', 'Sales Engineer')])
		expect(signalMove(prepared, testCandidate('a', { role: 'Solutions Engineer' })).move).toBeLessThan(0)
		expect(signalMove(prepared, testCandidate('b', { role: 'Head of Marketing' }))).toEqual({
			move: 0,
			note: null,
		})
	})

	test('signals from unrelated searches do not count', () => {
		const prepared = prepareSignals('the CFO', [kept('engineering leaders', 'VP Engineering')])
		expect(prepared).toEqual([])
	})

	test('the move is bounded however many signals agree', () => {
		const many = Array.from({ length: 50 }, (_, index) => kept('Head of Sales', `Head of Sales ${index}`))
		const { move } = signalMove(
			prepareSignals('Head of Sales', many),
			testCandidate('a', { role: 'Head of Sales' }),
		)
		expect(move).toBeLessThanOrEqual(MAX_SIGNAL_MOVE)
		expect(move).toBeGreaterThan(0.14)
	})

	test('applied to a ranking, a kept kind of person overtakes an equal one', () => {
		const entries = rankOffline('sales leaders', [
			testCandidate('a', { role: 'VP Sales', firstName: 'Amy', lastName: 'Adams' }),
			testCandidate('b', { role: 'Head of Sales', firstName: 'Bea', lastName: 'Brown' }),
		])
		expect(entries.map((entry) => entry.candidate.key)).toEqual(['a', 'b'])
		const moved = applySignals('sales leaders', [kept('Head of Sales', 'Head of Revenue')], entries)
		expect(moved.map((entry) => entry.candidate.key)).toEqual(['b', 'a'])
		expect(moved[0]!.reason).toContain("ranked up: you kept similar people before ('Head of Revenue')")
		expect(applySignals('sales leaders', [], entries)).toBe(entries)
	})
})
