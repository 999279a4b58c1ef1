import {
	HONORIFIC_RE,
	NAME_PARTICLES,
	NAME_SUFFIX_RE,
	NOT_NAME_WORDS,
	ROLE_MAILBOXES,
	hasRoleWord,
	isPlaceName,
} from './lead-words.ts'

// People's names as the lead needs them: split into first, middle and last, capitalised the way
// people write them ("JOHN O'BRIEN" → "John O'Brien", "ludwig van beethoven" → "Ludwig van
// Beethoven"), and the test of whether a piece of text is a name at all.

export type PersonName = { firstName: string; middleName: string | null; lastName: string }

const NAME_TOKEN_RE = /^[\p{L}\p{M}][\p{L}\p{M}'’.-]*$/u
const CASELESS_SCRIPT_RE = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]+$/u
const MAX_NAME_LENGTH = 70

/** A nickname in quotes or a remark in brackets is not part of the name: "Robert 'Bob' Smith (he/him)". */
function withoutAsides(text: string) {
	return text
		.replace(/\s*\([^()]*\)\s*/g, ' ')
		.replace(/\s["“'‘][^"“”'‘’]{1,20}["”'’]\s/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
}

function tokensOf(text: string) {
	const tokens = withoutAsides(text)
		.replace(/^[\s,;:.-]+|[\s,;:-]+$/g, '')
		.split(/\s+/)
		.filter(Boolean)
	while (tokens.length > 1 && HONORIFIC_RE.test(tokens[0]!)) tokens.shift()
	while (tokens.length > 1 && NAME_SUFFIX_RE.test(tokens.at(-1)!.replace(/,$/, ''))) tokens.pop()
	return tokens.map((token) => token.replace(/,$/, ''))
}

function isParticle(token: string) {
	return NAME_PARTICLES.has(token.toLowerCase())
}

/**
 * A word of a name as people write it. Words typed in mixed case are kept ("McKenzie", "DeAndre");
 * all-lower or all-upper words are capitalised at the start and after a hyphen or apostrophe, with
 * "Mc" names done right, and a particle before the surname stays lower-case.
 */
export function capitalizeNameWord(word: string, { particle = false } = {}) {
	const lower = word.toLowerCase()
	const upper = word.toUpperCase()
	if (word !== lower && word !== upper) return word
	if (particle) return lower
	return lower
		.replace(/(^|[-'’])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase())
		.replace(/^Mc(\p{L})/u, (_match, letter: string) => `Mc${letter.toUpperCase()}`)
}

/** "Doe, Jane" (a directory's order): two name-like parts around one comma. */
export function isLastFirstName(text: string) {
	const parts = text.split(',').map((part) => part.trim())
	if (parts.length !== 2 || !parts[0] || !parts[1]) return false
	if (parts[1].split(/\s+/).every((token) => NAME_SUFFIX_RE.test(token))) return false
	return (
		isLikelyPersonName(parts[0], { minWords: 1, maxWords: 3, surname: true }) &&
		isLikelyPersonName(parts[1], { minWords: 1, maxWords: 3 })
	)
}

function unflipLastFirst(text: string) {
	if (!isLastFirstName(text)) return text
	const [last, first] = text.split(',').map((part) => part.trim()) as [string, string]
	// "Van der Berg, Pieter": the particle was capitalised for standing first; after the first name it is not.
	const [particle, ...rest] = last.split(/\s+/)
	const surname = rest.length && isParticle(particle!) ? [particle!.toLowerCase(), ...rest].join(' ') : last
	return `${first} ${surname}`
}

/**
 * First, middle and last name of a full name; null when nothing name-like is left. The surname
 * starts at its particle ("de la Cruz"), else it is the last word; one word is a first name.
 * `lastFirst` reads "Doe, Jane" as Jane Doe (CSV name columns, e-mail headers).
 */
export function splitPersonName(text: string, { lastFirst = false } = {}): PersonName | null {
	const source = (lastFirst ? unflipLastFirst(text) : text).split(',')[0]!
	const raw = tokensOf(source)
	if (!raw.length || raw.join(' ').length > MAX_NAME_LENGTH) return null
	if (!raw.every((token) => /\p{L}/u.test(token))) return null
	let lastStart = raw.length - 1
	for (let index = 1; index < raw.length - 1; index++) {
		if (isParticle(raw[index]!)) {
			lastStart = index
			break
		}
	}
	const words = raw.map((token, index) =>
		capitalizeNameWord(token, { particle: index > 0 && index < raw.length - 1 && isParticle(token) }),
	)
	if (words.length === 1) return { firstName: words[0]!, middleName: null, lastName: '' }
	return {
		firstName: words[0]!,
		middleName: lastStart > 1 ? words.slice(1, lastStart).join(' ') : null,
		lastName: words.slice(lastStart).join(' '),
	}
}

export function fullNameOf(name: { firstName: string; middleName?: string | null; lastName: string }) {
	return [name.firstName, name.middleName, name.lastName].filter(Boolean).join(' ')
}

/**
 * Whether the text reads as one person's name: 1–5 words of letters (particles aside), none a
 * label, page word, title or place. `strictCase` (free text) also wants each word capitalised
 * or the whole name in one case, which is what keeps sentences and headings out.
 */
export function isLikelyPersonName(
	text: string,
	{
		minWords = 2,
		maxWords = 4,
		strictCase = true,
		surname = false,
	}: {
		minWords?: number
		maxWords?: number
		strictCase?: boolean
		/** A surname alone may start with its particle ("van der Berg"). */
		surname?: boolean
	} = {},
) {
	const trimmed = text.trim()
	if (!trimmed || trimmed.length > MAX_NAME_LENGTH || /[\d@/\\:;!?#&*+=<>|_$%€£{}[\]]/.test(trimmed))
		return false
	// "Jane Doe, PhD" is a name; "Max Mustermann, Erika Musterfrau" is two.
	const [, ...afterComma] = trimmed.split(',')
	if (
		afterComma.some(
			(part) =>
				!part
					.trim()
					.split(/\s+/)
					.every((token) => NAME_SUFFIX_RE.test(token)),
		)
	)
		return false
	const tokens = tokensOf(trimmed)
	if (tokens.length === 1 && CASELESS_SCRIPT_RE.test(tokens[0]!)) {
		return tokens[0]!.length >= 2 && tokens[0]!.length <= 5
	}
	const core = tokens.filter(
		(token, index) => (index === 0 && !surname) || index === tokens.length - 1 || !isParticle(token),
	)
	if (core.length < minWords || core.length > maxWords || tokens.length > maxWords + 2) return false
	if (!surname && isParticle(tokens[0]!) && tokens.length > 1) return false
	for (const [index, token] of tokens.entries()) {
		if (!NAME_TOKEN_RE.test(token)) return false
		const bare = token.replace(/\.$/, '').toLowerCase()
		if (NOT_NAME_WORDS.has(bare)) return false
		// An initial ("J." or "J") only between first and last name, never alone at the end.
		if (bare.replace(/[^\p{L}]/gu, '').length < 2 && (index === tokens.length - 1 || tokens.length < 3))
			return false
		if (/[.]/.test(token) && !/^\p{L}\.$/u.test(token)) return false
	}
	if (hasRoleWord(trimmed)) return false
	if (tokens.length <= 3 && isPlaceName(tokens.join(' '))) return false
	if (!strictCase) return true
	const wholeUpper = trimmed === trimmed.toUpperCase()
	return tokens.every((token, index) => {
		if (index > 0 && isParticle(token)) return true
		const first = token.charAt(0)
		return first !== first.toLowerCase() || wholeUpper || !/\p{Ll}/u.test(first)
	})
}

/**
 * A name from an address's local part, only when it reads as first.last (or first_last,
 * first-last, first.m.last): "jane.doe@acme.com" → Jane Doe; "jdoe@" and "sales@" give nothing.
 */
export function nameFromEmail(email: string): PersonName | null {
	const local = email.split('@')[0]?.split('+')[0]?.toLowerCase() ?? ''
	const parts = local.split(/[._-]+/).filter(Boolean)
	if (parts.length < 2 || parts.length > 3) return null
	if (!parts.every((part) => /^\p{L}+$/u.test(part))) return null
	if (parts[0]!.length < 2 || parts.at(-1)!.length < 2) return null
	if (parts.some((part) => ROLE_MAILBOXES.has(part) || NOT_NAME_WORDS.has(part))) return null
	return splitPersonName(parts.join(' '))
}

/**
 * A name from a LinkedIn profile slug, when it spells one: "jane-doe-4a5b6c7" → Jane Doe;
 * "janedoe" and "jd-1984" give nothing (the words are not there to split).
 */
export function nameFromLinkedinSlug(slug: string): PersonName | null {
	let decoded = slug
	try {
		decoded = decodeURIComponent(slug)
	} catch {
		// keep the raw slug
	}
	const words = decoded.toLowerCase().split(/[-_]+/).filter(Boolean)
	// Trailing ids: "4a5b6c7", "12345", "b1234a".
	while (words.length > 2 && /\d/.test(words.at(-1)!)) words.pop()
	if (words.length < 2 || words.length > 4 || !words.every((word) => /^\p{L}{2,}$/u.test(word))) return null
	const name = splitPersonName(words.join(' '))
	return name && isLikelyPersonName(fullNameOf(name)) ? name : null
}
