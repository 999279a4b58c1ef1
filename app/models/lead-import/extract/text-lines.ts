import { headerKey } from '#app/models/company-import/csv/guess-column-mapping.ts'
import { isLeadHeader } from './lead-csv-columns.ts'

// Pasted text made into lines the lead extractor can read: controls and invisible marks gone,
// list markers, headings, emphasis and Markdown links unwrapped, long prose split into sentences;
// and the tables inside it (a CSV paste, a tab-separated copy from a spreadsheet, a Markdown
// table) taken out whole, for the CSV reader.

export type TextLine = { text: string; bullet: boolean }
export type TextParts = { lines: Array<TextLine | null>; tables: string[] }

const LIST_MARKER_RE = /^\s*(?:[-*+•·▪◦‣►▶✓✔→]|\d{1,3}[.)]|\(\d{1,3}\)|#\d{1,3}[.:)]?)\s+/
const HEADING_RE = /^\s*#{1,6}\s+/
const MARKDOWN_LINK_RE = /\[([^\][]{1,200})\]\(([^)\s]{1,2048})\)/g
/** Longer lines are prose, read a sentence at a time. */
const PROSE_LINE = 80
/** A sentence ends at . ! or ? before a capital — not after "Dr.", "Inc." or an initial. */
const SENTENCE_END_RE =
	/(?<!\b(?:Dr|Mr|Mrs|Ms|Prof|Inc|Ltd|Co|Corp|St|Jr|Sr|Mt|vs|\p{Lu})\.)(?<=[.!?])\s+(?=\p{Lu})/u
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g

function cleanLine(raw: string): TextLine {
	let text = raw
	const bullet = LIST_MARKER_RE.test(text)
	text = text.replace(LIST_MARKER_RE, '').replace(HEADING_RE, '')
	text = text
		.replace(MARKDOWN_LINK_RE, (_match, label: string, href: string) => `${label} ${href}`)
		.replace(/\*\*|__|~~|`/g, '')
		.replace(/^>\s*/, '')
	return { text: text.replace(/[ \u00a0\u3000]+/g, ' ').trim(), bullet }
}

function cellsOf(line: string, delimiter: string) {
	if (delimiter === '|')
		return line
			.replace(/^\s*\||\|\s*$/g, '')
			.split('|')
			.map((cell) => cell.trim())
	return line.split(delimiter).map((cell) => cell.trim().replace(/^"|"$/g, ''))
}

/** The delimiter of a table whose first line is a header naming two lead fields, or null. */
function tableDelimiter(line: string) {
	for (const delimiter of ['\t', '|', ',', ';']) {
		const cells = cellsOf(line, delimiter)
		if (cells.length < 2) continue
		if (cells.filter((cell) => cell && isLeadHeader(headerKey(cell))).length >= 2) return delimiter
	}
	return null
}

/** A run of lines from `start` that split into cells like the header does: the table. */
function tableEnd(rows: string[], start: number, delimiter: string) {
	let end = start + 1
	while (end < rows.length) {
		const row = rows[end]!
		if (!row.trim()) break
		if (delimiter === '|' && !row.includes('|')) break
		if (delimiter !== '|' && cellsOf(row, delimiter).length < 2) break
		end++
	}
	return end
}

/** Lines (null where the text has a blank line) and the tables found in it as tab-separated text. */
export function textParts(text: string): TextParts {
	const rows = text.replace(/\r\n?/g, '\n').replace(CONTROL_RE, '').split('\n')
	const lines: Array<TextLine | null> = []
	const tables: string[] = []
	for (let index = 0; index < rows.length; index++) {
		const row = rows[index]!
		if (!row.trim()) {
			lines.push(null)
			continue
		}
		const delimiter = row.length < 1_000 ? tableDelimiter(row) : null
		if (delimiter) {
			const end = tableEnd(rows, index, delimiter)
			if (end - index >= 2) {
				tables.push(
					rows
						.slice(index, end)
						.filter((line) => !/^\s*\|?[\s:|-]+\|?\s*$/.test(line))
						.map((line) => cellsOf(line, delimiter).join('\t'))
						.join('\n'),
				)
				lines.push(null)
				index = end - 1
				continue
			}
		}
		const line = cleanLine(row)
		if (!line.text) {
			lines.push(null)
			continue
		}
		if (line.text.length <= PROSE_LINE) {
			lines.push(line)
			continue
		}
		// Prose: one sentence a line, so a name at a sentence's start reads as at a line's start.
		for (const sentence of line.text.split(SENTENCE_END_RE)) {
			if (sentence.trim()) lines.push({ text: sentence.trim(), bullet: false })
		}
	}
	return { lines, tables }
}
