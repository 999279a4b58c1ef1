/** The first `max` characters, ending at a line break when one is near, so no half line reads as a company. */
export function cutText(text: string, max: number) {
	if (text.length <= max) return text
	const cut = text.slice(0, max)
	const lastBreak = cut.lastIndexOf('\n')
	return lastBreak >= max - 2_000 ? cut.slice(0, lastBreak + 1) : cut
}
