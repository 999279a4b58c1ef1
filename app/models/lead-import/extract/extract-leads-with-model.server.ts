import { z } from 'zod'
import {
	AssistantError,
	createStructuredCompletion,
	isAssistantAbort,
} from '#app/integrations/openai/openai-client.server.ts'
import { recordImportUsage } from '#app/models/company-import/model-usage.server.ts'
import { cutText } from '#app/models/company-import/text/cut-text.ts'
import { type ExtractedLead, LEAD_SAVE_MAX } from '#app/schemas/lead-import.ts'
import { collectLeads } from './collect-leads.ts'
import { extractLeadsFromText } from './extract-leads-from-text.ts'
import { applyLeadInstructions } from './lead-instructions.ts'
import { type LeadDraft } from './lead-record.ts'

// The model extractor: structured output over the text (cut to a length a model reads well), then
// the same finishing as the offline extractors (names split and capitalised, addresses lower-cased,
// canonical LinkedIn URLs, one lead per person). A model failure falls back to the offline text
// extractor with a warning; a cancelled job stays cancelled.

/** About 20k tokens of text: longer sources are cut, and the user is told. */
export const LEAD_MODEL_TEXT_MAX_CHARS = 80_000

export const LEAD_MODEL_MESSAGES = {
	textCut: `The text is long: the AI model read its first ${LEAD_MODEL_TEXT_MAX_CHARS.toLocaleString('en-US')} characters`,
	fellBack: 'The AI model could not be used, so leads were found by the offline extractor',
} as const

const nullableText = z.string().nullable()

// No length constraints: OpenAI's strict structured output refuses some; finishLead caps and checks.
export const ModelLeadsSchema = z.object({
	leads: z.array(
		z.object({
			firstName: z.string(),
			middleName: nullableText,
			lastName: z.string(),
			email: nullableText,
			phone: nullableText,
			linkedin: nullableText,
			role: nullableText,
			roleDetails: nullableText,
			companyName: nullableText,
			companyDescription: nullableText,
		}),
	),
})
export type ModelLead = z.infer<typeof ModelLeadsSchema>['leads'][number]

const SYSTEM_PROMPT = [
	'You extract people (sales leads) from text a sales team gave you: team and about pages, speaker lists,',
	'directories, e-mail signatures, pasted lists, CSV. Return each person once, in the order they first appear.',
	'Use only facts in the text; never invent an e-mail address, phone number or LinkedIn URL.',
	'firstName, middleName (null if none) and lastName: the person\'s name split, without titles like "Dr." or degrees.',
	'role: their job title as written. roleDetails: seniority, department or focus when the text gives them.',
	'companyName: where they work (the organization whose page it is, for a team page). companyDescription: one',
	'sentence on what that company does, only from the text. linkedin: a linkedin.com/in/ profile URL if given.',
	'Companies, products, places, headings, navigation and "Contact us" are not people; a shared inbox',
	"(info@, sales@) is not a person's address. Follow the user instructions about whom to return.",
].join(' ')

/**
 * The model's people in our form: blanks and duplicates gone, at most LEAD_SAVE_MAX; `known`
 * (what the page's markup says) fills in what the model left out, for the people it returned.
 */
export function normalizeModelLeads(
	found: ModelLead[],
	{ known = [], defaultCompany }: { known?: LeadDraft[]; defaultCompany?: string | null } = {},
): ExtractedLead[] {
	const { leads } = collectLeads(found, { defaultCompany, enrichOnly: known })
	return leads.slice(0, LEAD_SAVE_MAX)
}

export async function extractLeadsWithModel(input: {
	organizationId: string
	text: string
	instructions?: string | null
	signal?: AbortSignal
	/** What the page's markup already says (JSON-LD, cards, links): merged with the model's answer. */
	knownLeads?: LeadDraft[]
	/** The company of a team page, for people the model left without one. */
	defaultCompany?: string | null
}): Promise<{ leads: ExtractedLead[]; warnings: string[]; extractor: 'model' | 'offline' }> {
	const warnings: string[] = []
	let text = input.text
	if (text.length > LEAD_MODEL_TEXT_MAX_CHARS) {
		text = cutText(text, LEAD_MODEL_TEXT_MAX_CHARS)
		warnings.push(LEAD_MODEL_MESSAGES.textCut)
	}
	const instructions = input.instructions?.trim()
	const user = [
		instructions
			? `Instructions from the user (apply them to which people you return):\n${instructions}\n`
			: '',
		'Text:\n"""',
		text,
		'"""',
	].join('\n')
	try {
		const { leads } = await createStructuredCompletion({
			schema: ModelLeadsSchema,
			schemaName: 'extracted_leads',
			system: SYSTEM_PROMPT,
			user,
			organizationId: input.organizationId,
			signal: input.signal,
			onUsage: recordImportUsage(input.organizationId),
		})
		const normalized = normalizeModelLeads(leads, {
			known: input.knownLeads,
			defaultCompany: input.defaultCompany,
		})
		return { leads: normalized, warnings, extractor: 'model' }
	} catch (error) {
		if (isAssistantAbort(error) || !(error instanceof AssistantError)) throw error
		console.warn(`lead extraction: the model failed (${error.reason}), offline instead`)
		const offline = extractLeadsFromText(input.text)
		const { leads } = collectLeads([...(input.knownLeads ?? []), ...offline.leads], {
			defaultCompany: input.defaultCompany,
		})
		const filtered = applyLeadInstructions(leads, input.instructions)
		return {
			leads: filtered.leads.slice(0, LEAD_SAVE_MAX),
			warnings: [
				`${LEAD_MODEL_MESSAGES.fellBack} (${error.message}).`,
				...offline.warnings,
				...filtered.warnings,
			],
			extractor: 'offline',
		}
	}
}
