export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const

const SCAN_RECORDS = 30
const SCAN_CHARS = 64_000

/**
 * The delimiter that splits the first records (quotes respected) into the same number of
 * fields most consistently: a tab-separated file whose descriptions hold commas stays tab-
 * separated. A file with one column has none of them; it reads as comma-separated.
 */
export function detectCsvDelimiter(text: string): string {
	const counts = new Map<string, number[]>(CSV_DELIMITERS.map((delimiter) => [delimiter, []]))
	let current = new Map<string, number>()
	let inQuotes = false
	let records = 0
	let recordHasText = false
	const end = Math.min(text.length, SCAN_CHARS)
	const finishRecord = () => {
		if (recordHasText) {
			for (const delimiter of CSV_DELIMITERS) counts.get(delimiter)?.push(current.get(delimiter) ?? 0)
			records++
		}
		current = new Map()
		recordHasText = false
	}
	for (let index = 0; index < end && records < SCAN_RECORDS; index++) {
		const char = text[index] as string
		if (char === '"') inQuotes = !inQuotes
		else if (inQuotes) continue
		else if (char === '\n' || char === '\r') finishRecord()
		else if (counts.has(char)) current.set(char, (current.get(char) ?? 0) + 1)
		else if (char !== ' ') recordHasText = true
	}
	if (records < SCAN_RECORDS) finishRecord()

	let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 }
	for (const delimiter of CSV_DELIMITERS) {
		const perRecord = counts.get(delimiter) ?? []
		const frequency = new Map<number, number>()
		for (const count of perRecord) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1)
		let modeCount = 0
		let modeRecords = 0
		for (const [count, times] of frequency) {
			if (times > modeRecords || (times === modeRecords && count > modeCount)) {
				modeCount = count
				modeRecords = times
			}
		}
		if (!modeCount || !perRecord.length) continue
		// Consistency first (share of records with the usual count), then more fields.
		const score = (modeRecords / perRecord.length) * 1_000 + Math.min(modeCount, 500) / 1_000
		if (score > best.score) best = { delimiter, score }
	}
	return best.delimiter
}
