/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_LEADING = new Set(['=', '+', '-', '@', '\t', '\r'])

export type CsvValue = string | number | boolean | Date | null | undefined

/**
 * One CSV cell: formula-leading text is prefixed with a single quote so spreadsheets show it
 * as text, and a value holding a comma, a double quote or a line break is wrapped in double
 * quotes with its quotes doubled (RFC 4180).
 */
export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return ''
	let text = value instanceof Date ? value.toISOString() : String(value)
	if (typeof value === 'string' && FORMULA_LEADING.has(text.charAt(0))) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: readonly CsvValue[]): string {
	return `${values.map(csvCell).join(',')}\r\n`
}
