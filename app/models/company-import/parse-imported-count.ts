import { MAX_WHOLE_NUMBER } from '#app/schemas/company.ts'

// Counts in spreadsheets are written many ways: "1,200", " 1 200 ", "1.200" (German thousands),
// "1'200" (Swiss), "1.2k", "1,5K", "2M", "1200 employees", "1200.0" (a spreadsheet's number).
// Employee counts are often a bucket instead: "51-200", "51–200 employees", "10,001+".

export type ImportedCount =
	| { kind: 'empty' }
	| { kind: 'number'; value: number }
	| { kind: 'range'; value: string }
	| { kind: 'invalid' }

const EMPTY = /^(?:-+|—|–|n\/?a|none|null|nil|unknown|not available|\?)$/i
const UNIT_WORDS = /\s*(?:employees?|people|persons?|staff|headcount|followers?|members?|fte)\.?$/i
const SCALE: Record<string, number> = { k: 1_000, m: 1_000_000, b: 1_000_000_000 }

/** "1,200" → 1200, "1.2k" → 1200; null when the text is not one whole number. */
export function parseWholeNumber(text: string): number | null {
	let digits = text.replace(/[\s\u00A0\u202F\u2009'’_]/g, '').replace(/^[~≈]|^(?:c\.|ca\.?|approx\.?)/i, '')
	let scale = 1
	const suffix = digits.match(/([kmb])$/i)
	if (suffix) {
		scale = SCALE[(suffix[1] ?? '').toLowerCase()] ?? 1
		digits = digits.slice(0, -1)
	}
	if (!/^\d[\d.,]*$/.test(digits)) return null
	let value: number
	if (/^\d{1,3}(?:,\d{3})+$/.test(digits) || /^\d{1,3}(?:\.\d{3})+$/.test(digits)) {
		// Thousands separators ("1,200", "1.200.000"), unless a scale follows: "1.200k" is 1,200 thousand either way.
		value = Number(digits.replace(/[.,]/g, ''))
	} else if (/^\d+(?:[.,]\d+)?$/.test(digits)) {
		value = Number(digits.replace(',', '.'))
	} else {
		return null
	}
	value *= scale
	// "1200.0" is a whole number; "12.5" employees is not (a scale rounds: "1.25k" → 1250).
	const rounded = Math.round(value)
	if (scale === 1 && Math.abs(value - rounded) > 1e-9) return null
	if (!Number.isSafeInteger(rounded) || rounded > MAX_WHOLE_NUMBER) return null
	return rounded
}

function toCountText(value: unknown): string | null {
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
	if (typeof value === 'string') return value.trim().slice(0, 200)
	return null
}

/**
 * A count cell. With `allowRange` (employee counts) a bucket such as "51-200" or "10,001+" is a
 * range, not an error. Anything else that is not a whole number is invalid ("Must be numeric").
 */
export function parseImportedCount(value: unknown, { allowRange }: { allowRange: boolean }): ImportedCount {
	if (value === undefined || value === null) return { kind: 'empty' }
	if (typeof value === 'number') {
		if (!Number.isFinite(value) || value < 0) return { kind: 'invalid' }
		const rounded = Math.round(value)
		return rounded <= MAX_WHOLE_NUMBER && Math.abs(value - rounded) < 1e-9
			? { kind: 'number', value: rounded }
			: { kind: 'invalid' }
	}
	const raw = toCountText(value)
	if (raw === null) return { kind: 'invalid' }
	const text = raw.replace(UNIT_WORDS, '').trim()
	if (!text || EMPTY.test(text)) return { kind: 'empty' }
	const number = parseWholeNumber(text)
	if (number !== null) return { kind: 'number', value: number }
	if (allowRange) {
		const range = text.match(/^(.+?)\s*(?:-|–|—|to)\s*(.+)$/i)
		if (range) {
			const low = parseWholeNumber(range[1] ?? '')
			const high = parseWholeNumber(range[2] ?? '')
			if (low !== null && high !== null && low <= high) return { kind: 'range', value: `${low}-${high}` }
		}
		const openEnded = text.match(/^(.+?)\s*\+$/)
		const low = openEnded?.[1] ? parseWholeNumber(openEnded[1]) : null
		if (low !== null) return { kind: 'range', value: `${low}+` }
	} else {
		// A follower count like "12k+" is a lower bound: keep the number.
		const openEnded = text.match(/^(.+?)\s*\+$/)
		const low = openEnded?.[1] ? parseWholeNumber(openEnded[1]) : null
		if (low !== null) return { kind: 'number', value: low }
	}
	return { kind: 'invalid' }
}
