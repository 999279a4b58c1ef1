// Imported text (spec §5: "CSV text is stripped of control characters and emoji"). Letters of every
// script, accents, CJK and punctuation stay; ©, ® and ™ stay (they are symbols in names, not emoji).

/** C0/C1 controls except tab and newlines, plus invisible format characters that can hide or reorder text. */
const CONTROL =
	// eslint-disable-next-line no-control-regex -- matching control characters is the point
	/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]/g
/** Pictographs (not ©®™), flags, skin tones, keycaps, variation selectors and tag characters. */
const EMOJI =
	/(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u20E3|\uFE0E|\uFE0F|[\u{E0020}-\u{E007F}]/gu

export type CleanTextOptions = {
	/** The longest text kept; longer text is cut (on a character boundary, not inside a surrogate pair). */
	max: number
	/** Multi-line text (descriptions) keeps its line breaks; other fields become one line. */
	multiline?: boolean
}

/** A value from a CSV cell, an extractor or a form as clean text; null when nothing is left. */
export function cleanImportedText(
	value: unknown,
	{ max, multiline = false }: CleanTextOptions,
): string | null {
	const raw =
		typeof value === 'string'
			? value
			: typeof value === 'number' && Number.isFinite(value)
				? String(value)
				: typeof value === 'boolean'
					? String(value)
					: null
	if (raw === null) return null
	// Look at a bounded prefix only: a million-character cell must not cost more than a long one.
	let text = raw.length > max * 4 + 1_000 ? raw.slice(0, max * 4 + 1_000) : raw
	text = text
		.normalize('NFC')
		.replace(/\r\n?|[\u2028\u2029]/g, '\n')
		.replace(CONTROL, '')
		.replace(EMOJI, '')
	text = multiline
		? text
				.replace(/[\t\f\v \u00A0\u3000]+/g, ' ')
				.replace(/ *\n */g, '\n')
				.replace(/\n{3,}/g, '\n\n')
		: text.replace(/\s+/g, ' ')
	text = text.trim()
	if (!text) return null
	return cutText(text, max)
}

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
export function cutText(text: string, max: number) {
	if (text.length <= max) return text
	let end = max
	const code = text.charCodeAt(end - 1)
	if (code >= 0xd800 && code <= 0xdbff) end -= 1
	return text.slice(0, end).trimEnd()
}
