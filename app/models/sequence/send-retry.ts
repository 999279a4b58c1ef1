/**
 * When a step that failed for a temporary reason tries again (decision 013): base × 2^(n − 1)
 * after its n-th attempt, at most `maxMs`, then spread by ±20 % so steps that failed together
 * (one server down) do not all come back in the same second.
 */
export function retryDelayMs(
	attempts: number,
	{ baseMs, maxMs, random = Math.random }: { baseMs: number; maxMs: number; random?: () => number },
) {
	const exponent = Math.max(0, attempts - 1)
	const delay = Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 30))
	return Math.round(delay * (0.8 + 0.4 * random()))
}
