import { z } from 'zod'
import {
	COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH,
	COMPANY_IMPORT_MAX_ROWS,
	COMPANY_IMPORT_MESSAGES,
	type ImportedCompany,
} from './company-import.ts'

// POST /api/v1/filter: { data: companies (≤ 500), filterInstructions, filterType: "companies" } →
// { indices }. The companies come back from the review table as the client holds them, so each
// is read leniently: known fields of the right type are kept, anything else is ignored.

export const COMPANY_FILTER_MESSAGES = {
	tooMany: `At most ${COMPANY_IMPORT_MAX_ROWS} companies can be filtered at once`,
	notAList: 'data must be a list of companies',
	notACompany: 'Each company in data must be an object',
	instructionsTooLong: `Filter criteria must be at most ${COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH.toLocaleString('en-US')} characters`,
	wrongType: 'filterType must be "companies"',
} as const

/** A field longer than this is cut before matching: no company description needs more. */
const FIELD_MAX_CHARS = 5_000

export const CompanyFilterRequestSchema = z.object({
	filterInstructions: z
		.string({ error: COMPANY_IMPORT_MESSAGES.filterRequired })
		.trim()
		.min(1, COMPANY_IMPORT_MESSAGES.filterRequired)
		.max(COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH, COMPANY_FILTER_MESSAGES.instructionsTooLong),
	data: z
		.array(z.record(z.string(), z.unknown(), { error: COMPANY_FILTER_MESSAGES.notACompany }), {
			error: COMPANY_FILTER_MESSAGES.notAList,
		})
		.min(1, COMPANY_IMPORT_MESSAGES.noCompaniesToFilter)
		.max(COMPANY_IMPORT_MAX_ROWS, COMPANY_FILTER_MESSAGES.tooMany)
		.transform((rows) => rows.map(importedCompanyFromJson)),
	filterType: z
		.literal('companies', { error: COMPANY_FILTER_MESSAGES.wrongType })
		.optional()
		.default('companies'),
})

export type CompanyFilterRequest = z.infer<typeof CompanyFilterRequestSchema>

const TEXT_FIELDS = [
	'name',
	'description',
	'summary',
	'tagline',
	'website',
	'linkedinUrl',
	'crunchbaseUrl',
	'industry',
	'revenue',
	'employeeCountRange',
	'logoUrl',
] as const

/** A company as a client sent it: strings kept (cut), numbers read, headquarter and locations in their shapes. */
export function importedCompanyFromJson(row: Record<string, unknown>): ImportedCompany {
	const company: ImportedCompany = {}
	for (const field of TEXT_FIELDS) {
		const text = textOf(row[field])
		if (text) company[field] = text
	}
	const employeeCount = numberOf(row.employeeCount)
	if (employeeCount != null) company.employeeCount = employeeCount
	const followers = numberOf(row.linkedinFollowers)
	if (followers != null) company.linkedinFollowers = followers
	const headquarter = row.headquarter
	if (headquarter && typeof headquarter === 'object' && !Array.isArray(headquarter)) {
		const fields = headquarter as Record<string, unknown>
		company.headquarter = {
			geographic_area: textOf(fields.geographic_area),
			country: textOf(fields.country),
			city: textOf(fields.city),
			postal_code: textOf(fields.postal_code),
			first_line: textOf(fields.first_line),
		}
	} else if (textOf(headquarter)) {
		company.headquarter = { first_line: textOf(headquarter) }
	}
	const locations = Array.isArray(row.locations)
		? row.locations.map(textOf).filter((value): value is string => Boolean(value))
		: textOf(row.locations)
			? [textOf(row.locations)!]
			: []
	if (locations.length > 0) company.locations = locations.slice(0, 50)
	return company
}

function textOf(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value)
	if (typeof value !== 'string') return null
	const text = value.trim()
	return text ? text.slice(0, FIELD_MAX_CHARS) : null
}

function numberOf(value: unknown): number | null {
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && value.trim()
				? Number(value.replace(/,/g, ''))
				: NaN
	return Number.isFinite(number) && number >= 0 ? Math.round(number) : null
}
