import { describe, expect, test } from 'vitest'
import { progressPercent, sequenceProgress, sequenceStatusLabel, statusWord } from './sequence-progress.ts'

describe('sequenceProgress', () => {
	test('counts email SENT and REPLIED and LinkedIn SENT (and past it) out of all email and LinkedIn steps', () => {
		const progress = sequenceProgress({
			emailSteps: [{ status: 'SENT' }, { status: 'REPLIED' }, { status: 'SCHEDULED' }, { status: 'FAILED' }],
			linkedInSteps: [{ status: 'SENT' }, { status: 'PENDING' }, { status: 'FAILED' }],
		})
		expect(progress).toEqual({ sent: 3, total: 7, percent: 43 })
	})

	test('a LinkedIn step ACCEPTED or REPLIED was sent: it still counts', () => {
		const steps = (status: string) => ({
			emailSteps: [{ status: 'SENT' }],
			linkedInSteps: [{ status }, { status: 'SCHEDULED' }],
		})
		expect(sequenceProgress(steps('SENT'))).toEqual({ sent: 2, total: 3, percent: 67 })
		expect(sequenceProgress(steps('ACCEPTED'))).toEqual({ sent: 2, total: 3, percent: 67 })
		expect(sequenceProgress(steps('REPLIED'))).toEqual({ sent: 2, total: 3, percent: 67 })
		expect(sequenceProgress(steps('SCHEDULED')).sent).toBe(1)
		expect(sequenceProgress(steps('SENDING')).sent).toBe(1)
		expect(sequenceProgress(steps('CANCELED')).sent).toBe(1)
	})

	test('no steps is 0%, all sent 100%', () => {
		expect(sequenceProgress({})).toEqual({ sent: 0, total: 0, percent: 0 })
		expect(sequenceProgress({ emailSteps: [{ status: 'SENT' }] }).percent).toBe(100)
		expect(progressPercent(2, 3)).toBe(67)
	})
})

describe('sequenceStatusLabel', () => {
	test('CREATING reads Generating N%, PENDING reads Draft, others as words in one casing', () => {
		expect(sequenceStatusLabel('CREATING', 40)).toBe('Generating 40%')
		expect(sequenceStatusLabel('CREATING', null)).toBe('Generating 0%')
		expect(sequenceStatusLabel('CREATING', 140)).toBe('Generating 100%')
		expect(sequenceStatusLabel('PENDING', 0)).toBe('Draft')
		expect(sequenceStatusLabel('ACTIVE', 0)).toBe('Active')
		expect(sequenceStatusLabel('PAUSED', 10)).toBe('Paused')
		expect(sequenceStatusLabel('CANCELLED', 0)).toBe('Cancelled')
	})

	test('a sequence a reply stopped reads Replied, not Paused', () => {
		expect(sequenceStatusLabel('PAUSED', 0, { replied: true })).toBe('Replied')
		// A reply on a finished sequence does not rename it.
		expect(sequenceStatusLabel('COMPLETED', 0, { replied: true })).toBe('Completed')
	})

	test('statusWord: capitals become a word, other text stays', () => {
		expect(statusWord('NOT_FOUND')).toBe('Not found')
		expect(statusWord('Draft')).toBe('Draft')
		expect(statusWord('Generating 40%')).toBe('Generating 40%')
	})
})
