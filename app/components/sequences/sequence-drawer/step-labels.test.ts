import { describe, expect, test } from 'vitest'
import {
	emailStepTitle,
	emailTimingLabel,
	linkedInStepTitle,
	linkedInTimingLabel,
	nextStepDays,
} from './step-labels.ts'

describe('timing labels', () => {
	test('email: Immediately or from now for the first step, then after the step before', () => {
		expect(emailTimingLabel(1, 0)).toBe('Immediately')
		expect(emailTimingLabel(1, 1)).toBe('1 day from now')
		expect(emailTimingLabel(1, 2)).toBe('2 days from now')
		expect(emailTimingLabel(2, 0)).toBe('0 days after initial step')
		expect(emailTimingLabel(2, 1)).toBe('1 day after initial step')
		expect(emailTimingLabel(3, 4)).toBe('4 days after previous step')
	})

	test('LinkedIn: the request from now, later steps from acceptance', () => {
		expect(linkedInTimingLabel(1, 0)).toBe('Immediately')
		expect(linkedInTimingLabel(2, 0)).toBe('Same day as acceptance')
		expect(linkedInTimingLabel(2, 1)).toBe('1 day after acceptance')
		expect(linkedInTimingLabel(3, 5)).toBe('5 days after acceptance')
	})
})

test('titles by order', () => {
	expect([1, 2, 3].map(emailStepTitle)).toEqual(['Initial Email', 'Follow-up Email', 'Follow-up Email'])
	expect([1, 2, 3, 4].map(linkedInStepTitle)).toEqual([
		'Connection Request',
		'Message',
		'Follow-up Message',
		'Follow-up Message',
	])
})

test('a new step comes one day after the last, or at 0', () => {
	expect(nextStepDays([])).toBe(0)
	expect(nextStepDays([{ daysAfter: 0 }, { daysAfter: 4 }])).toBe(5)
})
