import * as chrono from 'chrono-node'
import { foldText } from './fold-text.ts'

// The days a reply names ("back on 4 January", "ping me in March", "in Q2", "nächstes Jahr"), in
// the languages our customers' prospects write in. chrono-node reads full dates and relative ones
// in most of them; month names alone, Norwegian and Danish months, quarters and "next year" are read
// here. Each day is a calendar day (YYYY-MM-DD) on or after the day the reply arrived.

export type NamedDay = {
	/** YYYY-MM-DD */
	day: string
	/** The words that named it, as the reply wrote them. */
	text: string
	index: number
}

const CHRONO_LOCALES = [
	chrono.en,
	chrono.de,
	chrono.fr,
	chrono.es,
	chrono.nl,
	chrono.sv,
	chrono.it,
	chrono.pt,
]

const MONTH_NAMES: Array<[number, string[]]> = [
	[1, ['january', 'januar', 'janvier', 'enero', 'januari', 'gennaio', 'janeiro', 'janner']],
	[2, ['february', 'februar', 'fevrier', 'febrero', 'februari', 'febbraio', 'fevereiro']],
	[3, ['march', 'marz', 'mars', 'marzo', 'maart', 'marts', 'marco']],
	[4, ['april', 'avril', 'abril', 'aprile']],
	[5, ['mai', 'mayo', 'mei', 'maj', 'maggio', 'maio']],
	[6, ['june', 'juni', 'juin', 'junio', 'giugno', 'junho']],
	[7, ['july', 'juli', 'juillet', 'julio', 'luglio', 'julho']],
	[8, ['august', 'aout', 'agosto', 'augustus', 'augusti']],
	[9, ['september', 'septembre', 'septiembre', 'settembre', 'setembro']],
	[10, ['october', 'oktober', 'octobre', 'octubre', 'ottobre', 'outubro']],
	[11, ['november', 'novembre', 'noviembre', 'novembro']],
	[12, ['december', 'dezember', 'decembre', 'diciembre', 'desember', 'dicembre', 'dezembro']],
]
// "May" is also the English modal verb ("replies may be delayed"): a month only beside a day.
const MONTH_WITH_DAY_ONLY: Array<[number, string]> = [[5, 'may']]

const MONTH_BY_NAME = new Map<string, number>()
for (const [month, names] of MONTH_NAMES) for (const name of names) MONTH_BY_NAME.set(name, month)
const MONTH_WORDS = [...MONTH_BY_NAME.keys()].join('|')
const DAY_MONTH_WORDS = `${MONTH_WORDS}|${MONTH_WITH_DAY_ONLY.map(([, name]) => name).join('|')}`
for (const [month, name] of MONTH_WITH_DAY_ONLY) MONTH_BY_NAME.set(name, month)

const DAY_THEN_MONTH = new RegExp(
	`\\b(\\d{1,2})(?:\\.|st|nd|rd|th|er|e)?\\s*(?:de\\s+|of\\s+)?(${DAY_MONTH_WORDS})\\b(?:\\s+(\\d{4}))?`,
	'g',
)
const MONTH_THEN_DAY = new RegExp(
	`\\b(${DAY_MONTH_WORDS})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`,
	'g',
)
const MONTH_ALONE = new RegExp(`\\b(${MONTH_WORDS})\\b(?:\\s+(\\d{4}))?`, 'g')
const QUARTER = /\b(?:q([1-4])|([1-4])(?:st|nd|rd|th)? quarter)\b(?:\s+(?:of\s+)?(\d{4})|\s+(next year))?/g
const NEXT_QUARTER =
	/\bnext quarter\b|\bnachste[nm]? quartal\b|\btrimestre prochain\b|\bproximo trimestre\b|\bvolgend kwartaal\b|\bnasta kvartal\b/g
const NEXT_YEAR =
	/\bnext year\b|\bnachste[nmsr]? jahr\b|\bl'annee prochaine\b|\bel (ano que viene|proximo ano)\b|\bvolgend jaar\b|\bnasta ar\b|\bneste ar\b|\bnaeste ar\b|\bl'anno prossimo\b|\bil prossimo anno\b|\bproximo ano\b|\bano que vem\b/g

export function findNamedDays(text: string, receivedAt: Date): NamedDay[] {
	const folded = foldText(text)
	const today = utcDay(receivedAt)
	const found: Array<NamedDay & { end: number }> = []
	const add = (index: number, length: number, date: Date | null) => {
		// Today ("right now", "at the moment") is not a day to wait for.
		if (!date || utcDay(date) <= today) return
		found.push({ day: utcDay(date), text: text.slice(index, index + length), index, end: index + length })
	}

	for (const match of folded.matchAll(QUARTER)) {
		const quarter = Number(match[1] ?? match[2])
		const year = match[4] ? String(receivedAt.getUTCFullYear() + 1) : match[3]
		add(match.index, match[0].length, nextStart(receivedAt, quarter * 3 - 2, year))
	}
	for (const match of folded.matchAll(NEXT_QUARTER)) {
		const month = Math.floor(receivedAt.getUTCMonth() / 3) * 3 + 3 // zero-based month after this quarter
		add(match.index, match[0].length, new Date(Date.UTC(receivedAt.getUTCFullYear(), month, 1)))
	}
	for (const match of folded.matchAll(NEXT_YEAR))
		add(match.index, match[0].length, new Date(Date.UTC(receivedAt.getUTCFullYear() + 1, 0, 1)))
	for (const match of folded.matchAll(DAY_THEN_MONTH))
		add(
			match.index,
			match[0].length,
			dayOf(receivedAt, MONTH_BY_NAME.get(match[2]!)!, Number(match[1]), match[3]),
		)
	for (const match of folded.matchAll(MONTH_THEN_DAY))
		add(
			match.index,
			match[0].length,
			dayOf(receivedAt, MONTH_BY_NAME.get(match[1]!)!, Number(match[2]), match[3]),
		)
	for (const locale of CHRONO_LOCALES) {
		for (const result of locale.parse(text, receivedAt, { forwardDate: true })) {
			const start = result.start
			// A time of day alone ("2pm") or a weekday for a meeting is not a day the reply defers to.
			if (!start.isCertain('month') && !start.isCertain('day') && !start.isCertain('weekday')) continue
			// Two or three letters read as a weekday in another language ("on", "ter") are words, not days.
			if (!/\d/.test(result.text) && result.text.trim().length < 5) continue
			const date = new Date(Date.UTC(start.get('year')!, start.get('month')! - 1, start.get('day')!))
			add(result.index, result.text.length, date)
		}
	}
	// A month alone ("in March"): its first day, unless a fuller date already covers the words.
	for (const match of folded.matchAll(MONTH_ALONE)) {
		const index = match.index
		if (found.some((day) => index >= day.index && index < day.end)) continue
		add(index, match[0].length, nextStart(receivedAt, MONTH_BY_NAME.get(match[1]!)!, match[2]))
	}

	// One day per stretch of words: the longest reading wins where readings overlap.
	const kept: Array<NamedDay & { end: number }> = []
	for (const day of found.sort((a, b) => b.end - b.index - (a.end - a.index))) {
		if (kept.some((other) => day.index < other.end && other.index < day.end)) continue
		kept.push(day)
	}
	return kept.sort((a, b) => a.index - b.index).map(({ day, text, index }) => ({ day, text, index }))
}

function utcDay(date: Date) {
	return date.toISOString().slice(0, 10)
}

/** The first day of `month` (1-based) on or after today, or in the year given. */
function nextStart(receivedAt: Date, month: number, year: string | undefined): Date {
	if (year) return new Date(Date.UTC(Number(year), month - 1, 1))
	const thisYear = receivedAt.getUTCFullYear()
	const current = receivedAt.getUTCMonth() + 1
	// Said in March, "March" (or in Q1, "Q1") means next year's.
	const passed = month <= current
	return new Date(Date.UTC(passed ? thisYear + 1 : thisYear, month - 1, 1))
}

function dayOf(receivedAt: Date, month: number, day: number, year: string | undefined): Date | null {
	if (day < 1 || day > 31) return null
	const thisYear = receivedAt.getUTCFullYear()
	const date = new Date(Date.UTC(year ? Number(year) : thisYear, month - 1, day))
	if (date.getUTCMonth() !== month - 1) return null
	if (!year && utcDay(date) < utcDay(receivedAt)) date.setUTCFullYear(thisYear + 1)
	return date
}
