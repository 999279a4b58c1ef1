import {
	type ColumnMapping,
	type ImportedCompany,
	type ImportedCompanyField,
} from '#app/schemas/company-import.ts'
import { readCompanyCsv } from './csv/read-company-csv.ts'
import { normalizeImportedCompany } from './normalize-imported-company.ts'

export type ParsedCompanyRowError = { index: number; field: ImportedCompanyField; message: string }

export type ParsedCompaniesFromCsv = {
	companies: ImportedCompany[]
	/** Field errors by the company's index in `companies`. */
	errors: ParsedCompanyRowError[]
	headers: string[]
	/** Each company's whole CSV record, by its index in `companies`. */
	records: string[][]
	mapping: ColumnMapping
	totalRows: number
	ignoredRows: number
	warnings: string[]
}

/**
 * POST /api/v1/companies/parse: a CSV file → normalized companies and their field errors, with
 * nothing stored and no job. Throws CompanyCsvError for a file that cannot be read.
 */
export function parseCompaniesFromCsv(bytes: Uint8Array, mapping?: ColumnMapping): ParsedCompaniesFromCsv {
	const csv = readCompanyCsv(bytes, mapping)
	const companies: ImportedCompany[] = []
	const errors: ParsedCompanyRowError[] = []
	csv.rows.forEach((row, index) => {
		const normalized = normalizeImportedCompany(row)
		companies.push(normalized.company)
		for (const [field, message] of Object.entries(normalized.errors)) {
			errors.push({ index, field: field as ImportedCompanyField, message })
		}
	})
	return {
		companies,
		errors,
		headers: csv.headers,
		records: csv.records,
		mapping: csv.mapping,
		totalRows: csv.totalRows,
		ignoredRows: csv.ignoredRows,
		warnings: csv.warnings,
	}
}
