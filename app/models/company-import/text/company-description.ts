import { findWebAddresses } from './company-web-address.ts'

// A description from the words around a mention: sentences, without addresses and calls to action.

const DESCRIPTION_MAX = 500

export function splitSentences(paragraph: string) {
	return paragraph.split(/(?<=[.!?]["”’)]?)\s+(?=["“(]?[\p{Lu}\p{N}])/u).filter((sentence) => sentence.trim())
}

export function firstSentences(paragraph: string) {
	let text = ''
	for (const sentence of splitSentences(paragraph)) {
		if (text && text.length + sentence.length > 300) break
		text = text ? `${text} ${sentence}` : sentence
	}
	return text
}

/** A description without the addresses, emphasis and list punctuation around it. */
export function cleanDescription(text: string, minWords = 1): string | null {
	const cleaned = findWebAddresses(text)
		.reduce((result, address) => result.replace(address.raw, ' '), text)
		.replace(/\*\*|__|`/g, '')
		.replace(/\(\s*[,;]?\s*\)|\[\s*\]/g, ' ')
		.replace(/\s+([,.;:!?])/g, '$1')
		.replace(/\s+/g, ' ')
		.replace(/^[\s—–|:,;-]+|[\s—–|:,;-]+$/g, '')
		.trim()
	// What is left of "Learn more at acme.com." or "Website: acme.com" says nothing.
	const described = splitSentences(cleaned)
		.filter((sentence) => !CALL_TO_ACTION_RE.test(sentence.trim()))
		.join(' ')
		.replace(/\s+(?:website|web|site|url|homepage)\s*:?\s*$/i, '')
		.trim()
	if (described.length < 3 || described.split(/\s+/).length < minWords) return null
	return described.length > DESCRIPTION_MAX
		? `${described.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`
		: described
}

const CALL_TO_ACTION_RE =
	/^(learn more|more|more info|visit|visit us|website|web|site|see|read more|find out more|find (?:us|them|it)|details)(?: at| on| here)?\s*:?\s*[.!]?$/i
