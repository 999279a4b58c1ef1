import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { decodeCsvBytes } from '#app/models/company-import/csv/decode-csv-bytes.ts'
import { type ExtractedLead, LEAD_SAVE_MAX } from '#app/schemas/lead-import.ts'
import { extractLeadsFromCsv } from './extract-leads-from-csv.ts'
import { extractLeadsFromPage, leadsOfPage, readPagePeople } from './extract-leads-from-page.ts'
import { extractLeadsFromText } from './extract-leads-from-text.ts'
import { extractLeadsWithModel, LEAD_MODEL_MESSAGES } from './extract-leads-with-model.server.ts'
import { applyLeadInstructions } from './lead-instructions.ts'

// The lead import job's one entry: people from a CSV file, pasted text or a fetched page, by the
// model (structured output) when a key is configured and by the offline extractors otherwise.
// A CSV is read offline first — its headers are reliable — and goes to the model only when no
// column holds names. On a page, what the markup states (JSON-LD, cards, mailto: and LinkedIn
// links) fills in what the model read from the page's text.

export type ExtractLeadsInput = {
	organizationId: string
	instructions?: string | null
	signal?: AbortSignal
} & (
	| { kind: 'csv'; bytes: Uint8Array }
	| { kind: 'text'; text: string }
	| { kind: 'page'; html: string; url: string }
)

export type ExtractLeadsResult = {
	leads: ExtractedLead[]
	warnings: string[]
	extractor: 'model' | 'offline'
	/** CSV only: the file's data rows. */
	totalRows?: number
}

/** Throws LeadCsvError (the spec's messages) for a file that cannot be read. */
export async function extractLeads(input: ExtractLeadsInput): Promise<ExtractLeadsResult> {
	const model = isModelConfigured()
	const { organizationId, instructions, signal } = input
	if (input.kind === 'csv') {
		const offline = extractLeadsFromCsv(input.bytes, instructions)
		const result = { leads: offline.leads, warnings: offline.warnings, totalRows: offline.totalRows }
		if (offline.hasNameColumn || !model) return { ...result, extractor: 'offline' }
		const { text } = decodeCsvBytes(input.bytes)
		const read = await extractLeadsWithModel({ organizationId, text, instructions, signal })
		if (read.extractor === 'offline') {
			// The model failed: the CSV reader's leads are better than the text reader's.
			const fellBack = read.warnings.filter((warning) => warning.startsWith(LEAD_MODEL_MESSAGES.fellBack))
			return { ...result, warnings: [...fellBack, ...result.warnings], extractor: 'offline' }
		}
		return { ...read, totalRows: offline.totalRows }
	}
	if (input.kind === 'text') {
		if (model) return extractLeadsWithModel({ organizationId, text: input.text, instructions, signal })
		return { ...extractLeadsFromText(input.text, instructions), extractor: 'offline' }
	}
	if (!model) return { ...extractLeadsFromPage(input.html, input.url, instructions), extractor: 'offline' }
	const page = readPagePeople(input.html, input.url)
	if (!page.text.trim()) {
		// Nothing for the model to read: what the markup states is all there is.
		const { leads } = leadsOfPage(page, [])
		const filtered = applyLeadInstructions(leads, instructions)
		return {
			leads: filtered.leads.slice(0, LEAD_SAVE_MAX),
			warnings: filtered.warnings,
			extractor: 'offline',
		}
	}
	return extractLeadsWithModel({
		organizationId,
		text: page.title ? `${page.title}\n\n${page.text}` : page.text,
		instructions,
		signal,
		knownLeads: page.drafts,
		defaultCompany: page.teamCompany,
	})
}
