import {
	COMPANY_IMPORT_MAX_FILE_BYTES,
	COMPANY_IMPORT_MAX_ROWS,
	COMPANY_IMPORT_MESSAGES,
	CSV_FILE_TOO_LARGE_MESSAGE,
	CSV_MAX_COLUMNS,
	IMPORTED_COMPANY_FIELDS,
	columnsIgnoredMessage,
	extraRowsIgnoredMessage,
	type ColumnMapping,
	type ImportedCompanyField,
} from '#app/schemas/company-import.ts'
import { cleanImportedText } from '../clean-imported-text.ts'
import { CompanyCsvError } from './company-csv-error.ts'
import { decodeCsvBytes } from './decode-csv-bytes.ts'
import { detectCsvDelimiter } from './detect-csv-delimiter.ts'
import { findCsvHeaderRow } from './find-csv-header-row.ts'
import {
	guessColumnMapping,
	headerKey,
	isKnownHeaderKey,
	mappingHasSharedColumns,
	resolveColumnMapping,
} from './guess-column-mapping.ts'
import { parseCsvRecords } from './parse-csv-records.ts'

export { CompanyCsvError } from './company-csv-error.ts'
export { resolveColumnMapping } from './guess-column-mapping.ts'

const SAMPLE_ROWS = 5
const SAMPLE_CELL_LENGTH = 500
const HEADER_LENGTH = 200

export type CompanyCsvPreview = {
	/** The header row (found within the first CSV_HEADER_SCAN_ROWS rows); an untitled column is "Column n". */
	headers: string[]
	/** Its index among the file's records (blank lines and rows of empty cells are not counted). */
	headerRowIndex: number
	/** Up to 5 data rows after the header, for the mapping step. */
	sampleRows: string[][]
	delimiter: string
	encoding: string
	/** The guess, field → column index. */
	mapping: ColumnMapping
	/** false → the UI shows the mapping step even if not asked. */
	mappingSure: boolean
	/** Data rows in the file (before the 500 cap). */
	totalRows: number
	warnings: string[]
}

export type CompanyCsvRow = Record<ImportedCompanyField, string | undefined>

type ParsedCompanyCsv = {
	headers: string[]
	headerRowIndex: number
	dataRows: string[][]
	delimiter: string
	encoding: string
	warnings: string[]
}

function parseCompanyCsv(bytes: Uint8Array): ParsedCompanyCsv {
	if (bytes.length > COMPANY_IMPORT_MAX_FILE_BYTES) throw new CompanyCsvError(CSV_FILE_TOO_LARGE_MESSAGE)
	const { text, encoding } = decodeCsvBytes(bytes)
	const delimiter = detectCsvDelimiter(text)
	const { records, widestRecord, hadErrors } = parseCsvRecords(text, delimiter)
	const headerRowIndex = findCsvHeaderRow(records, isKnownHeaderKey)
	if (headerRowIndex === null) throw new CompanyCsvError(COMPANY_IMPORT_MESSAGES.noHeaders)
	const headerRow = records[headerRowIndex] ?? []
	const dataRows = records.slice(headerRowIndex + 1)
	const width = Math.max(headerRow.length, ...dataRows.slice(0, 1_000).map((row) => row.length))
	const headers = Array.from(
		{ length: width },
		(_, index) => cleanImportedText(headerRow[index], { max: HEADER_LENGTH }) ?? `Column ${index + 1}`,
	)
	const warnings: string[] = []
	const ragged = dataRows.some((row) => row.length !== headerRow.length)
	if (hadErrors || ragged) warnings.push(COMPANY_IMPORT_MESSAGES.parseIssues)
	if (widestRecord > CSV_MAX_COLUMNS) warnings.push(columnsIgnoredMessage(widestRecord - CSV_MAX_COLUMNS))
	return { headers, headerRowIndex, dataRows, delimiter, encoding, warnings }
}

/** The mapping step's view of a file: headers, a few rows, the mapping guess and the row count. */
export function previewCompanyCsv(bytes: Uint8Array): CompanyCsvPreview {
	const { headers, headerRowIndex, dataRows, delimiter, encoding, warnings } = parseCompanyCsv(bytes)
	const { mapping, mappingSure } = guessColumnMapping(headers)
	if (dataRows.length > COMPANY_IMPORT_MAX_ROWS) {
		warnings.push(extraRowsIgnoredMessage(dataRows.length - COMPANY_IMPORT_MAX_ROWS))
	}
	const sampleRows = dataRows
		.slice(0, SAMPLE_ROWS)
		.map((row) => headers.map((_, index) => cleanImportedText(row[index], { max: SAMPLE_CELL_LENGTH }) ?? ''))
	return {
		headers,
		headerRowIndex,
		sampleRows,
		delimiter,
		encoding,
		mapping,
		mappingSure,
		totalRows: dataRows.length,
		warnings,
	}
}

/**
 * The rows of a file as raw strings per mapped field (at most COMPANY_IMPORT_MAX_ROWS), for
 * normalizeImportedCompany. Without a mapping the guess is used; a given mapping may name
 * columns by header text. A row with nothing in the mapped columns is not a company: skipped.
 */
export function readCompanyCsv(
	bytes: Uint8Array,
	mapping?: ColumnMapping,
): {
	rows: CompanyCsvRow[]
	/** Each row's whole record (every column), for readers of columns no company field maps. */
	records: string[][]
	totalRows: number
	ignoredRows: number
	headers: string[]
	/** The mapping used, as column indices (the given one resolved, or the guess). */
	mapping: ColumnMapping
	warnings: string[]
} {
	const { headers, dataRows, warnings } = parseCompanyCsv(bytes)
	const columns = mapping ? resolveColumnMapping(mapping, headers) : guessColumnMapping(headers).mapping
	const addressColumns = addressColumnsBeside(columns.headquarter, headers)
	const rows: CompanyCsvRow[] = []
	const records: string[][] = []
	let totalRows = 0
	const mappedColumns = [...new Set(Object.values(columns).filter((column) => typeof column === 'number'))]
	for (const record of dataRows) {
		if (!mappedColumns.some((column) => record[column])) continue
		totalRows++
		// Rows past the cap are only counted.
		if (rows.length === COMPANY_IMPORT_MAX_ROWS) continue
		const row = {} as CompanyCsvRow
		for (const field of IMPORTED_COMPANY_FIELDS) {
			const column = columns[field]
			row[field] = typeof column === 'number' ? record[column] : undefined
		}
		if (addressColumns) row.headquarter = composeAddress(record, addressColumns) || undefined
		rows.push(row)
		records.push(record)
	}
	const ignoredRows = totalRows - rows.length
	if (ignoredRows > 0) warnings.push(extraRowsIgnoredMessage(ignoredRows))
	if (mapping && mappingHasSharedColumns(columns)) {
		// Allowed (one column may fill two fields), but worth a look.
		warnings.push('One CSV column fills more than one company field.')
	}
	return { rows, records, totalRows, ignoredRows, headers, mapping: columns, warnings }
}

const ADDRESS_PART_KEYS = {
	street: ['street', 'streetaddress', 'companystreet', 'address1', 'addressline1'],
	city: ['city', 'companycity', 'hqcity'],
	state: ['state', 'region', 'stateregion', 'companystate', 'province', 'hqstate'],
	postal: ['postalcode', 'zip', 'zipcode', 'companypostalcode', 'postcode'],
	country: ['country', 'countryregion', 'companycountry', 'hqcountry'],
}
type AddressColumns = Partial<Record<keyof typeof ADDRESS_PART_KEYS, number>>

/**
 * Exports split the address over City, State/Region, Postal code and Country columns. When the
 * headquarter is mapped to such a City column, the other parts are found by their headers.
 */
function addressColumnsBeside(
	column: ColumnMapping['headquarter'],
	headers: string[],
): AddressColumns | null {
	if (typeof column !== 'number' || !ADDRESS_PART_KEYS.city.includes(headerKey(headers[column] ?? '')))
		return null
	const keys = headers.map(headerKey)
	const parts: AddressColumns = { city: column }
	for (const part of ['street', 'state', 'postal', 'country'] as const) {
		const index = keys.findIndex((key) => ADDRESS_PART_KEYS[part].includes(key))
		if (index >= 0) parts[part] = index
	}
	return Object.keys(parts).length > 1 ? parts : null
}

/** "1 Main St, Springfield, IL 62701, United States" or "10115 Berlin, Germany": what parseImportedHeadquarter reads. */
function composeAddress(record: string[], columns: AddressColumns) {
	const cell = (index: number | undefined) => (index === undefined ? '' : (record[index] ?? ''))
	const [street, city, state, postal, country] = [
		columns.street,
		columns.city,
		columns.state,
		columns.postal,
		columns.country,
	].map(cell)
	const locality = state
		? [city, [state, postal].filter(Boolean).join(' ')]
		: [[postal, city].filter(Boolean).join(' ')]
	return [street, ...locality, country].filter(Boolean).join(', ')
}
