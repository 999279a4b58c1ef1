import { describe, expect, test } from 'vitest'
import {
	cutCell,
	editText,
	fieldText,
	headquarterText,
	importProgress,
	resultSummary,
} from './format-imported-company.ts'

describe('company import display helpers', () => {
	test('cells are cut at 30 characters with an ellipsis', () => {
		expect(cutCell('Short')).toBe('Short')
		expect(cutCell('x'.repeat(30))).toBe('x'.repeat(30))
		const cut = cutCell('A description that is much longer than thirty characters')
		expect(cut).toBe('A description that is much lon…')
		expect(cut.endsWith('…')).toBe(true)
	})

	test('fields read as text: headquarter, locations, funding, counts', () => {
		const company = {
			name: 'Acme',
			employeeCount: 1200,
			headquarter: { city: 'Berlin', geographic_area: 'Berlin', country: 'Germany', postal_code: '10115' },
			locations: ['Berlin', 'Paris'],
			funding: { round: 'Series B', amount: '$40M' },
		}
		expect(fieldText(company, 'employeeCount')).toBe('1,200')
		expect(editText(company, 'employeeCount')).toBe('1200')
		expect(fieldText(company, 'headquarter')).toBe('Berlin, Germany')
		expect(fieldText(company, 'locations')).toBe('Berlin; Paris')
		expect(fieldText(company, 'funding')).toBe('Series B, $40M')
		expect(fieldText(company, 'website')).toBe('')
		expect(headquarterText(null)).toBe('')
	})

	test('the history line counts saved, duplicates and failures', () => {
		expect(resultSummary({ successCount: 12, duplicateCount: 2, errorCount: 1 })).toBe(
			'12/15 companies imported successfully · 2 duplicates · 1 failed',
		)
		expect(resultSummary({ successCount: 3, duplicateCount: 0, errorCount: 0 })).toBe(
			'3/3 companies imported successfully',
		)
	})

	test('progress from the job: its percent, or completed over total', () => {
		expect(
			importProgress({ progress: 40, metadata: { completed: 2, total: 5, currentItem: 'Acme' } }),
		).toEqual({
			percent: 40,
			completed: 2,
			total: 5,
			currentItem: 'Acme',
		})
		expect(importProgress({ progress: 0, metadata: { completed: 1, total: 4 } }).percent).toBe(25)
		expect(importProgress(null, 7)).toEqual({ percent: 0, completed: 0, total: 7, currentItem: null })
	})
})
