import { parse, type Options } from 'csv-parse/sync'
import { COMPANY_IMPORT_MESSAGES, CSV_MAX_CELL_LENGTH, CSV_MAX_COLUMNS } from '#app/schemas/company-import.ts'
import { CompanyCsvError } from './company-csv-error.ts'

export type CsvRecords = {
	records: string[][]
	/** The widest record before the column cap. */
	widestRecord: number
	/** A record was skipped or the file's quoting was broken and read line by line. */
	hadErrors: boolean
}

/**
 * A cell that a spreadsheet would run as a formula (=HYPERLINK(…), +cmd, @SUM(…), -2+3) loses its
 * leading =, +, - or @ here, so it stays text wherever it goes later (exports, other tools).
 * Numbers and phone numbers ("-5", "+49 30 1234") are left alone.
 */
export function defuseFormula(cell: string) {
	if (!/^[=+\-@]/.test(cell) || /^[+-]?[\d\s().,/-]+$/.test(cell)) return cell
	return cell.replace(/^[=+\-@\s]+/, '')
}

function cleanCell(cell: string) {
	const text = cell.length > CSV_MAX_CELL_LENGTH ? cell.slice(0, CSV_MAX_CELL_LENGTH) : cell
	return defuseFormula(text.trim())
}

/** Cells of a record, at most CSV_MAX_COLUMNS of them, capped and trimmed; null when all are empty. */
function shapeRecord(record: string[], unquote: boolean) {
	const cells = (record.length > CSV_MAX_COLUMNS ? record.slice(0, CSV_MAX_COLUMNS) : record).map((cell) =>
		cleanCell(unquote ? cell.trim().replace(/^"|"$/g, '').replace(/""/g, '"') : cell),
	)
	return cells.some(Boolean) ? cells : null
}

/**
 * Where the record holding a never-closed quote starts, read as csv-parse reads with relax_quotes:
 * a quote opens a quoted field only at the field's start; inside, "" is a quote and " closes it.
 */
export function unclosedQuoteStart(text: string, delimiter: string): number | null {
	let inQuotes = false
	let fieldStart = true
	let recordStart = 0
	let quotedRecordStart = 0
	for (let index = 0; index < text.length; index++) {
		const char = text[index]
		if (inQuotes) {
			if (char !== '"') continue
			if (text[index + 1] === '"') index++
			else inQuotes = false
			continue
		}
		if (char === '"' && fieldStart) {
			inQuotes = true
			quotedRecordStart = recordStart
		} else if (char === delimiter) {
			fieldStart = true
			continue
		} else if (char === '\n' || char === '\r') {
			recordStart = index + 1
			fieldStart = true
			continue
		}
		fieldStart = false
	}
	return inQuotes ? quotedRecordStart : null
}

const PARSE_OPTIONS: Options = {
	// Named, not detected: detection rescans a long unterminated line again and again (a 1 MB line took 1 s).
	record_delimiter: ['\r\n', '\n', '\r'],
	relax_column_count: true,
	relax_quotes: true,
	skip_empty_lines: true,
	skip_records_with_error: true,
}

/**
 * All records of the text, with csv-parse: ragged rows allowed, stray quotes inside fields kept,
 * records that cannot be parsed skipped. When a quote is never closed (the rest of the file would
 * be one cell), the records before it are kept and the rest is read line by line without quoting.
 * (No on_record hook: it makes csv-parse several times slower; records are shaped afterwards.)
 */
export function parseCsvRecords(text: string, delimiter: string): CsvRecords {
	let hadErrors = false
	let unclosed = false
	const options: Options = {
		...PARSE_OPTIONS,
		delimiter,
		on_skip: (error) => {
			hadErrors = true
			if (error?.code === 'CSV_QUOTE_NOT_CLOSED') unclosed = true
		},
	}
	let raw: string[][]
	let rest: string[][] = []
	try {
		raw = parse(text, options) as string[][]
		const start = unclosed ? unclosedQuoteStart(text, delimiter) : null
		if (start !== null) {
			raw = parse(text.slice(0, start), options) as string[][]
			rest = parse(text.slice(start), { ...options, quote: false }) as string[][]
		}
	} catch {
		throw new CompanyCsvError(COMPANY_IMPORT_MESSAGES.couldNotParseCsv)
	}
	let widestRecord = 0
	const records: string[][] = []
	for (const [list, unquote] of [
		[raw, false],
		[rest, true],
	] as const) {
		for (const record of list) {
			widestRecord = Math.max(widestRecord, record.length)
			const shaped = shapeRecord(record, unquote)
			if (shaped) records.push(shaped)
		}
	}
	return { records, widestRecord, hadErrors }
}
