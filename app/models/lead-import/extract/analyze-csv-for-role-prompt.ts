import { detectCsvDelimiter } from '#app/models/company-import/csv/detect-csv-delimiter.ts'
import { headerKey } from '#app/models/company-import/csv/guess-column-mapping.ts'
import { parseCsvRecords } from '#app/models/company-import/csv/parse-csv-records.ts'
import { cutText } from '#app/models/company-import/text/cut-text.ts'
import { leadHeaderField } from './lead-csv-columns.ts'
import { hasRoleWord } from './lead-words.ts'

// Spec: POST lead-scraper/analyze-csv → hasRolePrompt. A company file may say, per company, whom
// to find there ("Head of marketing or CMO"); then the dialog needs no "looking for" text. A
// column holds a role prompt when its header says so, or when its values read as instructions
// about whom to find rather than one person's title.

const SCAN_CHARS = 64_000
const SCAN_ROWS = 100

const PROMPT_HEADER_RE =
	/lookingfor|roleprompt|targetroles?|targettitles?|targetpersonas?|^personas?$|buyerpersonas?|whoto(?:contact|find|target|reach)|contactsought|idealcontacts?|targetcontacts?|^searchfor|rolestofind|rolestotarget|^decisionmakers?$|^prompt$|gesuchterolle|zielrolle|rolecible|rolobuscado/

/** Words of a request for people, not a title held: "find", "anyone in", "or", plural titles. */
const INSTRUCTION_RE =
	/^(?:find|look(?:ing)? for|target|contact|reach(?: out to)?|get|search(?: for)?|someone|anyone|people|person|whoever|decision[- ]makers?|suche|finde|chercher|trouver|buscar)\b|\b(?:or|oder|ou|o)\b|\b(?:in charge of|responsible for|who (?:leads?|owns?|runs?|manages?))\b|\b(?:heads|directors|managers|founders|engineers|executives|leaders|vps|ctos|ceos|cmos)\b/i

function readsLikeRolePrompt(value: string) {
	const text = value.trim()
	// Requests are short; a description that mentions "founders or CTOs" is not one.
	if (text.length < 3 || text.length > 150 || /[.!?]\s+\S/.test(text)) return false
	return hasRoleWord(text) && INSTRUCTION_RE.test(text)
}

export function analyzeCsvForRolePrompt(content: string): boolean {
	if (!content?.trim()) return false
	const text = cutText(content.replace(/^\uFEFF/, ''), SCAN_CHARS)
	let records: string[][]
	try {
		records = parseCsvRecords(text, detectCsvDelimiter(text)).records.slice(0, SCAN_ROWS + 1)
	} catch {
		return false
	}
	const [header, ...rows] = records
	if (!header) return false
	return findRolePromptColumn(header, rows) !== null
}

/** The index of the column that holds a role prompt (by its header, else by its values), or null. */
export function findRolePromptColumn(header: string[], rows: string[][]): number | null {
	const sample = rows.slice(0, SCAN_ROWS)
	for (const [column, title] of header.entries()) {
		const key = headerKey(title)
		if (key && PROMPT_HEADER_RE.test(key)) return column
	}
	for (const [column, title] of header.entries()) {
		// A person's own title column ("Title", "Job title") holds titles, not requests; descriptions describe.
		const field = leadHeaderField(title)
		if (field === 'role' || field === 'headline' || field === 'roleDetails' || field === 'companyDescription')
			continue
		const values = sample.map((row) => row[column] ?? '').filter(Boolean)
		if (values.length === 0) continue
		const prompts = values.filter(readsLikeRolePrompt).length
		if (prompts >= Math.max(1, values.length * 0.5)) return column
	}
	return null
}
