import { clause, lowerFirst } from './phrasing.ts'

// A contact's notes are written about them ("Runs operations; recently announced…", "She manages…");
// an email speaks to them. These turn notes into clauses in the second person, or give up (null)
// when a note is not a shape we can rephrase safely, so the writer leaves it out instead of pasting it.

const VERBS =
	'run|lead|manage|oversee|own|head|sign|build|handle|drive|report|work|sell|buy|hire|approve|travel|speak|write|look|plan|scale|grow|open|launch|coordinate|direct|support|serve|cover|split|spend|focus|care|prefer|want|need|use'
const THIRD_PERSON_VERB = new RegExp(`^(${VERBS})(e?s)$`, 'i')
const IRREGULAR: Record<string, string> = { is: 'are', has: 'have', does: 'do', goes: 'go', was: 'were' }
const ADVERB = /^(recently|also|still|now|currently|just|personally)$/i
const SUBJECT = /^(he|she|they)$/i

const POSSESSIVES: Array<[RegExp, string]> = [
	[/\b(his|her|their)\b/gi, 'your'],
	[/\b(himself|herself|themselves)\b/gi, 'yourself'],
	[/\b(him|them)\b/gi, 'you'],
]

/** "his team", "their warehouse" → "your team", "your warehouse". */
export function toSecondPerson(text: string) {
	return POSSESSIVES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text)
}

/** "runs" → "run", "oversees" → "oversee", "is" → "are"; null when the word is not a verb we know. */
function baseForm(word: string): string | null {
	const lower = word.toLowerCase()
	if (IRREGULAR[lower]) return IRREGULAR[lower]
	const match = THIRD_PERSON_VERB.exec(lower)
	if (!match?.[1]) return /^[a-z]+ed$/.test(lower) ? lower : null
	// "oversees" is "oversee" + s, "reaches" would be "reach" + es.
	return match[2] === 'es' && !/e$/.test(match[1]) ? match[1] : lower.replace(/s$/, '')
}

/** One note ("Runs operations", "She manages a team of 12") as "you run operations", or null. */
function noteAsClause(note: string): string | null {
	const words = clause(note).split(/\s+/).filter(Boolean)
	if (SUBJECT.test(words[0] ?? '')) words.shift()
	const adverb = ADVERB.test(words[0] ?? '') ? (words.shift()?.toLowerCase() ?? '') : ''
	const verb = baseForm(words[0] ?? '')
	if (!verb || words.length < 2) return null
	const rest = words
		.slice(1)
		.map((word, index, all) => {
			// "… and still signs every invoice" → "… and still sign every invoice".
			const previous = [all[index - 1], all[index - 2]].map((w) => w?.toLowerCase())
			const afterAnd = previous[0] === 'and' || (previous[1] === 'and' && ADVERB.test(previous[0] ?? ''))
			return afterAnd ? (baseForm(word) ?? word) : word
		})
		.join(' ')
	return toSecondPerson(['you', adverb, verb, rest].filter(Boolean).join(' '))
}

/** A contact's notes as one clause: "you run operations and recently announced a new warehouse". */
export function notesAsClause(notes: string | null | undefined): string | null {
	const parts = (notes ?? '')
		.split(/[;\n•]|(?<=[.!?])\s+/)
		.map((part) => part.trim())
		.filter(Boolean)
		.slice(0, 2)
	const clauses = parts.map(noteAsClause)
	if (clauses.length === 0 || clauses.some((part) => part === null)) return null
	const [first, second] = clauses
	return second ? `${first} and ${second.replace(/^you /, '')}` : (first ?? null)
}

// A pain point is either a noun phrase ("Flaky internal tooling") or a clause with its own verb
// ("Reps lose hours to manual prospecting"); each needs a different sentence around it.
const FINITE_VERB =
	/\b(is|are|was|were|has|have|had|lose|loses|take|takes|spend|spends|need|needs|can't|cannot|don't|doesn't|struggle|struggles|live|lives|drag|drags|sit|sits|get|gets|keep|keeps|miss|misses|go|goes)\b/i
const DETERMINER = /^(the|a|an|our|my|your|his|her|their|its|this|that|these|those|we|i|you)\b/i

export type PainPhrase = { kind: 'noun' | 'clause'; text: string }

/** A pain point ready to go mid-sentence, in the second person. */
export function painPhrase(pain: string): PainPhrase {
	const text = toSecondPerson(clause(pain))
	const lowered = lowerFirst(text)
	if (!FINITE_VERB.test(text)) return { kind: 'noun', text: lowered }
	// "Reps lose hours…" → "your reps lose hours…": the reader's team, not somebody's.
	return { kind: 'clause', text: DETERMINER.test(lowered) ? lowered : `your ${lowered}` }
}
