import { describe, expect, test } from 'vitest'
import { evaluateLeadExtraction } from './extract-leads-offline.eval.ts'

describe('the offline lead extractors over their evaluation set (lead-extraction-cases.ts)', () => {
	const result = evaluateLeadExtraction()

	test('find the people a person would list, and nobody else', () => {
		// Decision 034 records the figures; the floors leave room for a wording change, not for a regression.
		expect(result.cases.length).toBeGreaterThanOrEqual(30)
		expect(result.precision).toBeGreaterThanOrEqual(0.97)
		expect(result.recall).toBeGreaterThanOrEqual(0.95)
		expect(result.nameSplitAccuracy).toBeGreaterThanOrEqual(0.97)
		expect(result.fieldAccuracy).toBeGreaterThanOrEqual(0.95)
	})

	test('inputs that name nobody give nobody', () => {
		for (const score of result.cases.filter((found) => found.expected === 0))
			expect(score.extra, score.name).toEqual([])
	})

	test('each kind of input is covered', () => {
		const kinds = new Set(result.cases.map((score) => score.name.split(':')[0]))
		expect(kinds).toEqual(new Set(['text', 'csv', 'page']))
	})
})
