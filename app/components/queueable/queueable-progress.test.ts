import { expect, test } from 'vitest'
import type { QueueableJson } from '#app/schemas/queueable.ts'
import { queueableStatusText } from './queueable-progress.tsx'

function job(overrides: Partial<QueueableJson>): QueueableJson {
	return {
		id: 'q1',
		type: 'document.parse',
		status: 'PENDING',
		progress: 0,
		metadata: {},
		result: null,
		failureReason: null,
		isActionable: false,
		cancelledAt: null,
		actedAt: null,
		completedAt: null,
		finishedAt: null,
		failedAt: null,
		createdAt: '2026-11-21T00:00:00.000Z',
		updatedAt: '2026-11-21T00:00:00.000Z',
		...overrides,
	}
}

test('status text follows the spec', () => {
	expect(queueableStatusText(null)).toBe('Starting...')
	expect(queueableStatusText(job({ status: 'PENDING' }))).toBe('Pending')
	expect(
		queueableStatusText(job({ status: 'PROCESSING', progress: 0, metadata: { completed: 0, total: 3 } })),
	).toBe('Starting...')
	expect(
		queueableStatusText(job({ status: 'PROCESSING', progress: 33, metadata: { completed: 1, total: 3 } })),
	).toBe('Processing...')
	expect(queueableStatusText(job({ status: 'COMPLETED', progress: 100 }))).toBe('Completed')
	expect(queueableStatusText(job({ status: 'FAILED', cancelledAt: '2026-11-21T00:00:01.000Z' }))).toBe(
		'Cancelled',
	)
	expect(queueableStatusText(job({ status: 'FAILED', failureReason: 'PDF has no pages' }))).toBe('Failed')
})
