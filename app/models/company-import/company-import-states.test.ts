import { expect, test } from 'vitest'
import { canMove, COMPANY_IMPORT_TRANSITIONS, statesBefore } from './company-import-states.ts'

const NORMAL_ORDER = ['MAPPING', 'PARSING', 'PROCESSING', 'PREVIEWING', 'SAVING', 'COMPLETED'] as const

test('the normal order moves one step at a time', () => {
	for (let index = 0; index < NORMAL_ORDER.length - 1; index++) {
		expect(canMove(NORMAL_ORDER[index]!, NORMAL_ORDER[index + 1]!)).toBe(true)
	}
})

test('steps never go back, except a failed save returning to the review', () => {
	for (let from = 1; from < NORMAL_ORDER.length; from++) {
		for (let to = 0; to < from; to++) {
			const allowed = NORMAL_ORDER[from] === 'SAVING' && NORMAL_ORDER[to] === 'PREVIEWING'
			expect(canMove(NORMAL_ORDER[from]!, NORMAL_ORDER[to]!), `${NORMAL_ORDER[from]} → ${NORMAL_ORDER[to]}`).toBe(
				allowed,
			)
		}
	}
})

test('ended imports move nowhere', () => {
	for (const state of ['COMPLETED', 'FAILED', 'REJECTED'] as const) {
		expect(COMPANY_IMPORT_TRANSITIONS[state]).toEqual([])
	}
})

test('a cancel is possible only while the job works, and ends in a review or a failure', () => {
	expect(statesBefore('CANCELLING').sort()).toEqual(['PARSING', 'PROCESSING'])
	expect([...COMPANY_IMPORT_TRANSITIONS.CANCELLING].sort()).toEqual(['FAILED', 'PREVIEWING'])
	expect(statesBefore('REJECTED').sort()).toEqual(['MAPPING', 'PREVIEWING'])
})
