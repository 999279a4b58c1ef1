import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { filterCompaniesOffline } from './filter-companies-offline.ts'
import { filterCompaniesWithModel } from './filter-companies-with-model.server.ts'

/** Indices (into `companies`) of the companies that match the user's instructions. Model when configured, else offline. */
export async function filterCompanies(input: {
	organizationId: string
	companies: ImportedCompany[]
	instructions: string
	signal?: AbortSignal
}): Promise<{ indices: number[]; matcher: 'model' | 'offline' }> {
	if (input.companies.length === 0) return { indices: [], matcher: 'offline' }
	if (isModelConfigured()) return filterCompaniesWithModel(input)
	return { indices: filterCompaniesOffline(input.companies, input.instructions).indices, matcher: 'offline' }
}
