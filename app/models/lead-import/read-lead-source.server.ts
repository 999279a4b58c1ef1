import { type Prisma } from '#app/generated/prisma/client.ts'
import { fallbackFromEnv, readWebPage } from '#app/integrations/web/read-web-page.server.ts'
import {
	isFallbackWorthy,
	type WebFetchFailure,
	WebFetchError,
} from '#app/integrations/web/web-fetch-error.ts'
import { webFetcher } from '#app/integrations/web/web-fetcher.server.ts'
import {
	type ExtractedLead,
	ExtractedLeadSchema,
	LEAD_IMPORT_MESSAGES,
	LinkContactSchema,
} from '#app/schemas/lead-import.ts'
import { SCRAPE_URL_MESSAGES } from '#app/schemas/scrape-url.ts'
import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'
import { extractLeads, type ExtractLeadsInput } from './extract/extract-leads.server.ts'
import { LeadCsvError } from './extract/lead-csv-error.ts'

// The people of a lead import's source. Contacts a caller brings (the companion's post authors)
// are checked one by one against the spec's "Lead link contact" (first and last name, a valid
// LinkedIn URL); files, texts and pages go through the extractors (decision 034), a link's page
// through the safe fetcher (and its fallback when configured).

/** A problem with the source no retry will fix: the import fails with this message. */
export class LeadSourceProblem extends Error {}

export type LeadImportForJob = {
	id: string
	source: 'FILE' | 'TEXT' | 'LINK' | 'LINKEDIN_POST'
	state: string
	name: string
	text: string | null
	url: string | null
	urlClassification: string | null
	instructions: string | null
	givenContacts: Prisma.JsonValue
	postFilter: Prisma.JsonValue
	file: { data: Uint8Array } | null
}

export type LeadSourceReading = {
	leads: ExtractedLead[]
	warnings: string[]
	totalRows: number
	droppedRows: number
	extractor: string
}

/** The given contacts that are people with a profile; the rest are dropped (counted). */
export function readGivenContacts(given: unknown[]): LeadSourceReading {
	const leads: ExtractedLead[] = []
	const seen = new Set<string>()
	for (const raw of given) {
		const contact = LinkContactSchema.safeParse(raw)
		if (!contact.success) continue
		const linkedin = canonicalLinkedinUrl(contact.data.linkedin) ?? contact.data.linkedin
		if (seen.has(linkedin)) continue
		seen.add(linkedin)
		const lead = ExtractedLeadSchema.safeParse({ ...contact.data, linkedin })
		if (lead.success) leads.push(lead.data)
	}
	return {
		leads,
		warnings: [],
		totalRows: given.length,
		droppedRows: given.length - leads.length,
		extractor: 'given',
	}
}

export async function readLeadSource(
	organizationId: string,
	record: LeadImportForJob,
	{ signal }: { signal?: AbortSignal } = {},
): Promise<LeadSourceReading> {
	if (Array.isArray(record.givenContacts)) return readGivenContacts(record.givenContacts)
	const common = { organizationId, instructions: record.instructions, signal }
	if (record.source === 'FILE') {
		if (!record.file) throw new LeadSourceProblem(LEAD_IMPORT_MESSAGES.couldNotRead)
		return extracted({ ...common, kind: 'csv', bytes: record.file.data })
	}
	if (record.text?.trim()) return extracted({ ...common, kind: 'text', text: record.text })
	if (record.source === 'TEXT') throw new LeadSourceProblem(LEAD_IMPORT_MESSAGES.noText)
	if (!record.url) throw new LeadSourceProblem(LEAD_IMPORT_MESSAGES.noLinkProvided)
	const page = await readLinkedPage(record.url, signal)
	if (!page.text.trim() && !page.html) throw new LeadSourceProblem(LEAD_IMPORT_MESSAGES.noTextInLink)
	return page.html
		? extracted({ ...common, kind: 'page', html: page.html, url: page.url })
		: extracted({ ...common, kind: 'text', text: page.text })
}

async function extracted(input: ExtractLeadsInput): Promise<LeadSourceReading> {
	try {
		const result = await extractLeads(input)
		const totalRows = result.totalRows ?? result.leads.length
		return {
			leads: result.leads,
			warnings: result.warnings,
			totalRows,
			droppedRows: Math.max(0, totalRows - result.leads.length),
			extractor: result.extractor,
		}
	} catch (error) {
		if (error instanceof LeadCsvError) throw new LeadSourceProblem(error.message)
		throw error
	}
}

// What the user reads when a link cannot be read: the spec's link and scrape messages.
const LINK_REFUSALS: Partial<Record<WebFetchFailure, string>> = {
	invalid_url: LEAD_IMPORT_MESSAGES.invalidUrl,
	blocked_port: LEAD_IMPORT_MESSAGES.invalidUrlRetry,
	blocked_address: LEAD_IMPORT_MESSAGES.invalidUrlRetry,
	robots_disallowed: SCRAPE_URL_MESSAGES.forbidden,
	forbidden: SCRAPE_URL_MESSAGES.forbidden,
	rate_limited: SCRAPE_URL_MESSAGES.rateLimited,
	no_content: LEAD_IMPORT_MESSAGES.noTextInLink,
	not_found: LEAD_IMPORT_MESSAGES.noTextInLink,
}

/** The page's HTML when the site answers with HTML (people are in its markup), else its text. */
async function readLinkedPage(url: string, signal?: AbortSignal) {
	try {
		const page = await webFetcher().fetchPage(url, { signal })
		if (page.kind === 'html') return { url: page.url, html: page.body, text: '' }
		return { url: page.url, html: null, text: page.body }
	} catch (error) {
		if (!(error instanceof WebFetchError)) throw error
		if (isFallbackWorthy(error) && fallbackFromEnv()) {
			try {
				const reading = await readWebPage(url, { preferFallback: true, signal })
				return { url: reading.url, html: null, text: reading.text }
			} catch {
				// What the site itself did tells the user more than how the fallback failed.
			}
		}
		throw new LeadSourceProblem(LINK_REFUSALS[error.code] ?? LEAD_IMPORT_MESSAGES.linkFetchFailed)
	}
}
