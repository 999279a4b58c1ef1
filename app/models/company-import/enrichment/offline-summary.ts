/**
 * The offline writer of a company's description, summary and tagline (no model configured): the
 * first meaningful sentences of what the site says about itself, never cookie banners, menus,
 * sign-in prompts or copyright lines. Pure.
 */

const BOILERPLATE = [
	/\bcookies?\b/i,
	/\bprivacy (policy|notice|settings)\b/i,
	/\bterms (of (use|service)|and conditions)\b/i,
	/\b(sign|log) (in|up)\b/i,
	/\ball rights reserved\b/i,
	/©|\(c\)\s*\d{4}/i,
	/\bjavascript\b/i,
	/\b(accept|reject) all\b/i,
	/\bsubscribe to (our|the) newsletter\b/i,
	/\bskip to (main )?content\b/i,
	/\byour browser\b/i,
	/\b(click|tap) here\b/i,
	/\bwe use\b.*\b(cookies|tracking|analytics)\b/i,
]

const MIN_WORDS = 6
const MAX_SENTENCE = 300

/**
 * Sentences worth reading, in page order, de-duplicated. `lenient` is for a meta description: the
 * site wrote it to describe itself, so a short line without a full stop counts too.
 */
export function meaningfulSentences(text: string, { lenient = false } = {}): string[] {
	const minWords = lenient ? 4 : MIN_WORDS
	const seen = new Set<string>()
	const sentences: string[] = []
	for (const line of text.split('\n')) {
		const trimmed = line.replace(/^[-•*\s]+/, '').trim()
		// Menus and buttons are short lines; a sentence has words and ends like one.
		if (trimmed.split(/\s+/).length < minWords) continue
		for (const sentence of splitSentences(trimmed)) {
			const words = sentence.split(/\s+/).length
			if (words < minWords || sentence.length > MAX_SENTENCE) continue
			if (!lenient && !/[.!?]$/.test(sentence) && words < 10) continue
			if (BOILERPLATE.some((pattern) => pattern.test(sentence))) continue
			if (/https?:\/\/|@\w+\.\w+/.test(sentence)) continue
			const key = sentence.toLowerCase().replace(/\W+/g, ' ').trim()
			if (seen.has(key)) continue
			seen.add(key)
			sentences.push(sentence)
		}
	}
	return sentences
}

function splitSentences(text: string) {
	return text
		.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
		.map((sentence) => sentence.trim())
		.filter(Boolean)
}

/** At most `count` sentences within `maxChars`, whole sentences only. */
function take(sentences: string[], count: number, maxChars: number) {
	const picked: string[] = []
	let length = 0
	for (const sentence of sentences) {
		if (picked.length >= count || length + sentence.length + 1 > maxChars) break
		picked.push(sentence)
		length += sentence.length + 1
	}
	return picked.join(' ')
}

export type OfflineWriting = { description?: string; summary?: string; tagline?: string }

/**
 * description: the site's own meta description when it reads as a sentence, else the first two
 * meaningful sentences; summary: up to four sentences of the page text (the description's first
 * ones left out when there is more to say); tagline: the title's slogan half, or a short first line.
 */
export function writeOffline(input: {
	/** The company's names (the row's, the site's, LinkedIn's): never a tagline. */
	names?: Array<string | null | undefined>
	metaDescription?: string | null
	title?: string | null
	text: string
	/** Text of the LinkedIn page's About, when read. */
	about?: string | null
}): OfflineWriting {
	const fromMeta = meaningfulSentences(input.metaDescription ?? '', { lenient: true })
	const fromAbout = meaningfulSentences(input.about ?? '')
	const fromText = meaningfulSentences(input.text)
	const description = take(fromMeta.length ? fromMeta : fromAbout.length ? fromAbout : fromText, 2, 400)
	const used = new Set(description ? splitSentences(description) : [])
	const rest = [...fromText, ...fromAbout].filter((sentence) => !used.has(sentence))
	const summary = take(rest.length >= 2 ? rest : [...fromMeta, ...rest], 4, 700)
	return {
		description: description || undefined,
		summary: summary || undefined,
		tagline: taglineFrom(input.title, input.names ?? []) ?? undefined,
	}
}

/** "Acme — Rockets for everyone" → "Rockets for everyone" (the half that is not the name). */
export function taglineFrom(
	title: string | null | undefined,
	names: Array<string | null | undefined>,
): string | null {
	if (!title) return null
	const parts = title
		.split(/\s+[|–—:-]\s+/)
		.map((part) => part.trim())
		.filter(Boolean)
	if (parts.length < 2) return null
	const lowerNames = names
		.map((name) => name?.trim().toLowerCase())
		.filter((name): name is string => Boolean(name))
	const isName = (part: string) => {
		const lower = part.toLowerCase()
		return lowerNames.some(
			(name) => lower === name || (lower.includes(name) && part.split(/\s+/).length <= 3),
		)
	}
	const slogan = parts.find(
		(part) =>
			!isName(part) &&
			!/^(home|homepage|welcome|official site)$/i.test(part) &&
			part.split(/\s+/).length >= 2,
	)
	// The title's first half is the name more often than not, whatever it says.
	if (slogan === parts[0] && !lowerNames.length) return null
	return slogan && slogan.length <= 120 ? slogan : null
}
