import { describe, expect, test } from 'vitest'
import { rankOffline } from './offline-ranker.ts'
import { testCandidate } from './test-candidate.ts'

describe('rankOffline', () => {
	test('the asked title first, look-alikes below, and every reason says what matched', () => {
		const ranked = rankOffline('VP of Sales or Head of Revenue in Europe', [
			testCandidate('engineer', { role: 'Sales Engineer', location: 'Munich, Germany' }),
			testCandidate('marketing', { role: 'Head of Marketing', location: 'Paris' }),
			testCandidate('vp', { role: 'Vice President, Sales EMEA', location: 'Berlin' }),
			testCandidate('us', { role: 'VP Sales', location: 'New York, NY' }),
			testCandidate('nobody', { role: 'Receptionist' }),
		])
		expect(ranked.map((entry) => entry.candidate.key)).toEqual([
			'vp',
			'us',
			'engineer',
			'marketing',
			'nobody',
		])
		expect(ranked[0]!.reason).toBe(
			"VP-level sales leader: 'Vice President, Sales EMEA' matches VP of Sales; based in Berlin (Europe)",
		)
		expect(ranked[1]!.reason).toContain('based in New York, NY, outside Europe')
		expect(ranked[2]!.reason).toContain("'Sales Engineer' is not")
		expect(ranked[4]!.reason).toBe("No title match ('Receptionist'); listed at the company")
		for (const entry of ranked) {
			expect(entry.score).toBeGreaterThanOrEqual(0)
			expect(entry.score).toBeLessThanOrEqual(1)
		}
	})

	test('the CFO is not their assistant', () => {
		const ranked = rankOffline('the CFO', [
			testCandidate('assistant', { role: 'Assistant to the CFO' }),
			testCandidate('vp', { role: 'VP Finance' }),
			testCandidate('cfo', { role: 'Chief Financial Officer' }),
		])
		expect(ranked.map((entry) => entry.candidate.key)).toEqual(['cfo', 'vp', 'assistant'])
		expect(ranked[0]!.reason).toBe("C-level finance leader: 'Chief Financial Officer' matches CFO")
		expect(ranked[1]!.reason).toContain('one level below CFO')
	})

	test('role details and summary count, less than the title; the summary words are quoted', () => {
		const ranked = rankOffline('engineering leaders who own the data platform', [
			testCandidate('summary', { role: 'Director', summary: 'Runs the data platform team' }),
			testCandidate('title', { role: 'VP Engineering, Data Platform' }),
			testCandidate('details', { role: 'Director', roleDetails: 'Engineering' }),
		])
		expect(ranked.map((entry) => entry.candidate.key)).toEqual(['title', 'details', 'summary'])
		expect(ranked[1]!.reason).toContain('role details mention engineering')
		expect(ranked[2]!.reason).toContain('only the summary mentions')
		expect(ranked[2]!.reason).toContain('mentions "data", "platform"')
	})

	test('ties: the fuller record first, then by name, then by key — the same every time', () => {
		const candidates = [
			testCandidate('k3', { role: 'Head of Sales', firstName: 'Zoe', lastName: 'Adams' }),
			testCandidate('k1', { role: 'Head of Sales', firstName: 'Amy', lastName: 'Brown' }),
			testCandidate('k2', {
				role: 'Head of Sales',
				firstName: 'Ann',
				lastName: 'Adams',
				email: 'ann@acme.test',
			}),
			testCandidate('k4', { role: 'Head of Sales', firstName: 'Zoe', lastName: 'Adams' }),
		]
		const order = rankOffline('Head of Sales', candidates).map((entry) => entry.candidate.key)
		expect(order).toEqual(['k2', 'k3', 'k4', 'k1'])
		expect(
			rankOffline('Head of Sales', [...candidates].reverse()).map((entry) => entry.candidate.key),
		).toEqual(order)
	})

	test('candidates with nothing matching still rank, last, and say so', () => {
		const ranked = rankOffline('founders', [
			testCandidate('blank'),
			testCandidate('founder', { role: 'Founder' }),
			testCandidate('designer', { role: 'UX Designer' }),
		])
		expect(ranked.map((entry) => entry.candidate.key)).toEqual(['founder', 'designer', 'blank'])
		expect(ranked[2]!.reason).toBe('No title match; listed at the company')
		expect(ranked[2]!.score).toBe(0)
	})

	test('non-English titles match English queries', () => {
		const ranked = rankOffline('head of procurement', [
			testCandidate('sales', { role: 'Jefe de Ventas' }),
			testCandidate('einkauf', { role: 'Einkaufsleiter' }),
			testCandidate('achats', { role: 'Directeur des Achats' }),
		])
		expect(
			ranked
				.slice(0, 2)
				.map((entry) => entry.candidate.key)
				.sort(),
		).toEqual(['achats', 'einkauf'])
	})
})
