/**
 * Lower case without accents, curly quotes straightened — one character for one, so a match's
 * index in the folded text is its index in the original (reasons quote the reply's own words).
 */
export function foldText(text: string): string {
	let folded = ''
	for (const char of text) {
		const base = char.normalize('NFD')[0] ?? char
		const lower = base.toLowerCase()
		const straight = lower === '\u2019' || lower === '\u2018' ? "'" : lower
		// Keep the length: a character that folds to something longer or shorter is kept as it was.
		folded += straight.length === char.length ? straight : char
	}
	return folded
}
