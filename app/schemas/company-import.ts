import { z } from 'zod'
import { linkedinCompanyUrlError } from './company.ts'

// Company import (issue 13, decision 025): the shape of one imported company row, the spec's
// messages, and the limits. Shared by the CSV reader, the text extractors, the enrichment, the
// processing job, the review table's forms and the API.

/** Spec §9: at most 500 companies per import; extra rows are ignored and the user is told. */
export const COMPANY_IMPORT_MAX_ROWS = 500
/** Spec §9: a CSV file is at most 1 MB. */
export const COMPANY_IMPORT_MAX_FILE_BYTES = 1_000_000
/** Spec §4: the header row is looked for in the first 5 rows. */
export const CSV_HEADER_SCAN_ROWS = 5
/** Pasted or uploaded text for the text import. */
export const COMPANY_IMPORT_MAX_TEXT_LENGTH = 200_000
export const COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH = 2_000
/** Spec §9: a review-table cell shows at most 30 characters. */
export const REVIEW_CELL_MAX_CHARS = 30

export const COMPANY_IMPORT_MESSAGES = {
	noHeaders: 'No headers found in CSV file',
	readFailed: 'Failed to read CSV file',
	noHeadersForMapping: 'Error: No CSV headers available for mapping',
	parseIssues: "The CSV file had some parsing issues but we'll try to extract what we can",
	couldNotRead: 'Could not read file contents',
	couldNotParseCsv: 'Could not parse CSV content',
	textFileType: 'Only text (.txt) or CSV (.csv) files are supported',
	noText: 'No text content provided',
	nameEmpty: 'Name cannot be empty',
	descriptionEmpty: 'Description cannot be empty',
	mustBeNumeric: 'Must be numeric',
	missingRequired: 'Missing required fields',
	ready: 'Ready',
	filterRequired: 'Please enter filter criteria',
	noCompaniesToFilter: 'No companies to filter',
	noFilterMatch: 'No companies match your filter criteria',
	filterCleared: 'Filter cleared',
	noCompaniesToSave: 'No companies to save',
	noProcessedToSave: 'No processed companies to save.',
	saveFailed: 'Failed to save companies',
	parseFailed: 'Failed to parse companies',
	textParseFailed: 'Failed to parse text',
	startFailed: 'Failed to start company import',
	importFailed: 'Import failed',
	cancelFailed: 'Failed to cancel import',
	statusFailed: 'Failed to get import status. Please try again.',
	autofillNeedsBoth: 'Please provide both LinkedIn and website URLs for auto-fill',
	autofillFailed: 'Something went wrong while auto-filling company details',
	autofillDone: 'Company details auto-filled successfully',
} as const

/** "Filtered to n companies out of m" */
export function filteredMessage(shown: number, total: number) {
	return `Filtered to ${shown} companies out of ${total}`
}

/** "Import cancelled. Showing n partially processed companies." / "… No companies were processed yet." */
export function cancelledMessage(processed: number) {
	return processed > 0
		? `Import cancelled. Showing ${processed} partially processed companies.`
		: 'Import cancelled. No companies were processed yet.'
}

/** "n/m companies imported successfully" */
export function importedMessage(saved: number, total: number) {
	return `${saved}/${total} companies imported successfully`
}

/** "More than 500 rows: the first 500 were kept, n ignored." */
export function extraRowsIgnoredMessage(ignored: number) {
	return `This import holds at most ${COMPANY_IMPORT_MAX_ROWS} companies: the first ${COMPANY_IMPORT_MAX_ROWS} were kept and ${ignored.toLocaleString('en-US')} more ${ignored === 1 ? 'was' : 'were'} ignored.`
}

/**
 * The fields of one imported company, as read from a CSV row, extracted from text or filled by
 * enrichment: the spec's company save payload plus logoUrl. Every field may be missing before
 * validation; values are plain (numbers as numbers, headquarter as an object).
 */
export type ImportedCompany = {
	name?: string | null
	description?: string | null
	summary?: string | null
	tagline?: string | null
	website?: string | null
	linkedinUrl?: string | null
	crunchbaseUrl?: string | null
	industry?: string | null
	revenue?: string | null
	employeeCount?: number | null
	employeeCountRange?: string | null
	linkedinFollowers?: number | null
	headquarter?: {
		geographic_area?: string | null
		country?: string | null
		city?: string | null
		postal_code?: string | null
		first_line?: string | null
	} | null
	locations?: string[] | null
	funding?: unknown
	logoUrl?: string | null
}

/** The company fields a user maps CSV columns to, in the mapping step's order. */
export const IMPORTED_COMPANY_FIELDS = [
	'name',
	'description',
	'website',
	'linkedinUrl',
	'industry',
	'employeeCount',
	'employeeCountRange',
	'headquarter',
	'locations',
	'summary',
	'tagline',
	'revenue',
	'linkedinFollowers',
	'crunchbaseUrl',
	'funding',
	'logoUrl',
] as const satisfies ReadonlyArray<keyof ImportedCompany>

export type ImportedCompanyField = (typeof IMPORTED_COMPANY_FIELDS)[number]

export const IMPORTED_COMPANY_FIELD_LABELS: Record<ImportedCompanyField, string> = {
	name: 'Name',
	description: 'Description',
	website: 'Website',
	linkedinUrl: 'LinkedIn URL',
	industry: 'Industry',
	employeeCount: 'Employee Count',
	employeeCountRange: 'Employee Range',
	headquarter: 'Headquarter',
	locations: 'Locations',
	summary: 'Summary',
	tagline: 'Tagline',
	revenue: 'Revenue',
	linkedinFollowers: 'LinkedIn Followers',
	crunchbaseUrl: 'Crunchbase URL',
	funding: 'Funding',
	logoUrl: 'Logo URL',
}

/**
 * Field → column: which CSV column fills which company field, by its index in the header row or
 * (API clients) by its header text; null or absent leaves the field unmapped.
 */
export const ColumnMappingSchema = z.partialRecord(
	z.enum(IMPORTED_COMPANY_FIELDS),
	z.union([z.number().int().min(0).max(100_000), z.string().max(500)]).nullable(),
)
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>

const flag = z
	.union([z.boolean(), z.enum(['true', 'false', 'on'])], { error: 'skipCompanyEnrichment must be true or false' })
	.transform((value) => value === true || value === 'true' || value === 'on')

/** POST /api/v1/companies/import/text (and the Text Upload tab's form). */
export const CompanyTextImportSchema = z.object(
	{
		text: z
			.string({ error: COMPANY_IMPORT_MESSAGES.noText })
			.transform((value) => value.replaceAll('\u0000', '').trim())
			.refine((value) => value.length > 0, COMPANY_IMPORT_MESSAGES.noText)
			.refine(
				(value) => value.length <= COMPANY_IMPORT_MAX_TEXT_LENGTH,
				`The text is longer than ${COMPANY_IMPORT_MAX_TEXT_LENGTH.toLocaleString('en-US')} characters`,
			),
		skipCompanyEnrichment: flag.optional().default(false),
		userInstructions: z
			.string({ error: 'userInstructions must be text' })
			.max(COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH, {
				error: `Instructions must be at most ${COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH.toLocaleString('en-US')} characters`,
			})
			.nullable()
			.optional(),
	},
	{ error: 'Request body must be an object' },
)

/** POST /api/v1/companies/save: the spec's companies[] (each checked like an imported row). */
export const CompanySaveSchema = z.object(
	{
		companies: z
			.array(z.record(z.string(), z.unknown(), { error: 'Each company must be an object' }), {
				error: COMPANY_IMPORT_MESSAGES.noCompaniesToSave,
			})
			.min(1, { error: COMPANY_IMPORT_MESSAGES.noCompaniesToSave })
			.max(COMPANY_IMPORT_MAX_ROWS, { error: `At most ${COMPANY_IMPORT_MAX_ROWS} companies can be saved at once` }),
	},
	{ error: 'Request body must be an object' },
)

/** CSV reading limits (decision 028): columns past the 200th are ignored, a cell keeps 10,000 characters. */
export const CSV_MAX_COLUMNS = 200
export const CSV_MAX_CELL_LENGTH = 10_000

/** "Only the first 200 columns were read; n more were ignored." */
export function columnsIgnoredMessage(ignored: number) {
	return `Only the first ${CSV_MAX_COLUMNS} columns were read; ${ignored.toLocaleString('en-US')} more ${ignored === 1 ? 'was' : 'were'} ignored.`
}

/** The upload limit in words, for a file over COMPANY_IMPORT_MAX_FILE_BYTES. */
export const CSV_FILE_TOO_LARGE_MESSAGE = 'The CSV file is larger than 1 MB. Split it into smaller files.'

/** POST /api/v1/companies/parse: the upload's own messages (beyond the spec's). */
export const COMPANY_CSV_UPLOAD_MESSAGES = {
	noFile: 'No file selected',
	oneFile: 'Upload a single CSV file',
	fileType: 'Only CSV (.csv) files are supported',
	notMultipart: 'Send the CSV file as multipart/form-data in a field named "file"',
	mappingJson: 'columnMapping must be JSON, for example {"name": "Company", "description": 2}',
} as const

/** A file an API client or browser calls CSV (by name or type); other text files are read the same way. */
export function isCsvUpload(file: { name: string; type: string }) {
	const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase()
	if (extension) return ['csv', 'tsv', 'txt'].includes(extension)
	const type = file.type.split(';')[0]?.trim().toLowerCase() ?? ''
	return (
		!type ||
		type.startsWith('text/') ||
		['application/csv', 'application/vnd.ms-excel', 'application/octet-stream'].includes(type)
	)
}
// ---------- POST /api/v1/companies/enrich (issue 13, decision 026) ----------

/** One request enriches at most this many companies (each reads up to two pages). */
export const COMPANY_ENRICH_MAX_ENTRIES = 25

export const COMPANY_ENRICH_MESSAGES = {
	notAList: 'Request body must be a list of {linkedinUrl, websiteUrl} entries (or { companies: [...] })',
	empty: 'No companies to enrich',
	tooMany: `At most ${COMPANY_ENRICH_MAX_ENTRIES} companies can be enriched at once`,
	entryShape: 'Each entry must be an object with linkedinUrl and websiteUrl',
	needsOne: 'Please provide a LinkedIn URL or a website URL',
	websiteUrl: 'Please enter a valid website URL',
} as const

/** The body: a list, or `{ companies: list }`; each entry is checked on its own (CompanyEnrichEntrySchema). */
export const CompanyEnrichRequestSchema = z
	.union(
		[z.array(z.unknown()), z.object({ companies: z.array(z.unknown()) }).transform((body) => body.companies)],
		{
			error: COMPANY_ENRICH_MESSAGES.notAList,
		},
	)
	.pipe(
		z
			.array(z.unknown())
			.min(1, { error: COMPANY_ENRICH_MESSAGES.empty })
			.max(COMPANY_ENRICH_MAX_ENTRIES, { error: COMPANY_ENRICH_MESSAGES.tooMany }),
	)

/** A website as people type it: http(s) or a bare domain (read as https). */
export function websiteUrlError(value: string): string | null {
	const text = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
	try {
		const url = new URL(text)
		if (
			(url.protocol !== 'http:' && url.protocol !== 'https:') ||
			!url.hostname ||
			url.username ||
			url.password
		)
			return COMPANY_ENRICH_MESSAGES.websiteUrl
		return url.hostname.includes('.') || /^\[|^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)
			? null
			: COMPANY_ENRICH_MESSAGES.websiteUrl
	} catch {
		return COMPANY_ENRICH_MESSAGES.websiteUrl
	}
}

function enrichUrl(check: (value: string) => string | null) {
	return z
		.string({ error: COMPANY_ENRICH_MESSAGES.entryShape })
		.trim()
		.max(2_048, { error: COMPANY_ENRICH_MESSAGES.entryShape })
		.nullish()
		.transform((value, ctx) => {
			if (!value) return undefined
			const message = check(value)
			if (message) {
				ctx.addIssue({ code: 'custom', message })
				return z.NEVER
			}
			return value
		})
}

export const CompanyEnrichEntrySchema = z
	.object(
		{
			linkedinUrl: enrichUrl(linkedinCompanyUrlError),
			websiteUrl: enrichUrl(websiteUrlError),
		},
		{ error: COMPANY_ENRICH_MESSAGES.entryShape },
	)
	.refine((entry) => entry.linkedinUrl || entry.websiteUrl, { error: COMPANY_ENRICH_MESSAGES.needsOne })
export type CompanyEnrichEntry = z.output<typeof CompanyEnrichEntrySchema>

/** One answer per entry, in order. */
export type CompanyEnrichAnswer =
	| { data: ImportedCompany; sources: string[]; warnings: string[] }
	| { error: string; message: string; warnings?: string[] }
