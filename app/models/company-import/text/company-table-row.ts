import { type ImportedCompany } from '#app/schemas/company-import.ts'
import {
	findWebAddresses,
	hostOfWebsite,
	isPlatformHost,
	linkedinCompany,
	websiteFromHost,
} from './company-web-address.ts'

// A table row (markdown table, CSV or TSV pasted as text) → company fields, by the header row's
// names. The aliases are the CSV import's (spec §3's external shape included), loosened for the
// headers people type in documents ("Company name", "HQ", "Team size").

export type TableColumn =
	| 'name'
	| 'description'
	| 'website'
	| 'linkedinUrl'
	| 'crunchbaseUrl'
	| 'industry'
	| 'employees'
	| 'location'
	| 'country'
	| 'city'
	| 'revenue'
	| 'tagline'
	| 'funding'

const HEADER_ALIASES: Array<[TableColumn, RegExp]> = [
	['linkedinUrl', /linked ?in/],
	['crunchbaseUrl', /crunchbase/],
	[
		'website',
		/^(website|web ?site|domain|url|site|homepage|home page|web|company (website|domain|url)|webseite|internetseite|site web|site internet|sitio web|página web)$/,
	],
	[
		'name',
		/^(name|company|company name|companies|organi[sz]ation|organi[sz]ation name|startup|business|brand|account|account name|exhibitor|sponsor|vendor|firm|employer|firma|firmenname|unternehmen|entreprise|société|societe|empresa|nom|nombre)$/,
	],
	[
		'description',
		/^(description|about|what (they|it) do(es)?|summary|overview|notes?|pitch|one ?liner|details|profile|product)$/,
	],
	['tagline', /^(tagline|slogan)$/],
	[
		'industry',
		/^(industry|industries|sector|category|vertical|segment|market|space|focus|branche|secteur|industrie)$/,
	],
	[
		'employees',
		/^(employees|num_?employees|employee count|employee_count|no\.? of employees|headcount|head count|size|company size|team size|staff|team|fte|people|mitarbeiter|mitarbeitende|effectif|effectifs|empleados)$/,
	],
	['country', /^(country|country code|country_code|nation|land|pays|país)$/],
	['city', /^(city|town|stadt|ville|ciudad)$/],
	[
		'location',
		/^(location|locations|hq|headquarters?|based in|address|region|office|offices|state|ort|standort|sitz|adresse|siège|sede)$/,
	],
	['revenue', /^(revenue|arr|annual revenue|turnover|sales)$/],
	['funding', /^(funding|total funding|raised|funding raised|last round|stage)$/],
]

export function columnForHeader(header: string): TableColumn | null {
	const key = cleanCell(header)
		.toLowerCase()
		.replace(/[_*#:]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
	if (!key) return null
	for (const [column, pattern] of HEADER_ALIASES) if (pattern.test(key)) return column
	return null
}

/** Markdown emphasis, code marks and stray quotes around a cell's text. */
export function cleanCell(cell: string) {
	return cell
		.replace(/\*\*|__|`/g, '')
		.replace(/^["'\s]+|["'\s]+$/g, '')
		.replace(/\s+/g, ' ')
		.trim()
}

const MARKDOWN_LINK_RE = /\[([^\][]{1,200})\]\(([^)\s]{1,2048})\)/

/** One row, by the columns the header named; null when the row names no company. */
export function companyFromRow(cells: string[], columns: Array<TableColumn | null>): ImportedCompany | null {
	const company: ImportedCompany = {}
	const headquarter: { city?: string; country?: string } = {}
	cells.forEach((rawCell, index) => {
		const column = columns[index]
		let cell = rawCell
		const link = MARKDOWN_LINK_RE.exec(cell)
		if (link) {
			cell = cell.replace(link[0], link[1]!)
			attachAddress(company, link[2]!)
		}
		const value = cleanCell(cell)
		if (!value || /^(-|—|n\/a|na|none|null|tbd|\?)$/i.test(value)) return
		switch (column) {
			case 'name':
				company.name ??= value
				break
			case 'website':
			case 'linkedinUrl':
			case 'crunchbaseUrl':
				attachAddress(company, value)
				break
			case 'employees':
				Object.assign(company, readEmployees(value))
				break
			case 'country':
				headquarter.country = value
				break
			case 'city':
				headquarter.city = value
				break
			case 'location':
				Object.assign(headquarter, readLocation(value))
				company.locations = [value]
				break
			case 'description':
			case 'industry':
			case 'revenue':
			case 'tagline':
				company[column] ??= value
				break
			case 'funding':
				company.funding ??= value
				break
			default:
				// An unnamed column still may hold the website or the LinkedIn page.
				if (findWebAddresses(value).length > 0 && !/\s/.test(value)) attachAddress(company, value)
		}
	})
	if (headquarter.city || headquarter.country) company.headquarter = headquarter
	if (!company.name && !company.website && !company.linkedinUrl) return null
	return company
}

/** A website, LinkedIn or Crunchbase address goes in its own field, whatever column it sat in. */
export function attachAddress(company: ImportedCompany, value: string) {
	const linkedin = linkedinCompany(value)
	if (linkedin) {
		company.linkedinUrl ??= linkedin.url
		return
	}
	if (/crunchbase\.com\/organization\//i.test(value)) {
		const path = /crunchbase\.com\/organization\/[^/\s?#]+/i.exec(value)![0]
		company.crunchbaseUrl ??= `https://www.${path.toLowerCase()}`
		return
	}
	const host = hostOfWebsite(value)
	if (host && !isPlatformHost(host)) company.website ??= websiteFromHost(host)
}

/** "120", "1,200", "10k", "51-200", "500+", "11-50 employees". */
export function readEmployees(value: string): Pick<ImportedCompany, 'employeeCount' | 'employeeCountRange'> {
	const text = value
		.toLowerCase()
		.replace(/employees?|people|staff|fte/g, '')
		.trim()
	const range = /^(\d[\d,.]*k?)\s*(?:-|–|—|to)\s*(\d[\d,.]*k?)$/.exec(text)
	if (range) return { employeeCountRange: `${readNumber(range[1]!)}-${readNumber(range[2]!)}` }
	const plus = /^(\d[\d,.]*k?)\s*\+$/.exec(text)
	if (plus) return { employeeCountRange: `${readNumber(plus[1]!)}+` }
	const single = /^(?:~|about|approx\.?|circa|c\.)?\s*(\d[\d,.]*k?)$/.exec(text)
	if (single) {
		const count = readNumber(single[1]!)
		if (count != null) return { employeeCount: count }
	}
	return {}
}

/** "1,200" → 1200, "10k" → 10000, "1.5k" → 1500. */
export function readNumber(text: string): number | null {
	const thousands = text.toLowerCase().endsWith('k')
	const digits = thousands ? text.slice(0, -1) : text
	const number = thousands
		? Number(digits.replace(/,/g, '')) * 1000
		: Number(digits.replace(/[,.](?=\d{3}\b)/g, ''))
	return Number.isFinite(number) && number >= 0 ? Math.round(number) : null
}

/** "Berlin, Germany" → city and country; one word stays the city (enrichment corrects it). */
export function readLocation(value: string): { city?: string; country?: string } {
	const parts = value
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean)
	if (parts.length >= 2) return { city: parts[0], country: parts.at(-1) }
	return parts[0] ? { city: parts[0] } : {}
}
