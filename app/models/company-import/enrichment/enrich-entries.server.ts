import {
	COMPANY_IMPORT_MESSAGES,
	type CompanyEnrichAnswer,
	CompanyEnrichEntrySchema,
	type ImportedCompany,
} from '#app/schemas/company-import.ts'
import { enrichCompanies } from './enrich-company.server.ts'

/**
 * The spec's `POST /companies/enrich`: each entry ({linkedinUrl, websiteUrl}) checked on its own and
 * enriched; one answer per entry, in order — the company's data, or `{ error, message }` for an entry
 * that is not valid or whose pages could not be read at all.
 */
export async function enrichEntries(
	organizationId: string,
	entries: unknown[],
	{ signal }: { signal?: AbortSignal } = {},
): Promise<CompanyEnrichAnswer[]> {
	const answers: Array<CompanyEnrichAnswer | undefined> = new Array(entries.length)
	const valid: Array<{ index: number; company: ImportedCompany }> = []
	entries.forEach((entry, index) => {
		const parsed = CompanyEnrichEntrySchema.safeParse(entry)
		if (!parsed.success) {
			answers[index] = {
				error: 'validation_error',
				message: parsed.error.issues[0]?.message ?? 'Invalid entry',
			}
			return
		}
		valid.push({ index, company: { website: parsed.data.websiteUrl, linkedinUrl: parsed.data.linkedinUrl } })
	})
	const results = await enrichCompanies({
		organizationId,
		companies: valid.map((entry) => entry.company),
		signal,
	})
	signal?.throwIfAborted()
	results.forEach((result, position) => {
		const { index } = valid[position]!
		answers[index] = result.sources.length
			? { data: withoutEmpty(result.company), sources: result.sources, warnings: result.warnings }
			: {
					error: 'enrichment_failed',
					message: COMPANY_IMPORT_MESSAGES.autofillFailed,
					warnings: result.warnings,
				}
	})
	return answers.map((answer) => answer!)
}

function withoutEmpty(company: ImportedCompany): ImportedCompany {
	return Object.fromEntries(
		Object.entries(company).filter(([, value]) => value !== undefined && value !== null),
	) as ImportedCompany
}
