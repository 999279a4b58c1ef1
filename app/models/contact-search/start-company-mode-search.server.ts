import { CompanyCsvError } from '#app/models/company-import/csv/company-csv-error.ts'
import { parseCompaniesFromCsv } from '#app/models/company-import/parse-companies-from-csv.ts'
import { findRolePromptColumn } from '#app/models/lead-import/extract/analyze-csv-for-role-prompt.ts'
import {
	CONTACT_SEARCH_MESSAGES,
	LOOKING_FOR_MAX_LENGTH,
	type ContactSearchStarted,
	type TargetCompany,
} from '#app/schemas/contact-search.ts'
import { type UploadedFormFile } from '#app/utils/upload-form.server.ts'
import { ContactSearchInputError, startContactSearch } from './start-contact-search.server.ts'

// The lead scraper's company mode (issue 15): each CSV of companies (read by the company import's
// parser: any header names it knows, encodings, delimiters) starts one bulk contact search. A
// column that says whom to find ("Looking for", "Role prompt", or values that read so) gives each
// company its own role prompt; the form's looking-for text covers the companies without one.

type Actor = { organizationId: string; userId: string | null }

export type CompanyFileReading = { name: string; targetCompanies: TargetCompany[]; rolePrompts: number }

/** One CSV of companies as the search takes them, each with its role prompt when the file has one. */
export function readCompanyFile(file: UploadedFormFile): CompanyFileReading {
	let parsed
	try {
		parsed = parseCompaniesFromCsv(file.bytes)
	} catch (error) {
		if (error instanceof CompanyCsvError) throw new ContactSearchInputError(`${file.name}: ${error.message}`)
		throw error
	}
	const promptColumn = findRolePromptColumn(parsed.headers, parsed.records)
	const targetCompanies: TargetCompany[] = []
	parsed.companies.forEach((company, index) => {
		const name = company.name?.trim()
		if (!name) return
		const prompt = promptColumn === null ? '' : (parsed.records[index]?.[promptColumn] ?? '').trim()
		targetCompanies.push({
			name: name.slice(0, 300),
			description: company.description ?? company.summary ?? null,
			website: company.website ?? null,
			linkedin_url: company.linkedinUrl ?? null,
			industries: company.industry ? [company.industry] : null,
			lookingFor: prompt ? prompt.slice(0, LOOKING_FOR_MAX_LENGTH) : null,
		})
	})
	if (targetCompanies.length === 0)
		throw new ContactSearchInputError(`${file.name}: no company with a name was found in the file`)
	const rolePrompts = targetCompanies.filter((company) => company.lookingFor).length
	return { name: file.name, targetCompanies, rolePrompts }
}

/** Every file read before any search starts: a bad second file starts nothing. */
export function readCompanyFiles(files: UploadedFormFile[]): CompanyFileReading[] {
	if (files.length === 0) throw new ContactSearchInputError('Please upload a CSV file of companies')
	return files.map(readCompanyFile)
}

/** Whether every company of every file has its own role prompt. */
export function everyCompanyPrompted(readings: CompanyFileReading[]) {
	return readings.length > 0 && readings.every((file) => file.rolePrompts === file.targetCompanies.length)
}

export async function startCompanyModeSearches(
	actor: Actor,
	{ readings, lookingFor, topX }: { readings: CompanyFileReading[]; lookingFor: unknown; topX: unknown },
): Promise<ContactSearchStarted[]> {
	const given = typeof lookingFor === 'string' ? lookingFor.trim() : ''
	if (!given) {
		const lacking = readings.find((file) => file.rolePrompts < file.targetCompanies.length)
		if (lacking && readings.every((file) => file.rolePrompts === 0))
			throw new ContactSearchInputError(CONTACT_SEARCH_MESSAGES.rolePromptOrLookingFor)
		if (lacking)
			throw new ContactSearchInputError(
				`${lacking.name}: ${CONTACT_SEARCH_MESSAGES.rolePromptOrLookingFor} (some companies have no role prompt)`,
			)
	}
	const inputs = readings.map((file) => ({ targetCompanies: file.targetCompanies, lookingFor: given, topX }))
	const started: ContactSearchStarted[] = []
	for (const input of inputs) started.push(await startContactSearch(actor, { mode: 'bulk', input }))
	return started
}
