import {
	type BusinessFunction,
	type Entry,
	GERMAN_LEVEL_ENDINGS,
	GERMAN_STEMS,
	type Level,
	normalizeWords,
	PLACE_NAMES,
	QUERY_LEVEL_PHRASES,
	STOP_WORDS,
	TITLE_PHRASES,
} from './role-vocabulary.ts'

// Reading a job title and a "looking for" sentence into levels and functions (decision 036). Both
// scan the words left to right, longest known phrase first (up to four words), so "vice president"
// wins over "president" and "assistant to the CFO" is read as one assisting role.

const MAX_PHRASE_WORDS = 4

/** What a title says: its highest level (or the forced one), and its functions. */
export type TitleReading = {
	level: Level | null
	functions: Set<BusinessFunction>
	/** Every word, stemmed: what the query's keywords are matched against. */
	words: string[]
	/** Every word as written (normalized): what place names are matched against. */
	plain: string[]
}

type Match = { entry: Entry; length: number }

/** Every known phrase's beginnings ("vice", "vice president"): the scan stops as soon as none fits. */
const PREFIXES = new Set<string>()
for (const phrase of TITLE_PHRASES.keys()) {
	const words = phrase.split(' ')
	for (let length = 1; length < words.length; length++) PREFIXES.add(words.slice(0, length).join(' '))
}

function lookup(words: string[], start: number): Match | null {
	let best: Match | null = null
	let key = ''
	for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length++) {
		key = length === 1 ? words[start]! : `${key} ${words[start + length - 1]}`
		const entry = TITLE_PHRASES.get(key)
		if (entry) best = { entry, length }
		if (!PREFIXES.has(key)) break
	}
	return best
}

/** "Vertriebsleiter" → sales at head level; "Einkaufsreferentin" → procurement, individual contributor. */
function germanCompound(word: string): Entry | null {
	if (word.length < 7) return null
	for (const [stem, fn] of GERMAN_STEMS) {
		if (!word.startsWith(stem)) continue
		const tail = word.slice(stem.length).replace(/^s/, '')
		for (const [ending, level] of GERMAN_LEVEL_ENDINGS)
			if (tail.startsWith(ending)) return { level, functions: [fn] }
		return { functions: [fn] }
	}
	return null
}

export function readTitle(text: string | null | undefined): TitleReading {
	const reading: TitleReading = { level: null, functions: new Set(), words: [], plain: [] }
	if (!text) return reading
	const words = normalizeWords(text)
	reading.plain = words
	for (const word of words) reading.words.push(stem(word))
	let forced: Level | null = null
	for (let index = 0; index < words.length;) {
		const match = lookup(words, index)
		const entry = match?.entry ?? germanCompound(words[index]!)
		if (!entry) {
			index++
			continue
		}
		if (entry.forceLevel !== undefined) forced = forced === null ? entry.forceLevel : Math.min(forced, entry.forceLevel) as Level // prettier-ignore
		if (entry.level !== undefined && (reading.level === null || entry.level > reading.level))
			reading.level = entry.level
		for (const fn of entry.functions ?? []) reading.functions.add(fn)
		index += match?.length ?? 1
	}
	if (forced !== null) reading.level = forced
	return reading
}

/** Plural and verb endings off, lightly: "platforms" → "platform", "scaling" → "scal". */
export function stem(word: string) {
	if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
	if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
	if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2)
	if (word.length > 4 && /(ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2)
	if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
	return word
}

export type QueryPart<T> = { value: T; surface: string; index: number }

/** What the user asked for, with the words they used (reasons quote them). */
export type QueryReading = {
	levels: Array<QueryPart<Level>>
	functions: Array<QueryPart<BusinessFunction>>
	places: Array<QueryPart<string>>
	/** Content words, stemmed; `ofTitle` when part of a function phrase (so reasons do not repeat them). */
	keywords: Array<QueryPart<string> & { ofTitle: BusinessFunction | null }>
}

const PEOPLE_NEIGHBOURS = new Set(['of', 'vp', 'head', 'chief', 'director', 'ops', 'operations', 'culture', 'team', 'partner', 'lead', 'leader', 'manager']) // prettier-ignore

export function readQuery(text: string): QueryReading {
	const words = normalizeWords(text)
	const reading: QueryReading = { levels: [], functions: [], places: [], keywords: [] }
	for (let index = 0; index < words.length;) {
		const consumed = readQueryPhrase(words, index, reading)
		if (consumed) {
			index += consumed
			continue
		}
		const word = words[index]!
		if (!STOP_WORDS.has(word) && word.length > 1 && !/^\d+$/.test(word))
			reading.keywords.push({ value: stem(word), surface: word, index, ofTitle: null })
		index++
	}
	return reading
}

function readQueryPhrase(words: string[], index: number, reading: QueryReading): number {
	for (let length = Math.min(MAX_PHRASE_WORDS, words.length - index); length > 0; length--) {
		const phrase = words.slice(index, index + length)
		const key = phrase.join(' ')
		const place = PLACE_NAMES[key]
		if (place) {
			reading.places.push({ value: place, surface: key, index })
			return length
		}
		const levels = QUERY_LEVEL_PHRASES.get(key)
		if (levels) {
			for (const level of levels) reading.levels.push({ value: level, surface: key, index })
			return length
		}
		const singular = [...phrase.slice(0, -1), stem(phrase[phrase.length - 1]!)].join(' ')
		const entry = TITLE_PHRASES.get(key) ?? TITLE_PHRASES.get(singular)
		if (!entry) continue
		// "people" is HR only next to a title word ("Head of People", "people ops"); otherwise it means persons.
		if (key === 'people' && !PEOPLE_NEIGHBOURS.has(words[index - 1] ?? '') && !PEOPLE_NEIGHBOURS.has(words[index + 1] ?? '')) return 0 // prettier-ignore
		const level = entry.level ?? (entry.forceLevel && entry.forceLevel > 0 ? entry.forceLevel : undefined)
		if (level !== undefined) reading.levels.push({ value: level, surface: key, index })
		for (const fn of entry.functions ?? []) reading.functions.push({ value: fn, surface: key, index })
		// A function phrase's words also count as keywords: "machine learning engineer" beats "data engineer".
		if (entry.functions?.length)
			for (const [offset, word] of phrase.entries())
				if (!STOP_WORDS.has(word)) reading.keywords.push({ value: stem(word), surface: word, index: index + offset, ofTitle: entry.functions[0]! }) // prettier-ignore
		return length
	}
	if (words[index]!.length >= 7) {
		const compound = germanCompound(words[index]!)
		if (compound) {
			if (compound.level !== undefined) reading.levels.push({ value: compound.level, surface: words[index]!, index }) // prettier-ignore
			for (const fn of compound.functions ?? []) reading.functions.push({ value: fn, surface: words[index]!, index }) // prettier-ignore
			return 1
		}
	}
	return 0
}
