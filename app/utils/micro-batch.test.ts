import { expect, test } from 'vitest'
import { createMicroBatch } from './micro-batch.ts'

test('calls of one turn share one run and each gets its own result', async () => {
	const runs: number[][] = []
	const double = createMicroBatch(async (inputs: number[]) => {
		runs.push(inputs)
		return inputs.map((input) => input * 2)
	})
	expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6])
	expect(await double(4)).toBe(8)
	expect(runs).toEqual([[1, 2, 3], [4]])
})

test('a full batch runs at once and an error reaches every caller of its batch', async () => {
	const runs: number[][] = []
	const fail = createMicroBatch(
		async (inputs: number[]) => {
			runs.push(inputs)
			if (inputs.includes(3)) throw new Error('boom')
			return inputs
		},
		{ maxSize: 2 },
	)
	const results = await Promise.allSettled([fail(1), fail(2), fail(3)])
	expect(runs).toEqual([[1, 2], [3]])
	expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
})
