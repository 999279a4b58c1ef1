import { CSV_HEADER_SCAN_ROWS } from '#app/schemas/company-import.ts'
import { headerKey } from './guess-column-mapping.ts'

const NUMERIC = /^[-+]?[\d\s.,%$€£]+$/
const URL_LIKE =
	/^(https?:\/\/|www\.)|^[^\s@]+@[^\s@]+\.[a-z]{2,}$|^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i
const DATE_LIKE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/

/** A cell that can be a column title: short text, not a number, date, URL or e-mail address. */
function looksLikeHeaderCell(cell: string) {
	return cell.length <= 100 && !NUMERIC.test(cell) && !URL_LIKE.test(cell) && !DATE_LIKE.test(cell)
}

/**
 * The index of the header row among the first CSV_HEADER_SCAN_ROWS records, or null. A header
 * row has at least two titles (one for a one-column file) and they are mostly title-like, so a
 * title line such as "Export from HubSpot" above the header is passed over. A row whose titles
 * are known aliases wins over an earlier generic row.
 */
export function findCsvHeaderRow(
	records: string[][],
	isKnownHeader: (key: string) => boolean,
): number | null {
	const scanned = records.slice(0, CSV_HEADER_SCAN_ROWS)
	const widest = Math.max(0, ...scanned.map((record) => record.filter(Boolean).length))
	let generic: number | null = null
	for (const [index, record] of scanned.entries()) {
		const cells = record.filter(Boolean)
		if (!cells.length || (widest > 1 && cells.length < 2)) continue
		const titleLike = cells.filter(looksLikeHeaderCell).length
		if (titleLike < cells.length * 0.8) continue
		const known = cells.filter((cell) => isKnownHeader(headerKey(cell))).length
		if (known >= Math.min(2, cells.length)) return index
		generic ??= index
	}
	return generic
}
