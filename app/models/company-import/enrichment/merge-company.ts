import { type CompanyAddress, type CompanyFacts } from '#app/integrations/web/company-facts.ts'
import {
	type ImportedCompany,
	IMPORTED_COMPANY_FIELDS,
	type ImportedCompanyField,
} from '#app/schemas/company-import.ts'
import {
	COMPANY_NAME_MAX_LENGTH,
	COMPANY_SHORT_TEXT_MAX_LENGTH,
	COMPANY_TEXT_MAX_LENGTH,
	MAX_WHOLE_NUMBER,
} from '#app/schemas/company.ts'
import { canonicalLinkedinCompanyUrl, type LinkedInCompanyFacts } from './linkedin-company-page.ts'

/**
 * The merge rules of enrichment (decision 026): a value the row already has is never replaced; a
 * missing one is taken from the first source that has it, in an order per field (the site says
 * best who it is and where; LinkedIn says best its industry, size range and followers; the writer
 * — model or offline — writes the prose). Pure.
 */

export type EnrichmentSource = 'website' | 'linkedin' | 'writer'
export type Candidates = Partial<Record<EnrichmentSource, ImportedCompany>>

const DEFAULT_ORDER: EnrichmentSource[] = ['website', 'linkedin', 'writer']
const FIELD_ORDER: Partial<Record<ImportedCompanyField, EnrichmentSource[]>> = {
	description: ['writer', 'website', 'linkedin'],
	summary: ['writer'],
	tagline: ['writer', 'linkedin', 'website'],
	industry: ['linkedin', 'website', 'writer'],
	employeeCountRange: ['linkedin', 'website'],
	linkedinFollowers: ['linkedin'],
	website: ['linkedin'],
	linkedinUrl: ['website'],
}

/** Empty: absent, null, blank text, an empty list, or a headquarter with no value in it. */
export function isMissing(value: unknown): boolean {
	if (value === undefined || value === null) return true
	if (typeof value === 'string') return !value.trim()
	if (Array.isArray(value)) return value.length === 0
	if (typeof value === 'object') return Object.values(value).every(isMissing)
	return false
}

/** The company with its missing fields filled; `filled` names them. */
export function fillMissing(company: ImportedCompany, candidates: Candidates) {
	const result: ImportedCompany = { ...company }
	const filled: ImportedCompanyField[] = []
	for (const field of IMPORTED_COMPANY_FIELDS) {
		if (!isMissing(company[field])) continue
		for (const source of FIELD_ORDER[field] ?? DEFAULT_ORDER) {
			const value = candidates[source]?.[field]
			if (isMissing(value)) continue
			;(result as Record<string, unknown>)[field] = value
			filled.push(field)
			break
		}
	}
	return { company: result, filled }
}

/** Missing fields that enrichment could fill at all (the form's "nothing to do" check uses its own list). */
export function missingFields(company: ImportedCompany) {
	return IMPORTED_COMPANY_FIELDS.filter((field) => isMissing(company[field]))
}

/** What the company's own site says, as company fields. */
export function companyFromWebsite(facts: CompanyFacts): ImportedCompany {
	return clip({
		name: facts.name ?? facts.legalName,
		description: facts.description,
		industry: facts.industry ?? (facts.keywords?.length ? facts.keywords.slice(0, 3).join(', ') : undefined),
		logoUrl: httpsOnly(facts.logoUrl) ?? httpsOnly(facts.iconUrl),
		linkedinUrl: facts.linkedinUrl ? canonicalLinkedinCompanyUrl(facts.linkedinUrl) : undefined,
		crunchbaseUrl: httpsOnly(facts.crunchbaseUrl?.replace(/[?#].*$/, '')),
		headquarter: headquarterFromAddress(facts.address),
		employeeCount: facts.employeeCount,
		employeeCountRange: facts.employeeRange,
	})
}

/** What the public LinkedIn page says, as company fields. */
export function companyFromLinkedIn(facts: LinkedInCompanyFacts): ImportedCompany {
	return clip({
		name: facts.name,
		description: facts.description,
		tagline: facts.tagline,
		website: facts.website,
		industry: facts.industry,
		employeeCountRange: facts.employeeCountRange,
		employeeCount: facts.employeeCount,
		linkedinFollowers: facts.followers,
		headquarter: headquarterFromAddress(facts.address) ?? headquarterFromText(facts.headquarters),
		logoUrl: httpsOnly(facts.logoUrl),
	})
}

export function headquarterFromAddress(address: CompanyAddress | undefined): ImportedCompany['headquarter'] {
	if (!address) return undefined
	const headquarter = {
		first_line: address.firstLine ?? null,
		city: address.city ?? null,
		geographic_area: address.region ?? null,
		postal_code: address.postalCode ?? null,
		country: address.country ?? null,
	}
	return isMissing(headquarter) ? undefined : headquarter
}

/** LinkedIn's "San Francisco, California" or "Berlin, Berlin, DE": city first, then area, then country. */
export function headquarterFromText(text: string | undefined): ImportedCompany['headquarter'] {
	const parts = (text ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean)
	if (!parts.length) return undefined
	return {
		city: parts[0] ?? null,
		geographic_area: parts.length > 1 ? parts[1]! : null,
		country: parts.length > 2 ? parts[parts.length - 1]! : null,
	}
}

export function httpsOnly(url: string | undefined | null): string | undefined {
	if (!url) return undefined
	try {
		const parsed = new URL(url)
		return parsed.protocol === 'https:' && parsed.hostname.includes('.') ? parsed.href : undefined
	} catch {
		return undefined
	}
}

/** Values cut to what a saved company holds, whole numbers in range. */
function clip(company: ImportedCompany): ImportedCompany {
	const text = (value: string | null | undefined, max: number) => {
		const trimmed = value?.replace(/\s+/g, ' ').trim()
		return trimmed ? trimmed.slice(0, max) : undefined
	}
	const whole = (value: number | null | undefined) =>
		typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_WHOLE_NUMBER
			? value
			: undefined
	const result: ImportedCompany = {
		...company,
		name: text(company.name, COMPANY_NAME_MAX_LENGTH),
		description: text(company.description, COMPANY_TEXT_MAX_LENGTH),
		tagline: text(company.tagline, COMPANY_SHORT_TEXT_MAX_LENGTH),
		industry: text(company.industry, COMPANY_SHORT_TEXT_MAX_LENGTH),
		employeeCountRange: text(company.employeeCountRange, COMPANY_SHORT_TEXT_MAX_LENGTH),
		employeeCount: whole(company.employeeCount),
		linkedinFollowers: whole(company.linkedinFollowers),
	}
	return Object.fromEntries(
		Object.entries(result).filter(([, value]) => !isMissing(value)),
	) as ImportedCompany
}
