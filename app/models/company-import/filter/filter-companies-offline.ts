import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { type Condition, parseInstructions } from './filter-conditions.ts'
import { INDUSTRIES } from './filter-vocabulary.ts'

// The offline "Filter by instructions" matcher. Pure. `understood` says whether the instruction held
// anything beyond plain keywords (callers may ignore a keyword-only filter that matched nothing).

export function filterCompaniesOffline(
	companies: ImportedCompany[],
	instructions: string,
): { indices: number[]; understood: boolean } {
	const expression = parseInstructions(instructions)
	if (expression.length === 0)
		return { indices: companies.map((_company, index) => index), understood: false }
	const understood = expression.some((group) => group.some((condition) => condition.kind !== 'keyword'))
	const indices: number[] = []
	companies.forEach((company, index) => {
		const facts = factsOf(company)
		if (expression.some((group) => group.every((condition) => holds(condition, facts)))) indices.push(index)
	})
	return { indices, understood }
}

type Facts = {
	/** Every text field, lower case. */
	all: string
	/** Headquarter and locations, lower case. */
	location: string
	/** Description-like fields in their own case (for "US", "UK"). */
	prose: string
	tld: string | null
	employees: [number, number] | null
	hasWebsite: boolean
	hasLinkedin: boolean
}

function factsOf(company: ImportedCompany): Facts {
	const headquarter =
		company.headquarter && typeof company.headquarter === 'object' ? Object.values(company.headquarter) : []
	const location = [...headquarter, ...(Array.isArray(company.locations) ? company.locations : [])]
		.filter((value): value is string => typeof value === 'string')
		.join(' · ')
	const prose = [company.name, company.description, company.summary, company.tagline, company.industry]
		.filter((value): value is string => typeof value === 'string')
		.join(' · ')
	const all = [
		prose,
		location,
		company.website,
		company.linkedinUrl,
		company.revenue,
		company.employeeCountRange,
	]
		.filter((value): value is string => typeof value === 'string')
		.join(' · ')
	return {
		all: all.toLowerCase(),
		location: location.toLowerCase(),
		prose,
		tld: tldOf(company.website),
		employees: employeesOf(company),
		hasWebsite: Boolean(company.website?.trim()),
		hasLinkedin: Boolean(company.linkedinUrl?.trim()),
	}
}

function holds(condition: Condition, facts: Facts): boolean {
	const result = matches(condition, facts)
	return condition.negated ? !result : result
}

function matches(condition: Condition, facts: Facts): boolean {
	switch (condition.kind) {
		case 'website':
			return facts.hasWebsite
		case 'linkedin':
			return facts.hasLinkedin
		case 'employees': {
			if (!facts.employees) return false
			// A range counts by its middle ("11-50" is not "50+"), an open one ("10001+") by its floor.
			const [low, high] = facts.employees
			const size = Number.isFinite(high) ? (low + high) / 2 : low
			return size >= condition.min && size <= condition.max
		}
		case 'industry':
			return INDUSTRIES[condition.industry]!.some((synonym) => containsPhrase(facts.all, synonym))
		case 'keyword':
			return condition.words.every((word) => containsWord(facts.all, word))
		case 'place': {
			const { aliases, tlds } = condition.place
			if (aliases.some((alias) => containsPhrase(facts.location, alias))) return true
			// In prose, short aliases ("us", "uk") only in capitals: "contact us" is no place.
			if (
				aliases.some((alias) =>
					alias.length > 3
						? containsPhrase(facts.prose.toLowerCase(), alias)
						: containsCased(facts.prose, alias.toUpperCase()),
				)
			)
				return true
			return facts.tld != null && tlds.includes(facts.tld)
		}
	}
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The phrase as whole words, plural allowed ("agency" finds "agencies" via its own synonym list). */
function containsPhrase(haystack: string, phrase: string) {
	return new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?:s|es)?(?![\\p{L}\\p{N}])`, 'u').test(haystack)
}

/** A keyword at a word's start ("robot" finds "robotics"); short words must match whole. */
function containsWord(haystack: string, word: string) {
	const tail = word.length >= 4 ? '' : '(?![\\p{L}\\p{N}])'
	return new RegExp(`(?<![\\p{L}\\p{N}])${escape(word.toLowerCase())}${tail}`, 'u').test(haystack)
}

function containsCased(haystack: string, word: string) {
	return new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'u').test(haystack)
}

function tldOf(website: string | null | undefined) {
	const match = /^(?:https?:\/\/)?[^/?#]+\.([a-z]{2,})(?:[:/?#]|$)/i.exec(website?.trim() ?? '')
	return match ? match[1]!.toLowerCase() : null
}

/** [low, high] from the count, else from the range ("51-200", "10,001+", "1k-5k"). */
export function employeesOf(company: ImportedCompany): [number, number] | null {
	if (typeof company.employeeCount === 'number' && Number.isFinite(company.employeeCount)) {
		return [company.employeeCount, company.employeeCount]
	}
	const range = company.employeeCountRange?.toLowerCase().replace(/\s|employees?/g, '')
	if (!range) return null
	const toNumber = (text: string) => {
		const thousands = text.endsWith('k')
		const value = Number((thousands ? text.slice(0, -1) : text).replace(/,/g, ''))
		return thousands ? value * 1000 : value
	}
	const between = /^(\d[\d,]*k?)[-–](\d[\d,]*k?)$/.exec(range)
	if (between) return [toNumber(between[1]!), toNumber(between[2]!)]
	const plus = /^(\d[\d,]*k?)\+$/.exec(range)
	if (plus) return [toNumber(plus[1]!), Infinity]
	const single = /^(\d[\d,]*k?)$/.exec(range)
	if (single) return [toNumber(single[1]!), toNumber(single[1]!)]
	return null
}
