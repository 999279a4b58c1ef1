import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible'
import { expect, test } from 'vitest'
import { optimisticWindow } from './rate-limit-window.ts'

/** The shared store's stand-in: a real counter whose answers arrive when the test lets them. */
function slowCounter(points: number) {
	const memory = new RateLimiterMemory({ points, duration: 60 })
	const waiting: Array<() => void> = []
	let calls = 0
	return {
		get calls() {
			return calls
		},
		answerAll() {
			for (const answer of waiting.splice(0)) answer()
		},
		consume(key: string) {
			calls++
			// Settled now (so a refusal is never an unhandled rejection), delivered later.
			const result = memory.consume(key).then(
				(value) => ({ refused: false, value }),
				(value: RateLimiterRes) => ({ refused: true, value }),
			)
			return new Promise<RateLimiterRes>((resolve, reject) => {
				waiting.push(
					() => void result.then(({ refused, value }) => (refused ? reject(value) : resolve(value))),
				)
			})
		},
	}
}

async function settle() {
	for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
}

test('far from the limit a request does not wait for the store, and every request is counted', async () => {
	const counter = slowCounter(100)
	const window = optimisticWindow(counter, 100)
	// The first request of a key waits: nothing is known about it yet.
	const first = window.spend('a')
	await settle()
	counter.answerAll()
	expect(await first).toBe(0)
	// The next ones are allowed at once, while their counts are still unanswered.
	for (let request = 0; request < 50; request++) expect(await window.spend('a')).toBe(0)
	expect(counter.calls).toBe(51)
	counter.answerAll()
	await settle()
})

test('near the limit each request waits for its count, after those in flight: the (N+1)th is refused', async () => {
	const points = 20
	const counter = slowCounter(points)
	const window = optimisticWindow(counter, points)
	const answers: number[] = []
	for (let request = 1; request <= points + 1; request++) {
		const spent = window.spend('b')
		// The store answers only when the test lets it: a waiting request cannot finish before.
		await settle()
		counter.answerAll()
		answers.push(await spent)
		await settle()
	}
	expect(answers.slice(0, points)).toEqual(Array(points).fill(0))
	expect(answers[points]).toBeGreaterThan(0)
})

test('what other processes spent, learned from the store, ends the optimism', async () => {
	const points = 10
	const shared = new RateLimiterMemory({ points, duration: 60 })
	const window = optimisticWindow({ consume: (key) => shared.consume(key) }, points)
	expect(await window.spend('c')).toBe(0)
	// Another process spends the rest of the budget.
	for (let request = 0; request < points - 1; request++) await shared.consume('c').catch(() => {})
	// This process still believes 9 remain: one more goes through, and its count tells the truth.
	expect(await window.spend('c')).toBe(0)
	await settle()
	expect(await window.spend('c')).toBeGreaterThan(0)
})

test('a store that fails is reported to the caller when it waited', async () => {
	const window = optimisticWindow({ consume: () => Promise.reject(new Error('down')) }, 10)
	await expect(window.spend('d')).rejects.toThrow('down')
})
