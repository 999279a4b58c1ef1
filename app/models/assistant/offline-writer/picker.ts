// The offline writer's randomness: a PRNG seeded from the request, so the output is
// deterministic for the same input yet differs between contacts.

export type NonEmpty<T> = readonly [T, ...T[]]

// FNV-1a: a stable 32-bit hash to seed the PRNG.
export function hash(text: string): number {
	let h = 0x811c9dc5
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i)
		h = Math.imul(h, 0x01000193)
	}
	return h >>> 0
}

// mulberry32: small, fast and good enough for choosing phrasings.
export function createPicker(seed: number) {
	let state = seed
	const random = () => {
		state = (state + 0x6d2b79f5) | 0
		let t = Math.imul(state ^ (state >>> 15), 1 | state)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return {
		random,
		pick<T>(options: NonEmpty<T>): T {
			return options[Math.floor(random() * options.length)] ?? options[0]
		},
	}
}
export type Picker = ReturnType<typeof createPicker>
