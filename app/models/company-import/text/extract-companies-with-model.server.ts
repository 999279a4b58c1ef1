import { z } from 'zod'
import {
	AssistantError,
	createStructuredCompletion,
	isAssistantAbort,
} from '#app/integrations/openai/openai-client.server.ts'
import { COMPANY_IMPORT_MAX_ROWS, type ImportedCompany } from '#app/schemas/company-import.ts'
import { recordImportUsage } from '../model-usage.server.ts'
import { attachAddress, readEmployees, readLocation } from './company-table-row.ts'
import { extractCompaniesOffline } from './extract-companies-offline.ts'

// The model extractor: structured output over the text (cut to a length a model reads well), our
// normalization after it; a model failure falls back to the offline extractor with a warning.

/** About 20k tokens of text: longer pastes are cut, and the user is told. */
export const MODEL_TEXT_MAX_CHARS = 80_000

export const MODEL_EXTRACTION_MESSAGES = {
	textCut: `The text is long: the AI model read its first ${MODEL_TEXT_MAX_CHARS.toLocaleString('en-US')} characters`,
	fellBack: 'The AI model could not be used, so companies were found by the offline extractor',
} as const

const nullableText = z.string().nullable()

// No length or range constraints: OpenAI's strict structured output refuses some of them, and we
// cap and check the answer ourselves (normalizeModelCompanies).
export const ExtractedCompaniesSchema = z.object({
	companies: z.array(
		z.object({
			name: z.string(),
			description: nullableText,
			website: nullableText,
			linkedinUrl: nullableText,
			industry: nullableText,
			employeeCount: z.number().nullable(),
			employeeCountRange: nullableText,
			location: nullableText,
		}),
	),
})

const SYSTEM_PROMPT = [
	'You extract companies (businesses, startups, organizations that sell something) from text a sales team pasted:',
	'conference exhibitor lists, tables, newsletters, blog posts, web pages, CSV.',
	'Return each company once, in the order it first appears. Use only facts in the text; never invent a website or',
	'numbers. name: the company name as written. description: one or two sentences on what it does, from the text',
	'(null when the text says nothing). website: its own domain or URL if given. linkedinUrl: a linkedin.com/company/',
	'link if given. location: its city and/or country if given. People, products, events, investors mentioned only',
	'as investors, and navigation or headings are not companies. Follow the user instructions when given.',
].join(' ')

export async function extractCompaniesWithModel(input: {
	organizationId: string
	text: string
	instructions?: string | null
	signal?: AbortSignal
}): Promise<{ companies: ImportedCompany[]; warnings: string[]; extractor: 'model' | 'offline' }> {
	const warnings: string[] = []
	let text = input.text
	if (text.length > MODEL_TEXT_MAX_CHARS) {
		text = text.slice(0, MODEL_TEXT_MAX_CHARS)
		warnings.push(MODEL_EXTRACTION_MESSAGES.textCut)
	}
	const instructions = input.instructions?.trim()
	const user = [
		instructions
			? `Instructions from the user (apply them to which companies you return):\n${instructions}\n`
			: '',
		'Text:\n"""',
		text,
		'"""',
	].join('\n')
	try {
		const { companies } = await createStructuredCompletion({
			schema: ExtractedCompaniesSchema,
			schemaName: 'extracted_companies',
			system: SYSTEM_PROMPT,
			user,
			organizationId: input.organizationId,
			signal: input.signal,
			onUsage: recordImportUsage(input.organizationId),
		})
		return { companies: normalizeModelCompanies(companies), warnings, extractor: 'model' }
	} catch (error) {
		if (isAssistantAbort(error) || !(error instanceof AssistantError)) throw error
		console.warn(`company import text extraction: the model failed (${error.reason}), offline instead`)
		const offline = extractCompaniesOffline(input.text, input.instructions)
		return {
			companies: offline.companies,
			warnings: [`${MODEL_EXTRACTION_MESSAGES.fellBack} (${error.message}).`, ...offline.warnings],
			extractor: 'offline',
		}
	}
}

type ModelCompany = z.infer<typeof ExtractedCompaniesSchema>['companies'][number]

/** Our field forms (https website, canonical LinkedIn URL, headquarter object), one row per company. */
export function normalizeModelCompanies(found: ModelCompany[]): ImportedCompany[] {
	const companies: ImportedCompany[] = []
	const seen = new Set<string>()
	for (const item of found) {
		const name = item.name.trim()
		if (!name) continue
		const company: ImportedCompany = { name }
		if (item.description?.trim()) company.description = item.description.trim()
		if (item.website) attachAddress(company, item.website)
		if (item.linkedinUrl) attachAddress(company, item.linkedinUrl)
		if (item.industry?.trim()) company.industry = item.industry.trim()
		if (item.employeeCount != null && Number.isFinite(item.employeeCount) && item.employeeCount >= 0) {
			company.employeeCount = Math.round(item.employeeCount)
		} else if (item.employeeCountRange?.trim()) {
			Object.assign(company, readEmployees(item.employeeCountRange.trim()))
		}
		if (item.location?.trim()) {
			company.headquarter = readLocation(item.location.trim())
			company.locations = [item.location.trim()]
		}
		const key = (company.website ?? company.linkedinUrl ?? name).toLowerCase()
		if (seen.has(key)) continue
		seen.add(key)
		companies.push(company)
		if (companies.length === COMPANY_IMPORT_MAX_ROWS) break
	}
	return companies
}
