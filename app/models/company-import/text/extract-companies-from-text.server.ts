import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { extractCompaniesOffline } from './extract-companies-offline.ts'
import { extractCompaniesWithModel } from './extract-companies-with-model.server.ts'

/** Companies found in pasted/uploaded/scraped text. Model (structured output) when configured, else offline. */
export async function extractCompaniesFromText(input: {
	organizationId: string
	text: string
	instructions?: string | null
	signal?: AbortSignal
}): Promise<{ companies: ImportedCompany[]; warnings: string[]; extractor: 'model' | 'offline' }> {
	if (isModelConfigured()) return extractCompaniesWithModel(input)
	return { ...extractCompaniesOffline(input.text, input.instructions), extractor: 'offline' }
}
