import { type ImportedCompany } from '#app/schemas/company-import.ts'

// What the model matcher sends (one compact line per company) and how its answer is checked. Pure.

const DESCRIPTION_CHARS = 200

/** Whole numbers in range, each once, ascending: the model's answer never points outside the list. */
export function validIndices(indices: number[], count: number) {
	return [...new Set(indices.filter((index) => Number.isInteger(index) && index >= 0 && index < count))].sort(
		(a, b) => a - b,
	)
}

/** "0. Acme | SaaS | employees: 80 | location: Berlin, Germany | website: yes | linkedin: no | Rockets" */
export function compactList(companies: ImportedCompany[]) {
	return companies
		.map((company, index) => {
			const headquarter = company.headquarter
				? [company.headquarter.city, company.headquarter.geographic_area, company.headquarter.country]
						.filter(Boolean)
						.join(', ')
				: ''
			const location = headquarter || company.locations?.join('; ') || '?'
			const employees = company.employeeCount ?? company.employeeCountRange ?? '?'
			const description = oneLine(company.description ?? company.summary ?? company.tagline ?? '').slice(
				0,
				DESCRIPTION_CHARS,
			)
			return [
				`${index}. ${oneLine(company.name ?? '?')}`,
				oneLine(company.industry ?? '?'),
				`employees: ${employees}`,
				`location: ${oneLine(location)}`,
				`website: ${company.website ? 'yes' : 'no'}`,
				`linkedin: ${company.linkedinUrl ? 'yes' : 'no'}`,
				description,
			].join(' | ')
		})
		.join('\n')
}

function oneLine(text: string) {
	return text.replace(/\s+/g, ' ').trim()
}
