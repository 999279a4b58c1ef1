import { COMPANY_SHORT_TEXT_MAX_LENGTH } from '#app/schemas/company.ts'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { cleanImportedText } from './clean-imported-text.ts'

export type ImportedHeadquarter = NonNullable<ImportedCompany['headquarter']>

const MAX_LOCATIONS = 1_000
type HeadquarterKey = keyof ImportedHeadquarter

/** Keys other tools use for the same parts (Apollo, HubSpot, LinkedIn's API, our extractor). */
const KEY_ALIASES: Record<string, HeadquarterKey> = {
	geographic_area: 'geographic_area',
	geographicarea: 'geographic_area',
	state: 'geographic_area',
	region: 'geographic_area',
	province: 'geographic_area',
	country: 'country',
	country_name: 'country',
	city: 'city',
	locality: 'city',
	town: 'city',
	postal_code: 'postal_code',
	postalcode: 'postal_code',
	zip: 'postal_code',
	zipcode: 'postal_code',
	zip_code: 'postal_code',
	postcode: 'postal_code',
	first_line: 'first_line',
	firstline: 'first_line',
	line1: 'first_line',
	address: 'first_line',
	street: 'first_line',
	street_address: 'first_line',
}

const shortText = (value: unknown) => cleanImportedText(value, { max: COMPANY_SHORT_TEXT_MAX_LENGTH })

/** English country names and ISO codes, from the runtime's own region data. */
let countryNames: Set<string> | null = null
function isCountry(text: string) {
	if (!countryNames) {
		countryNames = new Set([
			'us',
			'usa',
			'u.s.',
			'u.s.a.',
			'united states of america',
			'uk',
			'u.k.',
			'england',
			'scotland',
			'wales',
		])
		const names = new Intl.DisplayNames(['en'], { type: 'region' })
		for (let a = 65; a <= 90; a++) {
			for (let b = 65; b <= 90; b++) {
				const code = String.fromCharCode(a, b)
				const name = names.of(code)
				if (name && name !== code && name !== 'Unknown Region') countryNames.add(name.toLowerCase())
			}
		}
	}
	return countryNames.has(text.toLowerCase())
}

const POSTAL_BEFORE = /^(\d{4,6}(?:-\d{3,4})?)\s+(.+)$/
const POSTAL_AFTER = /^(.+?)\s+(\d{4,6}(?:-\d{3,4})?)$/

function fromObject(value: Record<string, unknown>): ImportedHeadquarter | null {
	const headquarter: ImportedHeadquarter = {}
	for (const [key, part] of Object.entries(value)) {
		const field =
			KEY_ALIASES[key.toLowerCase().replace(/[\s-]/g, '_')] ??
			KEY_ALIASES[key.toLowerCase().replace(/[\s_-]/g, '')]
		const text = field ? shortText(part) : null
		if (field && text && !headquarter[field]) headquarter[field] = text
	}
	return Object.keys(headquarter).length ? headquarter : null
}

/**
 * "Berlin, Germany" → { city, country }; "San Francisco, CA, United States" → { city,
 * geographic_area, country }; "1 Main St, Springfield, IL 62701, USA" also gets first_line and
 * postal_code. One part alone is a country when it names one, else a city.
 */
function fromText(text: string): ImportedHeadquarter | null {
	const parts = text
		.split(/\s*[,;\n]\s*/)
		.map((part) => part.trim())
		.filter(Boolean)
	if (!parts.length) return null
	const headquarter: ImportedHeadquarter = {}
	if (parts.length > 1 && isCountry(parts[parts.length - 1] ?? '')) headquarter.country = parts.pop()
	else if (parts.length === 1 && parts[0] && isCountry(parts[0])) return { country: parts[0] }
	if (parts.length >= 2) headquarter.geographic_area = parts.pop()
	if (parts.length >= 1) headquarter.city = parts.pop()
	if (parts.length) headquarter.first_line = parts.join(', ')
	const area = headquarter.geographic_area?.match(POSTAL_AFTER)
	if (area?.[1] && area[2] && !/\d/.test(area[1])) {
		headquarter.geographic_area = area[1]
		headquarter.postal_code = area[2]
	}
	const city = headquarter.city?.match(POSTAL_BEFORE) ?? headquarter.city?.match(POSTAL_AFTER)
	if (city?.[1] && city[2] && !headquarter.postal_code) {
		const [postal, name] = /^\d/.test(city[1]) ? [city[1], city[2]] : [city[2], city[1]]
		headquarter.city = name
		headquarter.postal_code = postal
	}
	return headquarter
}

/** A headquarter given as an object (known keys, text values) or as text; nothing usable → null. */
export function parseImportedHeadquarter(value: unknown): ImportedHeadquarter | null {
	if (value && typeof value === 'object' && !Array.isArray(value))
		return fromObject(value as Record<string, unknown>)
	const text = shortText(typeof value === 'string' ? value.replace(/\n/g, ', ') : value)
	if (!text) return null
	if (text.startsWith('{')) {
		try {
			const parsed: unknown = JSON.parse(text)
			if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
				return fromObject(parsed as Record<string, unknown>)
		} catch {
			// not JSON: read it as an address
		}
	}
	return fromText(text)
}

function locationText(value: unknown): string | null {
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		const headquarter = fromObject(value as Record<string, unknown>)
		if (!headquarter) return null
		const parts = [headquarter.first_line, headquarter.city, headquarter.geographic_area, headquarter.country]
		return shortText(parts.filter(Boolean).join(', '))
	}
	return shortText(value)
}

/** Locations as a list (strings or address objects) or as text split on ";", "|" or new lines. */
export function parseImportedLocations(value: unknown): string[] | null {
	let items: unknown[]
	if (Array.isArray(value)) items = value
	else if (typeof value === 'string') {
		const text = value.trim()
		let parsed: unknown = null
		if (text.startsWith('[')) {
			try {
				parsed = JSON.parse(text)
			} catch {
				// not JSON: split the text
			}
		}
		items = Array.isArray(parsed) ? parsed : text.slice(0, 100_000).split(/\s*(?:[;|\n\r]+)\s*/)
	} else if (value && typeof value === 'object') items = [value]
	else return null
	const locations: string[] = []
	const seen = new Set<string>()
	for (const item of items.slice(0, MAX_LOCATIONS * 2)) {
		const text = locationText(item)
		if (!text || seen.has(text.toLowerCase())) continue
		seen.add(text.toLowerCase())
		locations.push(text)
		if (locations.length === MAX_LOCATIONS) break
	}
	return locations.length ? locations : null
}
