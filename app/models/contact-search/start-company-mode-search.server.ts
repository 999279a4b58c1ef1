import { CompanyCsvError } from '#app/models/company-import/csv/company-csv-error.ts'
import { parseCompaniesFromCsv } from '#app/models/company-import/parse-companies-from-csv.ts'
import { type ContactSearchStarted, type TargetCompany } from '#app/schemas/contact-search.ts'
import { type UploadedFormFile } from '#app/utils/upload-form.server.ts'
import { ContactSearchInputError, startContactSearch } from './start-contact-search.server.ts'

// The lead scraper's company mode (issue 15): each CSV of companies (read by the company import's
// parser: any header names it knows, encodings, delimiters) starts one bulk contact search.

type Actor = { organizationId: string; userId: string | null }

export async function startCompanyModeSearches(
	actor: Actor,
	{ files, lookingFor, topX }: { files: UploadedFormFile[]; lookingFor: unknown; topX: unknown },
): Promise<ContactSearchStarted[]> {
	if (files.length === 0) throw new ContactSearchInputError('Please upload a CSV file of companies')
	// Read every file first: a bad second file starts nothing.
	const inputs = files.map((file) => {
		let companies
		try {
			companies = parseCompaniesFromCsv(file.bytes).companies
		} catch (error) {
			if (error instanceof CompanyCsvError)
				throw new ContactSearchInputError(`${file.name}: ${error.message}`)
			throw error
		}
		const targetCompanies: TargetCompany[] = companies
			.filter((company) => company.name?.trim())
			.map((company) => ({
				name: company.name!.trim().slice(0, 300),
				description: company.description ?? company.summary ?? null,
				website: company.website ?? null,
				linkedin_url: company.linkedinUrl ?? null,
				industries: company.industry ? [company.industry] : null,
			}))
		return { targetCompanies, lookingFor, topX }
	})
	const started: ContactSearchStarted[] = []
	for (const input of inputs) started.push(await startContactSearch(actor, { mode: 'bulk', input }))
	return started
}
