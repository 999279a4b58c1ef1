import { industryOf, placeOf, singularize, type PlaceMatch } from './filter-vocabulary.ts'

// "Filter by instructions" without a model: an instruction becomes conditions, OR of ANDs.
// "SaaS or fintech companies in Germany with more than 50 employees" →
// (saas ∧ germany ∧ employees>50) ∨ (fintech ∧ germany ∧ employees>50). Decision 027.

export type Condition = { negated: boolean } & (
	| { kind: 'employees'; min: number; max: number }
	| { kind: 'place'; place: PlaceMatch }
	| { kind: 'industry'; industry: string }
	| { kind: 'keyword'; words: string[] }
	| { kind: 'website' }
	| { kind: 'linkedin' }
)

/** OR of AND groups; empty when nothing in the instruction was understood. */
export type FilterExpression = Condition[][]

/** A number, never a prefix of a longer one ("1" of "10 million"). */
const NUMBER = String.raw`(\d[\d,.]*(?:\s?k\b)?)(?![\d])`
const UNIT = String.raw`(?:\s*(?:employees?|people|persons|staff|workers|headcount|team members|ftes?|emp\.?))?`
/** A number about money or percent is not a headcount. */
const NOT_COUNT = String.raw`(?!\s*(?:%|percent|m\b|mm\b|million|bn\b|billion|b\b|usd|eur|dollars|euros|years?|revenue|arr|raised|in funding|funding))`

const NEGATION_RE =
	/\b(not|no|non|exclude|excluding|except|skip|skipping|without|remove|removing|drop|ignore|ignoring|other than|isn'?t|aren'?t|don'?t want|leave out|outside(?: of)?|never)\b|^non-|(?<=\s)non-/
const POSITIVE_RE = /\b(only|but|keep|include|including|just)\b/

const STOP_WORDS = new Set(
	(
		'only show me keep give list find filter select return want need looking look just please all any those these ' +
		'company companies firm firms business businesses startup startups organization organizations organisation ' +
		'organisations ones one vendor vendors provider providers player players brand brands team teams ' +
		'the a an that which who whose are is be being was were in of with to for on at from by as into their them ' +
		'it its they i we our you based located headquartered operating operate working work focused focusing focus ' +
		'doing do does space sector industry industries field area areas related type kind like such e.g. etc ' +
		'have has having also either both some more less than most least well known us ' +
		// Descriptors that say nothing a company's fields could match.
		'b2b b2c tech technology digital innovative leading top best young early-stage growing fast-growing enterprise great good interesting relevant promising'
	).split(' '),
)

export function parseInstructions(instructions: string): FilterExpression {
	const text = normalize(instructions)
	const parts = text
		.split(/\s+or\s+|\s*\/\s*|\s+and\/or\s+/)
		.map((part) => parsePart(part))
		.filter((part) => part.conditions.length > 0)
	return combineParts(parts)
}

type Part = { conditions: Condition[] }

/**
 * "SaaS or fintech in Germany": a part with one condition ("saas") borrows the other part's
 * conditions of other kinds. "Not agencies or consultancies": a plain term after a negated one is
 * negated too and joins it (not A or B = not A and not B).
 */
function combineParts(parts: Part[]): FilterExpression {
	const merged: Part[] = []
	for (const part of parts) {
		const previous = merged.at(-1)
		const single = part.conditions.length === 1 ? part.conditions[0]! : null
		if (
			previous &&
			single &&
			!single.negated &&
			previous.conditions.at(-1)?.negated &&
			single.kind !== 'employees'
		) {
			previous.conditions.push({ ...single, negated: true })
			continue
		}
		merged.push({ conditions: [...part.conditions] })
	}
	return merged.map((part, index) => {
		if (part.conditions.length !== 1) return part.conditions
		const single = part.conditions[0]!
		const neighbour = [merged[index + 1], merged[index - 1]].find(
			(other) => other && other.conditions.length > 1,
		)
		if (!neighbour) return part.conditions
		const borrowed = neighbour.conditions.filter((condition) => kindGroup(condition) !== kindGroup(single))
		return [single, ...borrowed]
	})
}

function kindGroup(condition: Condition) {
	return condition.kind === 'keyword' || condition.kind === 'industry' ? 'topic' : condition.kind
}

function normalize(instructions: string) {
	return (
		instructions
			// "US" in capitals is the country; "us" in lower case is the pronoun ("show us fintech").
			.replace(/(?<![\p{L}.])(?:U\.S\.A?\.?|USA|US)(?![\p{L}])/gu, ' united states ')
			.replace(/(?<![\p{L}.])(?:U\.K\.|UK)(?![\p{L}])/gu, ' united kingdom ')
			.replace(/(?<![\p{L}.])EU(?![\p{L}])/gu, ' europe ')
			.toLowerCase()
			.replace(/[’‘`]/g, "'")
			.replace(/[“”]/g, '"')
			.replace(/\s+/g, ' ')
			// Headcount phrasings that contain "or"/"and": "50 or more", "100 and above", "10 or fewer".
			.replace(
				new RegExp(
					`${NUMBER}${UNIT}\\s+(?:or|and)\\s+(?:more|above|over|up|upwards|greater|higher)${UNIT}`,
					'g',
				),
				' at least $1 employees ',
			)
			.replace(
				new RegExp(`${NUMBER}${UNIT}\\s+(?:or|and)\\s+(?:fewer|less|below|under|smaller|lower)${UNIT}`, 'g'),
				' at most $1 employees ',
			)
			.trim()
	)
}

function parsePart(part: string): Part {
	const conditions: Condition[] = []
	let rest = ` ${part} `
	/** Each match that makes a condition is cut out of `rest`; one that does not ("in healthcare") stays for the terms. */
	const take = (
		pattern: RegExp,
		make: (match: RegExpMatchArray, negatedBefore: boolean) => Condition | null,
	) => {
		const global = new RegExp(pattern.source, `${pattern.flags}g`)
		let output = ''
		let last = 0
		for (const match of rest.matchAll(global)) {
			const before = rest.slice(0, match.index)
			const condition = make(match, isNegatedBefore(before))
			if (!condition) continue
			conditions.push(condition)
			output += `${rest.slice(last, match.index)} ; `
			last = match.index + match[0].length
		}
		rest = output + rest.slice(last)
	}

	// Presence of a website or a LinkedIn page.
	const FEATURE = String.raw`(?:an?\s+|any\s+)?(linked ?in(?:\s+(?:company\s+)?(?:page|url|profile|link|account))?|website|web ?site|site|homepage|domain|url)`
	take(
		new RegExp(
			String.raw`\b(?:without|with no|no|missing|lacking|lack|that lack|don'?t have|doesn'?t have|has no|have no)\s+${FEATURE}\b`,
		),
		// "Remove companies without a website" keeps those with one.
		(match, negatedBefore) => feature(match[1]!, !negatedBefore),
	)
	take(
		new RegExp(
			String.raw`\b(?:with|having|has|have|that have|that has|who have|listing|incl\.?)\s+${FEATURE}\b`,
		),
		(match, negatedBefore) => feature(match[1]!, negatedBefore),
	)

	// Headcount.
	take(
		new RegExp(String.raw`\b(?:between|from)\s+${NUMBER}\s*(?:and|to|-|–)\s*${NUMBER}${UNIT}${NOT_COUNT}`),
		(match) => employees(match[1]!, match[2]!),
	)
	take(new RegExp(String.raw`(?<![\d$€£])${NUMBER}\s*(?:-|–|to)\s*${NUMBER}${UNIT}${NOT_COUNT}`), (match) =>
		employees(match[1]!, match[2]!),
	)
	take(
		new RegExp(
			String.raw`(?:\b(?:more than|over|above|greater than|bigger than|larger than|exceeding)\s+|>\s*)${NUMBER}${UNIT}${NOT_COUNT}`,
		),
		(match) => atLeast(match[1]!, 1),
	)
	take(
		new RegExp(
			String.raw`(?:\b(?:at least|minimum of|minimum|min\.?|no fewer than|no less than|not less than)\s+|>=\s*|≥\s*)${NUMBER}${UNIT}${NOT_COUNT}`,
		),
		(match) => atLeast(match[1]!, 0),
	)
	take(new RegExp(String.raw`(?<![\d$€£])${NUMBER}\s*\+${UNIT}`), (match) => atLeast(match[1]!, 0))
	take(
		new RegExp(
			String.raw`(?:\b(?:less than|fewer than|under|below|smaller than)\s+|<\s*)${NUMBER}${UNIT}${NOT_COUNT}`,
		),
		(match) => atMost(match[1]!, 1),
	)
	take(
		new RegExp(
			String.raw`(?:\b(?:at most|up to|maximum of|maximum|max\.?|no more than|not more than)\s+|<=\s*|≤\s*)${NUMBER}${UNIT}${NOT_COUNT}`,
		),
		(match) => atMost(match[1]!, 0),
	)
	take(
		// "small agencies", "small SaaS companies": a size word before a noun, not in "small and large".
		/\b(small|smaller|tiny)\b(?=\s+(?!and\b|or\b|to\b)[a-z])/,
		() => ({ kind: 'employees', min: 0, max: 50, negated: false }),
	)
	take(
		/\b(mid-sized?|midsized?|medium-sized|medium|mid-market)\b(?=\s+(?:companies|company|businesses|firms|ones))?/,
		() => ({ kind: 'employees', min: 51, max: 1000, negated: false }),
	)
	take(
		/\b(large|big|larger|bigger)\b(?=\s+(?:companies|company|businesses|firms|ones|enterprises|organizations))/,
		() => ({ kind: 'employees', min: 1001, max: Infinity, negated: false }),
	)
	take(new RegExp(String.raw`(?<![\d$€£])\b${NUMBER}\s*(?:employees|people|staff|ftes)\b`), (match) =>
		employees(match[1]!, match[1]!),
	)

	// Places: "based in Lyon" (any place), "in Germany" (a known place), "German", "DACH", "US".
	take(
		/\b(?:based|located|headquartered|hq'?d?|offices?|registered|incorporated)\s+(?:in|out of)\s+((?:the\s+)?[\p{L}.'-]+(?:\s+[\p{L}.'-]+){0,2}?)(?=\s*(?:$|[,;]|\s(?:with|and|that|who|which|having|but|or|not|more|less|over|under|excluding|except)\b|\s*$))/u,
		(match, negated) => place(match[1]!, negated, true),
	)
	take(
		/\b(?:in|from|outside(?: of)?)\s+((?:the\s+)?[\p{L}.'-]+(?:\s+[\p{L}.'-]+)?)/u,
		(match, negatedBefore) => {
			const negated = negatedBefore || match[0].startsWith('outside')
			const found = place(match[1]!, negated, false) ?? place(match[1]!.split(/\s+/)[0]!, negated, false)
			return found
		},
	)
	conditions.push(...termConditions(rest))
	return { conditions }
}

/** Leftover words, clause by clause: an industry, a place, or a keyword; negation carries over "and". */
function termConditions(rest: string): Condition[] {
	const conditions: Condition[] = []
	let negatedClause = false
	for (const clause of rest.split(/\s*(?:[,;]|\band\b|&|\bbut\b|\bplus\b)\s*/)) {
		const text = clause.trim()
		if (!text) continue
		if (POSITIVE_RE.test(text)) negatedClause = false
		if (NEGATION_RE.test(text)) negatedClause = true
		const words = text
			.replace(/\bnon-/g, ' ')
			.replace(NEGATION_RE, ' ')
			.replace(new RegExp(NEGATION_RE.source, 'g'), ' ')
			.split(/[^\p{L}\p{N}+.'-]+/u)
			.map((word) => word.replace(/^[.'-]+|[.'-]+$/g, ''))
			.filter((word) => word && !STOP_WORDS.has(word) && !POSITIVE_RE.test(word))
		if (words.length === 0) continue
		const phrase = words.join(' ')
		const whole = termCondition(phrase, negatedClause)
		if (whole && whole.kind !== 'keyword') {
			conditions.push(whole)
			continue
		}
		const keywords: string[] = []
		for (const word of words) {
			const condition = termCondition(word, negatedClause)
			if (condition && condition.kind !== 'keyword') conditions.push(condition)
			else keywords.push(word)
		}
		if (keywords.length > 0)
			conditions.push({ kind: 'keyword', words: keywords.map(singularize), negated: negatedClause })
	}
	return conditions
}

function termCondition(term: string, negated: boolean): Condition | null {
	const industry = industryOf(term)
	if (industry) return { kind: 'industry', industry, negated }
	const found = placeOf(term)
	if (found) return { kind: 'place', place: found, negated }
	if (/^linked ?in( page| url| profile)?$/.test(term)) return { kind: 'linkedin', negated }
	if (/^(website|web site|homepage|site)$/.test(term)) return { kind: 'website', negated }
	return { kind: 'keyword', words: term.split(/\s+/).map(singularize), negated }
}

function isNegatedBefore(before: string) {
	// Only the words since the last clause break count: "skip agencies, in Germany" is not negated.
	const clause = before.split(/[,;]|\band\b|\bbut\b/).at(-1) ?? ''
	if (POSITIVE_RE.test(clause.split(NEGATION_RE).at(-1) ?? '')) return false
	return NEGATION_RE.test(clause)
}

function feature(word: string, negated: boolean): Condition {
	return /linked/.test(word) ? { kind: 'linkedin', negated } : { kind: 'website', negated }
}

function place(term: string, negated: boolean, anyPlace: boolean): Condition | null {
	const cleaned = term.trim().replace(/\s+(companies|company|startups|firms|businesses)$/, '')
	const found = placeOf(cleaned)
	if (found) return { kind: 'place', place: found, negated }
	if (!anyPlace || !cleaned) return null
	return {
		kind: 'place',
		place: { label: cleaned, aliases: [cleaned.replace(/^the\s+/, '')], tlds: [] },
		negated,
	}
}

function toNumber(text: string) {
	const compact = text.replace(/\s/g, '')
	const thousands = compact.endsWith('k')
	const digits = (thousands ? compact.slice(0, -1) : compact).replace(/,/g, '')
	const value = Number(thousands ? digits : digits.replace(/\.(?=\d{3}$)/, ''))
	return thousands ? value * 1000 : value
}

function employees(low: string, high: string): Condition | null {
	const min = toNumber(low)
	const max = toNumber(high)
	if (!Number.isFinite(min) || !Number.isFinite(max)) return null
	return { kind: 'employees', min: Math.min(min, max), max: Math.max(min, max), negated: false }
}

function atLeast(value: string, exclusive: 0 | 1): Condition | null {
	const min = toNumber(value)
	return Number.isFinite(min)
		? { kind: 'employees', min: min + exclusive, max: Infinity, negated: false }
		: null
}

function atMost(value: string, exclusive: 0 | 1): Condition | null {
	const max = toNumber(value)
	return Number.isFinite(max) ? { kind: 'employees', min: 0, max: max - exclusive, negated: false } : null
}
