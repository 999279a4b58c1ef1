import {
	COMPANY_IMPORT_MESSAGES,
	IMPORTED_COMPANY_FIELDS,
	type ColumnMapping,
	type ImportedCompanyField,
} from '#app/schemas/company-import.ts'
import { CompanyCsvError } from './company-csv-error.ts'

/** "Company Name", "company_name", "# Employees" → "companyname", "companyname", "numemployees". */
export function headerKey(header: string) {
	return header
		.toLowerCase()
		.replace(/#/g, 'num')
		.replace(/[^\p{L}\p{N}]+/gu, '')
}

const STRONG = 3
const MEDIUM = 2
const WEAK = 1

/**
 * Header aliases per field: exact keys (strong, then medium) and substrings (weak). They cover
 * the spec's external shape (name, description, website, industries, num_employees, linkedin_url,
 * location) and the exports of Apollo, HubSpot, Crunchbase and LinkedIn Sales Navigator.
 */
const ALIASES: Record<ImportedCompanyField, { strong: string[]; medium?: string[]; weak?: RegExp }> = {
	name: {
		strong: [
			'name',
			'company',
			'companyname',
			'organization',
			'organisation',
			'organizationname',
			'organisationname',
			'account',
			'accountname',
			'businessname',
		],
		medium: ['companynameforemails', 'brand', 'brandname', 'legalname', 'firm', 'employer', 'companytitle'],
	},
	description: {
		strong: [
			'description',
			'about',
			'overview',
			'companydescription',
			'aboutus',
			'aboutthecompany',
			'companyoverview',
			'accountdescription',
		],
		medium: [
			'shortdescription',
			'fulldescription',
			'longdescription',
			'linkedinbio',
			'bio',
			'details',
			'profile',
		],
		weak: /description|about/,
	},
	website: {
		strong: [
			'website',
			'websiteurl',
			'domain',
			'url',
			'site',
			'homepage',
			'web',
			'companywebsite',
			'companydomain',
			'companydomainname',
			'companyurl',
			'websiteaddress',
			'primarydomain',
		],
		medium: ['www', 'webaddress', 'homepageurl'],
		weak: /website|domain|homepage/,
	},
	linkedinUrl: {
		strong: [
			'linkedin',
			'linkedinurl',
			'companylinkedin',
			'companylinkedinurl',
			'linkedincompanyurl',
			'linkedincompanypage',
			'linkedinpage',
			'linkedinprofile',
			'linkedinlink',
			'linkedincompanyprofile',
		],
		weak: /linkedin(?!.*(follower|bio|id$|salesnav))/,
	},
	industry: {
		strong: ['industry', 'industries', 'sector', 'sectors', 'vertical', 'companyindustry'],
		medium: ['category', 'categories', 'industrygroups', 'businesscategory', 'primaryindustry'],
		weak: /industr/,
	},
	employeeCount: {
		strong: [
			'employees',
			'numemployees',
			'numberofemployees',
			'employeecount',
			'headcount',
			'companyheadcount',
			'size',
			'companysize',
			'staff',
			'noofemployees',
			'employeescount',
			'totalemployees',
			'estimatednumemployees',
		],
		medium: ['employeesize', 'teamsize'],
		weak: /employee(?!.*range)|headcount/,
	},
	employeeCountRange: {
		strong: [
			'employeerange',
			'employeecountrange',
			'employeesrange',
			'sizerange',
			'companysizerange',
			'headcountrange',
			'employeesizerange',
			'numberofemployeesrange',
		],
	},
	headquarter: {
		strong: [
			'location',
			'hq',
			'headquarters',
			'headquarter',
			'headquarterslocation',
			'hqlocation',
			'address',
			'companyaddress',
			'citycountry',
			'companylocation',
			'fulladdress',
		],
		// A City column stands for the address: readCompanyCsv adds the region and country columns beside it.
		medium: ['city', 'companycity', 'hqcity'],
		weak: /headquarter|location(?!s)/,
	},
	locations: {
		strong: ['locations', 'offices', 'officelocations', 'otherlocations', 'alllocations'],
	},
	summary: { strong: ['summary', 'companysummary'], medium: ['keywords', 'specialties'] },
	tagline: { strong: ['tagline', 'slogan', 'motto'], medium: ['headline'] },
	revenue: {
		strong: [
			'revenue',
			'annualrevenue',
			'estimatedrevenue',
			'estimatedrevenuerange',
			'revenuerange',
			'companyrevenue',
		],
		weak: /revenue/,
	},
	linkedinFollowers: {
		strong: ['followers', 'linkedinfollowers', 'followercount', 'numberoffollowers', 'numfollowers'],
		weak: /follower/,
	},
	crunchbaseUrl: {
		strong: [
			'crunchbase',
			'crunchbaseurl',
			'crunchbaseprofile',
			'cburl',
			'organizationnameurl',
			'crunchbaselink',
		],
		weak: /crunchbase/,
	},
	funding: {
		strong: [
			'funding',
			'totalfunding',
			'totalfundingamount',
			'totalmoneyraised',
			'fundingtotal',
			'totalraised',
			'fundingamount',
		],
		medium: ['latestfunding', 'lastfundingtype', 'latestfundingamount', 'fundingstatus'],
		weak: /funding|raised/,
	},
	logoUrl: {
		strong: ['logo', 'logourl', 'companylogo', 'logolink', 'logoimage'],
		medium: ['image', 'imageurl'],
		weak: /logo/,
	},
}

function scoreHeader(field: ImportedCompanyField, key: string) {
	const alias = ALIASES[field]
	if (!key) return 0
	if (alias.strong.includes(key)) return STRONG
	if (alias.medium?.includes(key)) return MEDIUM
	if (alias.weak?.test(key)) return WEAK
	return 0
}

export type MappingGuess = { mapping: ColumnMapping; mappingSure: boolean }

/**
 * The best column per field: strongest alias first, each column used once. Sure when name came
 * from a strong alias, description was found, no column serves two fields and no field had two
 * equally good columns — otherwise the user is shown the mapping step.
 */
export function guessColumnMapping(headers: string[]): MappingGuess {
	const keys = headers.map(headerKey)
	const candidates: Array<{ field: ImportedCompanyField; column: number; score: number; order: number }> = []
	IMPORTED_COMPANY_FIELDS.forEach((field, order) => {
		keys.forEach((key, column) => {
			const score = scoreHeader(field, key)
			if (score) candidates.push({ field, column, score, order })
		})
	})
	candidates.sort((a, b) => b.score - a.score || a.order - b.order || a.column - b.column)
	const mapping: ColumnMapping = {}
	const scores: Partial<Record<ImportedCompanyField, number>> = {}
	const used = new Set<number>()
	for (const { field, column, score } of candidates) {
		if (mapping[field] !== undefined || used.has(column)) continue
		mapping[field] = column
		scores[field] = score
		used.add(column)
	}
	const ambiguous = (['name', 'description', 'website', 'linkedinUrl'] as const).some((field) => {
		const best = scores[field]
		return (
			best !== undefined &&
			candidates.filter(
				(candidate) =>
					candidate.field === field &&
					candidate.score === best &&
					candidate.column !== mapping[field] &&
					!isTakenByOther(candidate.column, field, mapping),
			).length > 0
		)
	})
	const mappingSure = scores.name === STRONG && mapping.description !== undefined && !ambiguous
	return { mapping, mappingSure }
}

function isTakenByOther(column: number, field: ImportedCompanyField, mapping: ColumnMapping) {
	return IMPORTED_COMPANY_FIELDS.some((other) => other !== field && mapping[other] === column)
}

/** True when no column fills two fields (a hand-made mapping may do it; the UI then asks). */
export function mappingHasSharedColumns(mapping: ColumnMapping) {
	const columns = Object.values(mapping).filter((column) => column !== null && column !== undefined)
	return new Set(columns).size !== columns.length
}

/**
 * A mapping from the mapping step or an API client → column indices. A column may be named by
 * its index or by its header text (exact, then ignoring case, spaces and punctuation); null
 * leaves the field unmapped. An unknown column is a CompanyCsvError that names it.
 */
export function resolveColumnMapping(mapping: ColumnMapping, headers: string[]): ColumnMapping {
	if (!headers.length) throw new CompanyCsvError(COMPANY_IMPORT_MESSAGES.noHeadersForMapping)
	const resolved: ColumnMapping = {}
	const exact = new Map<string, number>()
	const loose = new Map<string, number>()
	headers.forEach((header, index) => {
		if (!exact.has(header.trim().toLowerCase())) exact.set(header.trim().toLowerCase(), index)
		if (!loose.has(headerKey(header))) loose.set(headerKey(header), index)
	})
	for (const field of IMPORTED_COMPANY_FIELDS) {
		const column = mapping[field]
		if (column === undefined || column === null || column === '') continue
		let index: number | undefined
		if (typeof column === 'number') index = column < headers.length ? column : undefined
		else {
			index =
				exact.get(column.trim().toLowerCase()) ??
				(headerKey(column) ? loose.get(headerKey(column)) : undefined)
			if (index === undefined && /^\d+$/.test(column.trim()) && Number(column) < headers.length)
				index = Number(column)
		}
		if (index === undefined) {
			const shown = typeof column === 'number' ? `number ${column}` : `"${column.slice(0, 100)}"`
			throw new CompanyCsvError(
				`The column mapping for ${field} names column ${shown}, which is not in the CSV file. Its columns are: ${headers.slice(0, 50).join(', ')}${headers.length > 50 ? ', …' : ''}`,
			)
		}
		resolved[field] = index
	}
	return resolved
}

/** A header that names a company field by a strong or medium alias. */
export function isKnownHeaderKey(key: string) {
	return IMPORTED_COMPANY_FIELDS.some((field) => scoreHeader(field, key) >= MEDIUM)
}
