import { CompanyCsvError } from '#app/models/company-import/csv/company-csv-error.ts'
import { decodeCsvBytes } from '#app/models/company-import/csv/decode-csv-bytes.ts'
import { detectCsvDelimiter } from '#app/models/company-import/csv/detect-csv-delimiter.ts'
import { findCsvHeaderRow } from '#app/models/company-import/csv/find-csv-header-row.ts'
import { headerKey } from '#app/models/company-import/csv/guess-column-mapping.ts'
import { parseCsvRecords } from '#app/models/company-import/csv/parse-csv-records.ts'
import { type ExtractedLead, LEAD_IMPORT_MESSAGES, LEAD_SAVE_MAX } from '#app/schemas/lead-import.ts'
import { collectLeads } from './collect-leads.ts'
import {
	isRolePromptHeader,
	leadColumnsFromHeaders,
	leadColumnsFromValues,
	isLeadHeader,
	type LeadColumns,
} from './lead-csv-columns.ts'
import { LeadCsvError } from './lead-csv-error.ts'
import { applyLeadInstructions } from './lead-instructions.ts'
import { type LeadDraft } from './lead-record.ts'
import { isLastFirstName, isLikelyPersonName } from './person-name.ts'
import { parsePersonLine, splitRoleAndCompany } from './role-and-company.ts'

// Leads from a CSV file without a model (the file's headers are reliable): decoded and split by the
// company import's reader, columns found by header words and values (lead-csv-columns.ts), one
// lead per row with a first name, mentions of one person merged. Linear in the file: a 1 MB file of
// 8,000 rows takes well under a second.

export const LEAD_CSV_MESSAGES = {
	parseIssues: "The CSV file had some parsing issues but we'll try to extract what we can",
	noNameColumn: 'No name column was found, so names were read from e-mail addresses and LinkedIn links',
} as const

export function rowsWithoutNameMessage(count: number) {
	return count === 1
		? '1 row without a first name was skipped'
		: `${count.toLocaleString('en-US')} rows without a first name were skipped`
}

export function duplicateRowsMessage(count: number) {
	return count === 1
		? '1 row repeated a person already in the file and was merged'
		: `${count.toLocaleString('en-US')} rows repeated people already in the file and were merged`
}

export function leadsCappedMessage(count: number) {
	return `Only the first ${LEAD_SAVE_MAX.toLocaleString('en-US')} leads were kept; ${count.toLocaleString('en-US')} more were left out`
}

export type LeadCsvResult = {
	leads: ExtractedLead[]
	warnings: string[]
	/** Data rows in the file (after the header, blank rows not counted). */
	totalRows: number
	/** A column holds names (by header or by value); false → the dispatcher may ask the model. */
	hasNameColumn: boolean
}

function readRecords(bytes: Uint8Array) {
	try {
		const { text } = decodeCsvBytes(bytes)
		const { records, hadErrors } = parseCsvRecords(text, detectCsvDelimiter(text))
		return { records, hadErrors }
	} catch (error) {
		if (!(error instanceof CompanyCsvError)) throw error
		const message =
			error.message === LEAD_IMPORT_MESSAGES.couldNotParseCsv
				? LEAD_IMPORT_MESSAGES.couldNotParseCsv
				: LEAD_IMPORT_MESSAGES.couldNotRead
		throw new LeadCsvError(message, { cause: error })
	}
}

/**
 * The header row and the data rows after it. A header names a lead field, or is at least a row of
 * titles that is not itself a person (no address, profile or name in it: "Notes", "Col A"); a file
 * whose first row is a person has no header, and all its rows are data.
 */
function splitHeader(records: string[][]) {
	const index = findCsvHeaderRow(records, isLeadHeader)
	const header = index === null ? null : records[index]!
	if (!header) return { headers: null, rows: records }
	const named = header.some((cell) => cell && isLeadHeader(headerKey(cell)))
	const person = header.some(
		(cell) =>
			cell.includes('@') || /linkedin\.com\//i.test(cell) || isLikelyPersonName(cell, { strictCase: false }),
	)
	if (named || !person) return { headers: header, rows: records.slice(index! + 1) }
	return { headers: null, rows: records }
}

function cell(row: string[], columns: number[] | undefined) {
	if (!columns) return undefined
	for (const column of columns) {
		const value = row[column]
		if (value) return value
	}
	return undefined
}

function draftOf(row: string[], columns: LeadColumns): LeadDraft {
	const details = (columns.roleDetails ?? []).map((column) => row[column]).filter(Boolean)
	const draft: LeadDraft = {
		firstName: cell(row, columns.firstName),
		middleName: cell(row, columns.middleName),
		lastName: cell(row, columns.lastName),
		fullName: cell(row, columns.fullName),
		lastFirst: true,
		email: cell(row, columns.email),
		phone: cell(row, columns.phone),
		linkedin: cell(row, columns.linkedin),
		role: cell(row, columns.role),
		roleDetails: [...new Set(details)].join(', ') || undefined,
		companyName: cell(row, columns.companyName),
		companyDescription: cell(row, columns.companyDescription),
	}
	const headline = cell(row, columns.headline)
	if (headline) {
		// "CTO at Acme | ex-Google": the title (and company) when no column gives them.
		const parts = splitRoleAndCompany(headline)
		if (!draft.role) draft.role = parts.role ?? headline
		else draft.roleDetails ??= headline
		draft.companyName ??= parts.companyName
	}
	const combined =
		cell(row, columns.personLine) ?? (/[,(|–—-]/.test(draft.fullName ?? '') ? draft.fullName : null)
	if (combined && !draft.firstName && !isLastFirstName(combined)) {
		// "Jane Doe, CTO at Acme" in one cell.
		const line = parsePersonLine(combined, { minWords: 1 })
		if (line) {
			draft.fullName = null
			draft.firstName = line.name.firstName
			draft.middleName = line.name.middleName
			draft.lastName = line.name.lastName
			draft.role ??= line.role
			draft.companyName ??= line.companyName
		}
	}
	return draft
}

export function extractLeadsFromCsv(bytes: Uint8Array, instructions?: string | null): LeadCsvResult {
	const { records, hadErrors } = readRecords(bytes)
	const { headers, rows } = splitHeader(records)
	const width = Math.min(200, Math.max(headers?.length ?? 0, ...rows.slice(0, 200).map((row) => row.length)))
	const promptColumns = (headers ?? []).flatMap((header, index) =>
		isRolePromptHeader(header) ? [index] : [],
	)
	const columns = leadColumnsFromValues(
		rows,
		headers ? leadColumnsFromHeaders(headers) : {},
		width,
		promptColumns,
	)
	const hasNameColumn = Boolean(columns.firstName || columns.fullName || columns.personLine)
	const warnings: string[] = []
	if (hadErrors) warnings.push(LEAD_CSV_MESSAGES.parseIssues)
	if (!hasNameColumn) warnings.push(LEAD_CSV_MESSAGES.noNameColumn)
	const { leads: collected, withoutName, merged } = collectLeads(rows.map((row) => draftOf(row, columns)))
	if (withoutName) warnings.push(rowsWithoutNameMessage(withoutName))
	if (merged) warnings.push(duplicateRowsMessage(merged))
	const filtered = applyLeadInstructions(collected, instructions)
	warnings.push(...filtered.warnings)
	let leads = filtered.leads
	if (leads.length > LEAD_SAVE_MAX) {
		warnings.push(leadsCappedMessage(leads.length - LEAD_SAVE_MAX))
		leads = leads.slice(0, LEAD_SAVE_MAX)
	}
	return { leads, warnings, totalRows: rows.length, hasNameColumn }
}
