import { describe, expect, test } from 'vitest'
import { progressPercent, sequenceProgress, sequenceStatusLabel } from './sequence-progress.ts'

describe('sequenceProgress', () => {
	test('counts email SENT and REPLIED and LinkedIn SENT out of all email and LinkedIn steps', () => {
		const progress = sequenceProgress({
			emailSteps: [{ status: 'SENT' }, { status: 'REPLIED' }, { status: 'SCHEDULED' }, { status: 'FAILED' }],
			linkedInSteps: [{ status: 'SENT' }, { status: 'REPLIED' }, { status: 'PENDING' }],
		})
		expect(progress).toEqual({ sent: 3, total: 7, percent: 43 })
	})

	test('no steps is 0%, all sent 100%', () => {
		expect(sequenceProgress({})).toEqual({ sent: 0, total: 0, percent: 0 })
		expect(sequenceProgress({ emailSteps: [{ status: 'SENT' }] }).percent).toBe(100)
		expect(progressPercent(2, 3)).toBe(67)
	})
})

describe('sequenceStatusLabel', () => {
	test('CREATING reads Generating N%, PENDING reads Draft, others raw', () => {
		expect(sequenceStatusLabel('CREATING', 40)).toBe('Generating 40%')
		expect(sequenceStatusLabel('CREATING', null)).toBe('Generating 0%')
		expect(sequenceStatusLabel('CREATING', 140)).toBe('Generating 100%')
		expect(sequenceStatusLabel('PENDING', 0)).toBe('Draft')
		expect(sequenceStatusLabel('ACTIVE', 0)).toBe('ACTIVE')
		expect(sequenceStatusLabel('PAUSED', 10)).toBe('PAUSED')
	})
})
