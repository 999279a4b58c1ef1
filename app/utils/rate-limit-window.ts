import { RateLimiterRes } from 'rate-limiter-flexible'

// One window of a budget, in front of the shared store (decision 018). Far from its limit a key's
// request is counted in the store without waiting for the answer (what it answers updates what
// this process knows); near the limit — within `margin` — each request waits for its count, after
// the counts still in flight, so the request over the limit is refused exactly. A request thus
// costs a database round trip only when the answer could be no.

type Counter = { consume(key: string): Promise<RateLimiterRes> }

type KeyState = { remaining: number; resetsAt: number }

const MAX_KEYS = 50_000

export type WindowSpender = {
	/** Milliseconds the key must wait when it is refused; 0 when the request may go on. */
	spend(key: string): Promise<number>
}

export function optimisticWindow(counter: Counter, points: number, now = () => Date.now()): WindowSpender {
	const margin = Math.max(2, Math.ceil(points * 0.1))
	const known = new Map<string, KeyState>()
	/** The latest count not waited for, per key. */
	const inFlight = new Map<string, Promise<unknown>>()

	function remember(key: string, result: RateLimiterRes) {
		known.delete(key) // re-inserted last: the map's order is least recently used first
		if (known.size >= MAX_KEYS) known.delete(known.keys().next().value!)
		known.set(key, { remaining: result.remainingPoints, resetsAt: now() + result.msBeforeNext })
	}

	async function count(key: string): Promise<number> {
		try {
			const result = await counter.consume(key)
			remember(key, result)
			return 0
		} catch (rejection) {
			if (!(rejection instanceof RateLimiterRes)) throw rejection
			remember(key, rejection)
			return rejection.msBeforeNext
		}
	}

	return {
		async spend(key) {
			const state = known.get(key)
			if (state && state.resetsAt > now() && state.remaining > margin) {
				state.remaining -= 1
				const pending: Promise<unknown> = count(key)
					.catch((error: unknown) => console.warn(`rate limit not counted: ${String(error)}`))
					.finally(() => {
						if (inFlight.get(key) === pending) inFlight.delete(key)
					})
				inFlight.set(key, pending)
				return 0
			}
			await inFlight.get(key)
			return count(key)
		},
	}
}
