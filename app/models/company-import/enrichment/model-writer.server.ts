import { z } from 'zod'
import { createStructuredCompletion } from '#app/integrations/openai/openai-client.server.ts'

/**
 * With a model configured, the company's prose (description, summary, tagline, industry) is
 * written from what its site and LinkedIn page say. Only the gathered text goes in; the model is
 * told to leave a field empty rather than guess.
 */

const CompanyWritingSchema = z.object({
	description: z.string().describe('One or two sentences: what the company does and for whom.'),
	summary: z.string().describe('Three or four sentences: products, customers, what sets it apart.'),
	tagline: z.string().describe('A short slogan, under 12 words, from the company’s own words if it has one.'),
	industry: z.string().describe('The industry in two or three words, such as "Software Development".'),
})
export type CompanyWriting = z.infer<typeof CompanyWritingSchema>

/** Gathered text is capped: the first part of a page says what a company does. */
const MAX_SOURCE_CHARS = 6_000

const SYSTEM = [
	'You write short, factual company profiles for a sales team from text found on the company’s website and LinkedIn page.',
	'Use only facts stated in the text. Write in plain English, third person, no marketing superlatives.',
	'If the text does not say enough for a field, answer an empty string for it.',
	'Ignore cookie banners, navigation, sign-in prompts and legal notices.',
].join(' ')

export async function writeCompanyWithModel(input: {
	organizationId: string
	name?: string | null
	sources: Array<{ label: string; text: string }>
	signal?: AbortSignal
}): Promise<CompanyWriting> {
	const user = [
		`Company: ${input.name ?? 'unknown name'}`,
		...input.sources
			.filter((source) => source.text.trim())
			.map((source) => `--- ${source.label} ---\n${source.text.slice(0, MAX_SOURCE_CHARS)}`),
	].join('\n\n')
	const writing = await createStructuredCompletion({
		schema: CompanyWritingSchema,
		schemaName: 'company_profile',
		system: SYSTEM,
		user,
		organizationId: input.organizationId,
		signal: input.signal,
	})
	return {
		description: writing.description.trim(),
		summary: writing.summary.trim(),
		tagline: writing.tagline.trim(),
		industry: writing.industry.trim(),
	}
}
