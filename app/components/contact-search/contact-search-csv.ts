import {
	type ContactSearchJobResult,
	type ContactSearchMode,
	type ContactSearchResult,
	searchedForLabel,
} from '#app/schemas/contact-search.ts'
import { csvRow } from '#app/utils/csv.ts'

// Export CSV (n) of contact search results (spec "CSV export"): built in the browser from the rows
// chosen, or by the page's export link without JavaScript. Header comment lines say what was
// searched; cells are quoted as RFC 4180 says and formula-leading text is neutralized (utils/csv).

const COLUMNS = [
	'Rank',
	'First Name',
	'Last Name',
	'Role',
	'Company',
	'Email',
	'Phone',
	'LinkedIn',
	'Location',
	'Match Reason',
	'Already a contact',
] as const

/** `contact-search-results-2026-11-27.csv` / `bulk-contact-search-results-2026-11-27.csv` */
export function contactSearchCsvFileName(mode: ContactSearchMode, date: Date) {
	const day = date.toISOString().slice(0, 10)
	return mode === 'bulk' ? `bulk-contact-search-results-${day}.csv` : `contact-search-results-${day}.csv`
}

/** A comment line: "# Query: …", its text on one line and never read as a formula. */
function commentLine(text: string) {
	return `# ${text.replace(/[\r\n]+/g, ' ')}\r\n`
}

export function contactSearchCsv(
	result: Pick<ContactSearchJobResult, 'mode' | 'query' | 'results'>,
	rows: ContactSearchResult[],
	date: Date,
) {
	const companies = result.results.map((company) => company.companyName).join('; ')
	let text =
		commentLine(`Query: ${searchedForLabel(result)}`) +
		commentLine(`Date: ${date.toISOString()}`) +
		commentLine(`Companies: ${companies}`) +
		csvRow(COLUMNS)
	for (const row of rows) {
		text += csvRow([
			row.rank ?? '',
			row.firstName,
			row.lastName,
			row.role,
			row.companyName ?? row.companyData.name,
			row.email,
			row.phone,
			row.linkedinUrl,
			row.location,
			row.matchReason,
			row.existingContactId ? 'yes' : 'no',
		])
	}
	return text
}
