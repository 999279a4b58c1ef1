import { expect, test } from 'vitest'
import { forEachConcurrently } from './concurrent-each.ts'

test('never runs more than the limit at once and visits every item', async () => {
	let running = 0
	let peak = 0
	const seen: number[] = []
	await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
		running++
		peak = Math.max(peak, running)
		await new Promise((resolve) => setTimeout(resolve, 5 + (item % 3) * 3))
		seen.push(item)
		running--
	})
	expect(peak).toBe(3)
	expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
})

test('stops starting items once the signal aborts', async () => {
	const abort = new AbortController()
	const started: number[] = []
	await forEachConcurrently(
		[0, 1, 2, 3, 4, 5],
		2,
		async (item) => {
			started.push(item)
			if (item === 1) abort.abort()
			await Promise.resolve()
		},
		abort.signal,
	)
	expect(started).toEqual([0, 1])
})

test('rejects with the first error once the running items settle', async () => {
	await expect(
		forEachConcurrently([0, 1, 2], 2, async (item) => {
			if (item === 0) throw new Error('first')
		}),
	).rejects.toThrow('first')
})
