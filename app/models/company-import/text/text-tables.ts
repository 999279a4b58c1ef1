import { parse } from 'csv-parse/sync'
import { isLikelyName, trimName } from './company-name-rules.ts'
import { cleanCell, columnForHeader, companyFromRow, type TableColumn } from './company-table-row.ts'
import { type Found, guessName } from './merge-company-mentions.ts'

// Tables in text: markdown tables, and CSV/TSV/semicolon/pipe blocks under a header row we recognise.

const TABLE_LINE_RE = /^\s*\|.*\|\s*$/
const TABLE_SEPARATOR_RE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/

export function isTableLine(line: string) {
	return TABLE_LINE_RE.test(line)
}

/** A markdown table starting at `start`: header, separator, rows. */
export function readTable(lines: string[], start: number) {
	if (!TABLE_LINE_RE.test(lines[start]!) || !TABLE_SEPARATOR_RE.test(lines[start + 1] ?? '')) return null
	const header = splitTableLine(lines[start]!)
	let end = start + 2
	const rows: string[][] = []
	while (end < lines.length && TABLE_LINE_RE.test(lines[end]!)) rows.push(splitTableLine(lines[end++]!))
	return { companies: companiesFromTable(header, rows), end }
}

function splitTableLine(line: string) {
	return line
		.trim()
		.replace(/^\||\|$/g, '')
		.split(/(?<!\\)\|/)
		.map((cell) => cell.trim())
}

/** CSV, TSV, semicolon or pipe separated lines whose first line is a header we recognise. */
export function readDelimitedBlock(lines: string[], start: number) {
	const first = lines[start]!
	for (const delimiter of ['\t', ';', ',', '|']) {
		if (!first.includes(delimiter)) continue
		const header = parseDelimited(first, delimiter)[0]
		if (!header || header.length < 2) continue
		const columns = header.map(columnForHeader)
		const known = columns.filter(Boolean)
		if (
			!columns.some((column) => column === 'name' || column === 'website') ||
			known.length < Math.min(2, header.length)
		)
			continue
		let end = start + 1
		while (end < lines.length && lines[end]!.trim() && lines[end]!.includes(delimiter)) end++
		// A quoted cell may hold line breaks: parse the whole block at once.
		const rows = parseDelimited(lines.slice(start + 1, end).join('\n'), delimiter)
		if (rows.length === 0) continue
		return { companies: companiesFromTable(header, rows), end }
	}
	return null
}

function parseDelimited(text: string, delimiter: string): string[][] {
	try {
		return parse(text, {
			delimiter,
			relax_column_count: true,
			relax_quotes: true,
			skip_empty_lines: true,
			trim: true,
			bom: true,
		}) as string[][]
	} catch {
		return text.split('\n').map((line) => line.split(delimiter).map((cell) => cell.trim()))
	}
}

function companiesFromTable(header: string[], rows: string[][]): Found[] {
	const columns: Array<TableColumn | null> = header.map(columnForHeader)
	// No "name" column: the first column holding names is it ("Exhibitor | Booth" says "exhibitor", others say nothing).
	if (!columns.includes('name')) {
		const firstFree = columns.findIndex(
			(column, index) => column === null && rows.some((row) => isLikelyName(cleanCell(row[index] ?? ''))),
		)
		if (firstFree >= 0) columns[firstFree] = 'name'
	}
	const companies: Found[] = []
	for (const row of rows) {
		const company: Found | null = companyFromRow(row, columns)
		if (!company) continue
		if (company.name && !isLikelyName(trimName(company.name)) && !company.website && !company.linkedinUrl)
			continue
		if (!company.name) {
			const guess = guessName(company)
			if (!guess) continue
			company.name = guess
			company.nameGuessed = true
		}
		companies.push(company)
	}
	return companies
}
