// Small sentence helpers shared by every part of the offline writer.

export function sentences(text: string | null | undefined): string[] {
	return (text ?? '')
		.split(/(?<=[.!?])\s+|\n+/u)
		.map((sentence) => sentence.trim())
		.filter((sentence) => sentence.length > 3)
}

export function asSentence(text: string) {
	return /[.!?]$/.test(text) ? text : `${text}.`
}

/** A fragment to use mid-sentence: no final stop. */
export function clause(text: string) {
	return text.trim().replace(/[.!?;,\s]+$/, '')
}

/** For common nouns ("Flaky tooling", "Logistics") placed mid-sentence; acronyms and "SaaS" stay. */
export function lowerFirst(text: string) {
	const trimmed = clause(text)
	const firstWord = trimmed.split(' ')[0] ?? ''
	return /^[A-Z][a-z]+$/.test(firstWord.replace(/[-'’].*$/, ''))
		? trimmed.charAt(0).toLowerCase() + trimmed.slice(1)
		: trimmed
}

export function wordCount(text: string) {
	return text.split(/\s+/).filter(Boolean).length
}

export function withArticle(role: string) {
	if (
		/\b(chief|head|vp|vice president|founder|co-founder|owner|president|director)\b|^c[a-z]o$/i.test(role)
	) {
		return `the ${role}`
	}
	const acronym = /^[A-Z]{2,}/.test(role)
	return (acronym ? /^[AEFHILMNORSX]/ : /^[aeiou]/i).test(role) ? `an ${role}` : `a ${role}`
}

// Words that are capitalised only because they start a sentence; a name ("Kestrel", "SaaS") keeps its capital.
const SENTENCE_STARTER =
	/^(Our|The|We|They|Their|It|Its|This|These|That|A|An|At|In|For|With|More|Most|Over|Customers|Clients|Teams|Companies|Every|Each|Since|After|Today|Last|One|Two|Three|Four|Five|Nearly|Almost|About|Some|Many|Across)\b/

/** A sentence placed after a colon or a comma: its first word loses its capital unless it is a name. */
export function midSentence(text: string) {
	return SENTENCE_STARTER.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text
}
