import { describe, expect, test } from 'vitest'
import { isTerminalStatus, QueueableActionSchema } from './queueable.ts'

describe('QueueableActionSchema', () => {
	test.each([
		[{ action: 'finalize' }, 'finalize'],
		[{ action: 'cancel' }, 'cancel'],
		[{ finalize: true }, 'finalize'],
		[{ cancel: true }, 'cancel'],
	])('%j → %s', (body, action) => {
		expect(QueueableActionSchema.parse(body)).toBe(action)
	})

	test.each([{}, { action: 'delete' }, { finalize: false }, { cancel: 1 }, null, 'cancel'])(
		'%j is refused with the message',
		(body) => {
			const parsed = QueueableActionSchema.safeParse(body)
			expect(parsed.success).toBe(false)
			expect(parsed.error?.issues[0]?.message).toBe('Action must be finalize or cancel')
		},
	)
})

test('terminal statuses', () => {
	expect(
		['PENDING', 'PROCESSING', 'COMPLETED', 'FINISHED', 'FAILED'].filter((status) =>
			isTerminalStatus(status as never),
		),
	).toEqual(['COMPLETED', 'FINISHED', 'FAILED'])
})
