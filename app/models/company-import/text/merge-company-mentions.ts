import { companySlug } from '#app/models/company/company-slug.ts'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { hostOfWebsite, linkedinCompany, nameFromHost, nameFromLinkedinSlug } from './company-web-address.ts'

// One company, however often a text mentions it: the keys it is known by and how mentions merge.

/** A company as found; the flags say which facts are guesses a later, better mention replaces. */
export type Found = ImportedCompany & { nameGuessed?: boolean; proseDescription?: boolean }

export function guessName(company: ImportedCompany) {
	if (company.website) {
		const host = hostOfWebsite(company.website)
		if (host) return nameFromHost(host)
	}
	const linkedin = company.linkedinUrl ? linkedinCompany(company.linkedinUrl) : null
	return linkedin ? nameFromLinkedinSlug(linkedin.slug) : null
}

/** The keys one company is known by: its domain, its LinkedIn slug, its name's slug (with and without hyphens). */
export function keysOf(company: Found): string[] {
	const keys: string[] = []
	const host = hostOfWebsite(company.website)
	if (host) {
		keys.push(`host:${host}`)
		keys.push(`name:${companySlug(nameFromHost(host)).replace(/-/g, '')}`)
	}
	const linkedin = company.linkedinUrl ? linkedinCompany(company.linkedinUrl) : null
	if (linkedin) {
		keys.push(`linkedin:${linkedin.slug}`)
		keys.push(`name:${companySlug(nameFromLinkedinSlug(linkedin.slug)).replace(/-/g, '')}`)
	}
	if (company.name && !company.nameGuessed) {
		const slug = companySlug(company.name)
		keys.push(`slug:${slug}`, `name:${slug.replace(/-/g, '')}`)
	}
	return keys
}

export function sameCompany(a: Found, b: Found) {
	const keys = new Set(keysOf(a))
	return keysOf(b).some((key) => keys.has(key)) || (Boolean(a.name) && a.name === b.name)
}

/** Mentions of one company (same domain, LinkedIn slug or name slug) become one row, first mention first. */
export function mergeMentions(found: Found[]): Found[] {
	const merged: Found[] = []
	const byKey = new Map<string, Found>()
	for (const company of found) {
		const keys = keysOf(company)
		const existing = keys.map((key) => byKey.get(key)).find(Boolean)
		// Two different websites are two companies, whatever their names say.
		const target = existing && !conflictingHosts(existing, company) ? existing : undefined
		if (target) mergeInto(target, company)
		else merged.push(company)
		const owner = target ?? company
		for (const key of keysOf(owner)) if (!byKey.has(key)) byKey.set(key, owner)
	}
	return merged
}

function conflictingHosts(a: Found, b: Found) {
	const hostA = hostOfWebsite(a.website)
	const hostB = hostOfWebsite(b.website)
	return Boolean(hostA && hostB && hostA !== hostB)
}

export function mergeInto(target: Found, source: Found) {
	if (target.nameGuessed && source.name && !source.nameGuessed) {
		target.name = source.name
		target.nameGuessed = false
	}
	// A sentence that merely mentions the company gives way to a line that describes it.
	if (target.proseDescription && source.description && !source.proseDescription) {
		target.description = source.description
		target.proseDescription = false
	}
	for (const [key, value] of Object.entries(source) as Array<[keyof Found, unknown]>) {
		if (
			key === 'name' ||
			key === 'nameGuessed' ||
			key === 'proseDescription' ||
			value == null ||
			value === ''
		)
			continue
		if (key === 'description' && !target.description) target.proseDescription = source.proseDescription
		if (target[key] == null || target[key] === '') (target as Record<string, unknown>)[key] = value
	}
}
