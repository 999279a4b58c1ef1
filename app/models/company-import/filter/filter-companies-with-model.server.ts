import { z } from 'zod'
import {
	AssistantError,
	createStructuredCompletion,
	isAssistantAbort,
} from '#app/integrations/openai/openai-client.server.ts'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { recordImportUsage } from '../model-usage.server.ts'
import { filterCompaniesOffline } from './filter-companies-offline.ts'
import { compactList, validIndices } from './filter-model-prompt.ts'

// The model matcher: a compact numbered list, structured output `{ indices }`, indices checked
// (whole, in range, once each). Any model failure answers with the offline matcher instead.

const FilterAnswerSchema = z.object({ indices: z.array(z.number()) })

const SYSTEM_PROMPT = [
	"You filter a numbered list of companies by the user's criteria. Each line is",
	'"index. name | industry | employees | location | website | linkedin | description".',
	'Return the indices of the companies that match every criterion, in list order.',
	'"website: yes"/"linkedin: yes" say whether the company has one. Judge by the facts given; when a fact a',
	'criterion needs is missing, leave the company out.',
].join(' ')

export async function filterCompaniesWithModel(input: {
	organizationId: string
	companies: ImportedCompany[]
	instructions: string
	signal?: AbortSignal
}): Promise<{ indices: number[]; matcher: 'model' | 'offline' }> {
	try {
		const { indices } = await createStructuredCompletion({
			schema: FilterAnswerSchema,
			schemaName: 'company_filter',
			system: SYSTEM_PROMPT,
			user: `Criteria: ${input.instructions.trim()}\n\nCompanies:\n${compactList(input.companies)}`,
			organizationId: input.organizationId,
			signal: input.signal,
			onUsage: recordImportUsage(input.organizationId),
		})
		return { indices: validIndices(indices, input.companies.length), matcher: 'model' }
	} catch (error) {
		if (isAssistantAbort(error) || !(error instanceof AssistantError)) throw error
		console.warn(`company import filter: the model failed (${error.reason}), offline instead`)
		return {
			indices: filterCompaniesOffline(input.companies, input.instructions).indices,
			matcher: 'offline',
		}
	}
}
