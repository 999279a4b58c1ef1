import {
	COMPANY_NAME_MAX_LENGTH,
	COMPANY_SHORT_TEXT_MAX_LENGTH,
	COMPANY_TEXT_MAX_LENGTH,
} from '#app/schemas/company.ts'
import {
	COMPANY_IMPORT_MESSAGES,
	type ImportedCompany,
	type ImportedCompanyField,
} from '#app/schemas/company-import.ts'
import { cleanImportedText, cutText } from './clean-imported-text.ts'
import {
	normalizeCrunchbaseUrl,
	normalizeLinkedinCompanyUrl,
	normalizeLogoUrl,
	normalizeWebsiteUrl,
} from './normalize-company-links.ts'
import { parseImportedCount } from './parse-imported-count.ts'
import { parseImportedHeadquarter, parseImportedLocations } from './parse-imported-location.ts'

export type ImportedRowErrors = Partial<Record<ImportedCompanyField, string>>

/** Keys of the spec's external shape (name, description, website, industries, num_employees, linkedin_url, location). */
const EXTERNAL_KEYS: Partial<Record<ImportedCompanyField, string>> = {
	industry: 'industries',
	employeeCount: 'num_employees',
	linkedinUrl: 'linkedin_url',
	headquarter: 'location',
	logoUrl: 'logo_url',
}

const text =
	(max: number, multiline = false) =>
	(value: unknown) =>
		cleanImportedText(
			Array.isArray(value) ? value.filter((item) => typeof item === 'string').join(', ') : value,
			{
				max,
				multiline,
			},
		)
const shortText = text(COMPANY_SHORT_TEXT_MAX_LENGTH)
const longText = text(COMPANY_TEXT_MAX_LENGTH, true)

/**
 * One raw row (CSV strings, or values from an extractor, enrichment or the review table's edit
 * form) → a clean ImportedCompany (every field present, null when empty) and the field errors the
 * review table shows. Only name, description and the two counts can be in error; an unusable link
 * is dropped, not reported.
 */
export function normalizeImportedCompany(raw: Record<string, unknown>): {
	company: ImportedCompany
	errors: ImportedRowErrors
} {
	const read = (field: ImportedCompanyField) => {
		const value = raw[field]
		const external = EXTERNAL_KEYS[field]
		return (value === undefined || value === null || value === '') && external ? raw[external] : value
	}
	const errors: ImportedRowErrors = {}

	const name = text(COMPANY_NAME_MAX_LENGTH)(read('name'))
	if (!name) errors.name = COMPANY_IMPORT_MESSAGES.nameEmpty
	const description = longText(read('description'))
	if (!description) errors.description = COMPANY_IMPORT_MESSAGES.descriptionEmpty

	let employeeCount: number | null = null
	let employeeCountRange = normalizeRange(read('employeeCountRange'))
	const count = parseImportedCount(read('employeeCount'), { allowRange: true })
	if (count.kind === 'number') employeeCount = count.value
	else if (count.kind === 'range') employeeCountRange ??= count.value
	else if (count.kind === 'invalid') errors.employeeCount = COMPANY_IMPORT_MESSAGES.mustBeNumeric

	let linkedinFollowers: number | null = null
	const followers = parseImportedCount(read('linkedinFollowers'), { allowRange: false })
	if (followers.kind === 'number') linkedinFollowers = followers.value
	else if (followers.kind === 'invalid') errors.linkedinFollowers = COMPANY_IMPORT_MESSAGES.mustBeNumeric

	const company: ImportedCompany = {
		name,
		description,
		summary: longText(read('summary')),
		tagline: shortText(read('tagline')),
		website: normalizeWebsiteUrl(read('website')),
		linkedinUrl: normalizeLinkedinCompanyUrl(read('linkedinUrl')),
		crunchbaseUrl: normalizeCrunchbaseUrl(read('crunchbaseUrl')),
		industry: shortText(read('industry')),
		revenue: shortText(read('revenue')),
		employeeCount,
		employeeCountRange,
		linkedinFollowers,
		headquarter: parseImportedHeadquarter(read('headquarter')),
		locations: parseImportedLocations(read('locations')),
		funding: normalizeFunding(read('funding')),
		logoUrl: normalizeLogoUrl(read('logoUrl')),
	}
	return { company, errors }
}

/** An explicit range column: "51 – 200 employees" → "51-200"; other text is kept as written. */
function normalizeRange(value: unknown): string | null {
	const count = parseImportedCount(value, { allowRange: true })
	if (count.kind === 'range') return count.value
	return shortText(value)
}

const MAX_FUNDING_DEPTH = 6
const MAX_FUNDING_JSON_LENGTH = COMPANY_TEXT_MAX_LENGTH

/**
 * Funding is JSON: a value (extractor, enrichment) is kept with its strings cleaned; a text that
 * parses as a JSON object or list is that value; other text ("Series B, $40M") is kept as text.
 */
function normalizeFunding(value: unknown): unknown {
	if (value === undefined || value === null) return null
	if (typeof value === 'string') {
		const trimmed = value.trim()
		if (/^[[{]/.test(trimmed) && trimmed.length <= MAX_FUNDING_JSON_LENGTH) {
			try {
				return cleanJson(JSON.parse(trimmed), 0)
			} catch {
				// not JSON: keep the text
			}
		}
		return shortText(value)
	}
	const cleaned = cleanJson(value, 0)
	if (cleaned === null) return null
	return JSON.stringify(cleaned).length <= MAX_FUNDING_JSON_LENGTH ? cleaned : null
}

function cleanJson(value: unknown, depth: number): unknown {
	if (typeof value === 'string') return cleanImportedText(value, { max: COMPANY_SHORT_TEXT_MAX_LENGTH })
	if (typeof value === 'number') return Number.isFinite(value) ? value : null
	if (typeof value === 'boolean' || value === null) return value
	if (depth >= MAX_FUNDING_DEPTH) return null
	if (Array.isArray(value)) {
		const items = value.slice(0, 100).map((item) => cleanJson(item, depth + 1))
		return items.some((item) => item !== null) ? items : null
	}
	if (typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>)
			.slice(0, 100)
			.map(([key, item]) => [cutText(key, 100), cleanJson(item, depth + 1)] as const)
			.filter(([key, item]) => key && item !== null)
		return entries.length ? Object.fromEntries(entries) : null
	}
	return null
}
