import { type ContactCandidate } from '#app/schemas/contact-search.ts'
import { type QueryReading, readQuery, readTitle, type TitleReading } from './read-title.ts'
import {
	type BusinessFunction,
	FUNCTION_LABELS,
	type Level,
	LEVEL_LABELS,
	normalizeWords,
	REGIONS,
	RELATED_FUNCTIONS,
} from './role-vocabulary.ts'

// The offline ranker (decision 036): every candidate scored 0–1 from what the query asks that the
// title, role details, summary and location say — function, level, the query's other words, the
// place — each part weighted, the weights of parts the query does not ask for left out. The reason is
// written from the same matches. Pure and fast: 5,000 candidates in well under 100 ms.

const WEIGHTS = { function: 0.45, level: 0.3, keywords: 0.15, location: 0.1 }
/** Closeness of a level to the one asked for, by distance in levels. */
const LEVEL_CLOSENESS = [1, 0.6, 0.3, 0.12, 0.05, 0, 0]
const SUMMARY_CHARS = 400
const NO_LEVEL_LEAN = 0.03
const QUOTE_CHARS = 80

export type OfflineScore = { score: number; reason: string }

type FunctionMatch = { fn: BusinessFunction; asked: BusinessFunction; where: 'role' | 'details' | 'summary' | 'related'; value: number } // prettier-ignore

type Evaluation = {
	score: number
	level: Level | null
	functionMatch: FunctionMatch | null
	levelCloseness: number | null
	askedLevel: Level | null
	keywords: string[]
	place: { matched: boolean | null; where: string | null }
	title: TitleReading
}

export type PreparedQuery = QueryReading & {
	/** The asked places' one-word names ("berlin", "emea") and several-word ones ("united kingdom"). */
	regionWords: Set<string>
	regionPhrases: string[]
	text: string
}

export function prepareQuery(lookingFor: string): PreparedQuery {
	const reading = readQuery(lookingFor)
	const names = [...new Set(reading.places.flatMap((place) => REGIONS[place.value] ?? []))]
	return {
		...reading,
		regionWords: new Set(names.filter((name) => !name.includes(' '))),
		regionPhrases: names.filter((name) => name.includes(' ')),
		text: lookingFor,
	}
}

function findPlace(query: PreparedQuery, words: string[]) {
	for (const word of words) if (query.regionWords.has(word)) return word
	if (query.regionPhrases.length && words.length > 1) {
		const joined = ` ${words.join(' ')} `
		for (const phrase of query.regionPhrases) if (joined.includes(` ${phrase} `)) return phrase
	}
	return null
}

/** Titles repeat within a company ("Software Engineer" × 300): each distinct one is read once per ranking. */
export type TitleCache = Map<string, TitleReading>

function readCached(text: string, cache: TitleCache | undefined) {
	if (!cache) return readTitle(text)
	let reading = cache.get(text)
	if (!reading) {
		reading = readTitle(text)
		cache.set(text, reading)
	}
	return reading
}

const placeCache = new WeakMap<TitleCache, Map<string, string[]>>()

/** A location's words, read once per ranking like titles. */
function readPlace(location: string, cache: TitleCache | undefined) {
	if (!cache) return normalizeWords(location)
	let places = placeCache.get(cache)
	if (!places) placeCache.set(cache, (places = new Map()))
	let words = places.get(location)
	if (!words) places.set(location, (words = normalizeWords(location)))
	return words
}

export function evaluateCandidate(
	query: PreparedQuery,
	candidate: ContactCandidate,
	cache?: TitleCache,
): Evaluation {
	const title = readCached(candidate.role ?? '', cache)
	const details = candidate.roleDetails ? readCached(candidate.roleDetails, cache) : null
	// The summary is read only when the title and details leave something unanswered: most do not.
	let summaryReading: TitleReading | null | undefined
	const summary = () =>
		(summaryReading ??= candidate.summary ? readTitle(candidate.summary.slice(0, SUMMARY_CHARS)) : null)
	let total = 0
	let weights = 0

	let functionMatch: FunctionMatch | null = null
	if (query.functions.length) {
		let best = 0
		let sum = 0
		const asked = new Set(query.functions.map((part) => part.value))
		for (const fn of asked) {
			const match = matchFunction(fn, title, details, summary)
			sum += match?.value ?? 0
			if (match && match.value > best) {
				best = match.value
				functionMatch = match
			}
		}
		total += WEIGHTS.function * (0.75 * best + (0.25 * sum) / asked.size)
		weights += WEIGHTS.function
	}

	const level = title.level ?? details?.level ?? null
	let levelCloseness: number | null = null
	let askedLevel: Level | null = null
	if (query.levels.length) {
		// A title of unstated level may still be the one; no title at all is not.
		if (level === null) levelCloseness = candidate.role?.trim() || candidate.roleDetails?.trim() ? 0.25 : 0
		else {
			let distance = 99
			for (const part of query.levels) {
				const d = Math.abs(part.value - level)
				if (d < distance) {
					distance = d
					askedLevel = part.value
				}
			}
			levelCloseness = LEVEL_CLOSENESS[distance] ?? 0
			// An assistant or intern is never what "the CFO" or "leaders" asks for.
			if (level === 0 && (askedLevel ?? 0) >= 3) levelCloseness = 0
		}
		total += WEIGHTS.level * levelCloseness
		weights += WEIGHTS.level
	}

	const keywords: string[] = []
	if (query.keywords.length) {
		let found = 0
		for (const keyword of query.keywords) {
			if (title.words.includes(keyword.value) || details?.words.includes(keyword.value)) {
				found += 1
				if (!keyword.ofTitle) keywords.push(keyword.surface)
			} else if (
				keyword.ofTitle &&
				(title.functions.has(keyword.ofTitle) || details?.functions.has(keyword.ofTitle))
			) {
				// "CMO" says marketing without the word: nearly as good as the word itself.
				found += 0.85
			} else if (summary()?.words.includes(keyword.value)) {
				found += 0.6
				keywords.push(keyword.surface)
			}
		}
		total += (WEIGHTS.keywords * found) / query.keywords.length
		weights += WEIGHTS.keywords
	}

	const place: Evaluation['place'] = { matched: null, where: null }
	if (query.places.length) {
		const location = candidate.location ? readPlace(candidate.location, cache) : null
		let value = location?.length ? 0 : 0.3
		place.matched = location?.length ? false : null
		if (location && findPlace(query, location)) {
			value = 1
			place.matched = true
			place.where = 'location'
		} else {
			// A title that covers the region ("Sales EMEA", "Head of Sales DACH") is there too.
			const covered = findPlace(query, title.plain) ?? (details ? findPlace(query, details.plain) : null)
			if (covered) {
				value = 1
				place.matched = true
				place.where = covered
			}
		}
		total += WEIGHTS.location * value
		weights += WEIGHTS.location
	}

	// Without a level asked, a slight lean to seniority breaks ties: a senior person can route you.
	if (!query.levels.length && level !== null && weights) total += weights * NO_LEVEL_LEAN * (level / 6)
	const score = weights ? Math.round(Math.min(1, total / weights) * 10_000) / 10_000 : 0
	return { score, level, functionMatch, levelCloseness, askedLevel, keywords, place, title }
}

/** RELATED_FUNCTIONS as lists, built once: the scoring loop runs for every candidate. */
const RELATED = Object.fromEntries(
	Object.keys(FUNCTION_LABELS).map((fn) => [
		fn,
		Object.entries(RELATED_FUNCTIONS[fn as BusinessFunction] ?? {}) as Array<[BusinessFunction, number]>,
	]),
) as Record<BusinessFunction, Array<[BusinessFunction, number]>>

function matchFunction(
	fn: BusinessFunction,
	title: TitleReading,
	details: TitleReading | null,
	summary: () => TitleReading | null,
): FunctionMatch | null {
	if (title.functions.has(fn)) return { fn, asked: fn, where: 'role', value: 1 }
	let related: FunctionMatch | null = null
	for (const [other, weight] of RELATED[fn]) {
		if (title.functions.has(other) && weight > (related?.value ?? 0))
			related = { fn: other, asked: fn, where: 'related', value: weight }
	}
	if (details?.functions.has(fn) && 0.7 > (related?.value ?? 0))
		return { fn, asked: fn, where: 'details', value: 0.7 }
	if (related) return related
	if (summary()?.functions.has(fn)) return { fn, asked: fn, where: 'summary', value: 0.35 }
	return null
}

/** Fields a person has: the first tie-break (a fuller record is more useful to reach out to). */
export function completeness(candidate: ContactCandidate) {
	let count = 0
	for (const value of [
		candidate.role,
		candidate.roleDetails,
		candidate.summary,
		candidate.location,
		candidate.email,
		candidate.phone,
		candidate.linkedinUrl,
	])
		// prettier-ignore
		if (value?.trim()) count++
	return count
}

export function nameOf(candidate: ContactCandidate) {
	return `${candidate.lastName ?? ''} ${candidate.firstName ?? ''}`.trim().toLowerCase()
}

type Comparable = { score: number; candidate: ContactCandidate; completeness: number; name?: string }

/** Higher score first; then the fuller record; then by name; then by key (stable across runs). */
export function compareRanked(a: Comparable, b: Comparable) {
	if (b.score !== a.score) return b.score - a.score
	if (b.completeness !== a.completeness) return b.completeness - a.completeness
	// Plain code-unit order, not localeCompare: the same on every machine, and fast for 5,000.
	const nameA = a.name ?? nameOf(a.candidate)
	const nameB = b.name ?? nameOf(b.candidate)
	if (nameA !== nameB) return nameA < nameB ? -1 : 1
	return a.candidate.key < b.candidate.key ? -1 : a.candidate.key > b.candidate.key ? 1 : 0
}

export type OfflineRanked = {
	candidate: ContactCandidate
	score: number
	reason: string
	completeness: number
	name: string
}

/** Every candidate in order, best first, each with its score and reason. */
export function rankOffline(lookingFor: string, candidates: ContactCandidate[]): OfflineRanked[] {
	const query = prepareQuery(lookingFor)
	const cache: TitleCache = new Map()
	const scored = candidates.map((candidate) => {
		const evaluation = evaluateCandidate(query, candidate, cache)
		return { candidate, evaluation, score: evaluation.score, completeness: completeness(candidate), name: nameOf(candidate) } // prettier-ignore
	})
	scored.sort(compareRanked)
	// A reason is written when it is read: of 5,000 people only the few that reach the top are.
	return scored.map(({ candidate, evaluation, score, completeness, name }) => {
		let reason: string | undefined
		return {
			name,
			candidate,
			score,
			completeness,
			get reason() {
				return (reason ??= writeReason(query, candidate, evaluation))
			},
		}
	})
}

// ——— reasons ———

const ACRONYMS = new Set(['vp', 'svp', 'evp', 'ceo', 'cto', 'cfo', 'cmo', 'cro', 'coo', 'cpo', 'cio', 'ciso', 'cdo', 'chro', 'hr', 'it', '#it', 'ux', 'ui', 'bi', 'ai', 'ml', 'uk', 'us', 'usa', 'eu', 'emea', 'dach', 'apac', 'latam', 'sdr', 'bdr', 'ae', 'gtm', 'fp&a', 'r&d', 'cx', 'pr', 'seo']) // prettier-ignore

function pretty(phrase: string) {
	return phrase
		.split(' ')
		.map((word) => (ACRONYMS.has(word) ? word.replace('#', '').toUpperCase() : word))
		.join(' ')
}

function capitalize(text: string) {
	return text.charAt(0).toUpperCase() + text.slice(1)
}

function quote(text: string) {
	const clean = text.replace(/\s+/g, ' ').trim()
	return `'${clean.length > QUOTE_CHARS ? `${clean.slice(0, QUOTE_CHARS - 1)}…` : clean}'`
}

/** The words the user used for what matched: "VP of Sales", "Head of Revenue", "CFO", "engineering leaders". */
function askedPhrase(query: PreparedQuery, fn: BusinessFunction | null, level: Level | null) {
	const levelPart = level !== null ? query.levels.find((part) => part.value === level) : undefined
	let fnPart: PreparedQuery['functions'][number] | undefined
	for (const part of query.functions) {
		if (part.value !== fn) continue
		// The function words nearest the level words: "Head of Revenue", not "Head of Sales" from elsewhere.
		if (
			!fnPart ||
			(levelPart && distanceTo(levelPart.index, part.index) < distanceTo(levelPart.index, fnPart.index))
		)
			fnPart = part
	}
	if (fnPart && levelPart) {
		if (fnPart.surface === levelPart.surface) return pretty(fnPart.surface)
		if (levelPart.index < fnPart.index) {
			const head = capitalize(pretty(levelPart.surface))
			return `${head}${head.endsWith(' of') ? '' : ' of'} ${capitalize(pretty(fnPart.surface))}`
		}
		return `${pretty(fnPart.surface)} ${pretty(levelPart.surface)}`
	}
	if (fnPart) return pretty(fnPart.surface)
	if (levelPart) return pretty(levelPart.surface)
	return null
}

/** Words after the level words read first ("Head of Revenue"), then those before ("Sales VP"). */
function distanceTo(levelIndex: number, index: number) {
	return index > levelIndex ? index - levelIndex : levelIndex - index + 0.5
}

const LEVEL_PHRASES: Record<Level, string> = {
	6: 'C-level',
	5: 'VP level',
	4: 'head/director level',
	3: 'manager level',
	2: 'lead level',
	1: 'an individual contributor',
	0: 'a junior or assistant role',
}

/** "VP-level sales leader", "Founder", "C-level executive", "Sales role". */
function describe(level: Level | null, fn: BusinessFunction) {
	if (fn === 'founder') return 'Founder'
	if (fn === 'executive') return level !== null && level >= 5 ? `${LEVEL_LABELS[level]} executive` : 'General management role' // prettier-ignore
	const noun = level !== null && level >= 4 ? 'leader' : 'role'
	return level !== null && level >= 2 ? `${LEVEL_LABELS[level]} ${FUNCTION_LABELS[fn]} ${noun}` : `${capitalize(FUNCTION_LABELS[fn])} ${noun}` // prettier-ignore
}

export function writeReason(query: PreparedQuery, candidate: ContactCandidate, evaluation: Evaluation) {
	const parts: string[] = []
	const role = candidate.role?.trim() ? quote(candidate.role) : null
	const match = evaluation.functionMatch
	const level = evaluation.level
	const closeness = evaluation.levelCloseness
	const levelAsked = query.levels.length > 0

	if (match && (match.where === 'role' || match.where === 'related')) {
		const head = describe(level, match.fn)
		const asked = askedPhrase(query, match.asked, evaluation.askedLevel)
		if (match.where === 'related') {
			parts.push(`${head}: ${role} is in ${FUNCTION_LABELS[match.fn]}, next to the ${FUNCTION_LABELS[match.asked]} you asked for`) // prettier-ignore
		} else if (!levelAsked || closeness === 1) {
			parts.push(`${head}: ${role} matches ${asked}`)
		} else if (closeness !== null && closeness >= 0.5 && level !== null && evaluation.askedLevel !== null) {
			parts.push(
				`${head}: ${role} is one level ${level > evaluation.askedLevel ? 'above' : 'below'} ${asked}`,
			)
		} else {
			const fnLabel = capitalize(FUNCTION_LABELS[match.fn])
			parts.push(`${fnLabel} role, but ${level === null ? 'level not stated' : LEVEL_PHRASES[level]}: ${role} is not ${asked}`) // prettier-ignore
		}
	} else if (match && match.where === 'details') {
		parts.push(
			`${role ?? 'No title'}; role details mention ${FUNCTION_LABELS[match.fn]}${levelNote(query, evaluation)}`,
		)
	} else if (match && match.where === 'summary') {
		parts.push(
			`${role ?? 'No title'}; only the summary mentions ${FUNCTION_LABELS[match.fn]}${levelNote(query, evaluation)}`,
		)
	} else if (levelAsked && closeness !== null && closeness >= 0.6 && level !== null) {
		const own = [...evaluation.title.functions].map((fn) => FUNCTION_LABELS[fn])
		const asked = query.functions.length ? FUNCTION_LABELS[query.functions[0]!.value] : null
		const where = own.length ? `in ${own.join(' and ')}` : 'function not stated'
		parts.push(
			`${LEVEL_LABELS[level]} as asked: ${role}${asked ? `, but ${where} rather than ${asked}` : ''}`,
		)
	}

	if (evaluation.keywords.length)
		parts.push(`mentions ${evaluation.keywords.map((word) => `"${word}"`).join(', ')}`)

	if (query.places.length) {
		const placeLabel = pretty(query.places[0]!.surface)
		const located = candidate.location?.trim()
		if (evaluation.place.matched && evaluation.place.where === 'location')
			parts.push(`based in ${located} (${capitalize(placeLabel)})`)
		else if (evaluation.place.matched && evaluation.place.where)
			parts.push(`covers ${pretty(evaluation.place.where)} (${capitalize(placeLabel)})`)
		else if (located && parts.length) parts.push(`based in ${located}, outside ${capitalize(placeLabel)}`)
	}

	if (!parts.length)
		return `No title match${role ? ` (${role})` : ''}; listed at the company${candidate.location?.trim() && query.places.length ? `, based in ${candidate.location.trim()}` : ''}` // prettier-ignore
	const sentence = parts.join('; ')
	return capitalize(sentence)
}

function levelNote(query: PreparedQuery, evaluation: Evaluation) {
	if (!query.levels.length || evaluation.level === null) return ''
	if (evaluation.levelCloseness === 1) return `, at the level asked (${LEVEL_LABELS[evaluation.level]})`
	return `, ${LEVEL_LABELS[evaluation.level].toLowerCase()}`
}
