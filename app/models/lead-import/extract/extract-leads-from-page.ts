import { nameFromHost } from '#app/models/company-import/text/company-web-address.ts'
import { extractCompanyFacts } from '#app/integrations/web/company-facts.ts'
import { parseHtmlDocument, readableText, type HtmlDocument } from '#app/integrations/web/page-text.ts'
import { type ExtractedLead, LEAD_SAVE_MAX } from '#app/schemas/lead-import.ts'
import { collectLeads } from './collect-leads.ts'
import { leadsCappedMessage } from './extract-leads-from-csv.ts'
import { extractLeadsFromText } from './extract-leads-from-text.ts'
import { applyLeadInstructions } from './lead-instructions.ts'
import { type LeadDraft } from './lead-record.ts'
import { cardPeople } from './page-card-people.ts'
import { linkPeople, microdataPeople } from './page-link-people.ts'
import { jsonLdPeople } from './page-json-ld-people.ts'

// People on a fetched page (team pages, speaker lists, directories) without a model: what the
// markup states (JSON-LD and microdata people, cards, mailto: and LinkedIn links) merged with what
// the text extractor finds in the page's readable text. On a company's own team or about page, a
// person without a company works there. Pure over the HTML.

const EVENT_WORDS =
	/(?:^|[/_.-])(?:speakers?|agenda|program(?:me)?|schedule|sessions?|conference|summit|events?|attendees|exhibitors|directory|members|faculty|panel(?:ists)?|referenten|sprecher|intervenants|conferenciers|ponentes|oradores|relatori|sprekers|talare)(?:$|[/_.-])/i
const TEAM_WORDS =
	/(?:^|[/_.-])(?:team|our-?team|people|staff|about|about-?us|leadership|management|founders|board|who-?we-?are|company|ueber-?uns|uber-?uns|unternehmen|mitarbeiter|equipe|qui-sommes-nous|equipo|nosotros|quienes-somos|chi-siamo|over-ons|om-oss)(?:$|[/_.-])/i

export type PagePeople = {
	drafts: LeadDraft[]
	/** The page's readable text (for the text extractor or the model). */
	text: string
	title: string | null
	/** The organization whose team page this is; null on other pages. */
	teamCompany: string | null
}

function pathOf(url: string) {
	try {
		return decodeURIComponent(new URL(url).pathname).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
	} catch {
		return ''
	}
}

function siteName(document: HtmlDocument, url: string) {
	const facts = extractCompanyFacts(document, url)
	const og = document.querySelector('meta[property="og:site_name"]')?.getAttribute('content')?.trim()
	if (facts.name) return facts.name
	if (og) return og
	try {
		return nameFromHost(new URL(url).hostname.replace(/^www\./, ''))
	} catch {
		return null
	}
}

/**
 * The page as a document with a body. linkedom leaves a fragment without <html><body> outside the
 * (empty) body, where readableText's depth guard does not look: a fragment of 20,000 nested divs
 * then kept Readability busy for a minute. Wrapped, it gets the guard like any page.
 */
function pageDocument(html: string): HtmlDocument {
	const document = parseHtmlDocument(html)
	if (document.body?.childNodes.length || document.documentElement?.tagName === 'HTML') return document
	return parseHtmlDocument(`<!doctype html><html><head></head><body>${html}</body></html>`)
}

/** What the markup says about people, and the page's text; Readability runs last (it rewrites the document). */
export function readPagePeople(html: string, url: string): PagePeople {
	const document = pageDocument(html)
	const path = pathOf(url)
	const title = document.title ?? ''
	const eventPage = EVENT_WORDS.test(path) || /\b(speakers|agenda|conference|summit|attendees)\b/i.test(title)
	const teamPage =
		!eventPage && (TEAM_WORDS.test(path) || /\b(our team|meet the team|team|about us)\b/i.test(title))
	const teamCompany = teamPage ? siteName(document, url) : null
	const cards = cardPeople(document, { eventPage })
	const drafts = [
		...jsonLdPeople(document),
		...microdataPeople(document),
		...cards.drafts,
		...linkPeople(document, cards.usedLinks),
	]
	const readable = readableText(document)
	return { drafts, text: readable.text, title: readable.title, teamCompany }
}

/** The page's people merged with the text's, the team page's company filled in. */
export function leadsOfPage(page: PagePeople, textLeads: ExtractedLead[]) {
	return collectLeads([...page.drafts, ...textLeads], { defaultCompany: page.teamCompany })
}

export function extractLeadsFromPage(
	html: string,
	url: string,
	instructions?: string | null,
): { leads: ExtractedLead[]; warnings: string[] } {
	const page = readPagePeople(html, url)
	const fromText = page.text ? extractLeadsFromText(page.text).leads : []
	const collected = leadsOfPage(page, fromText)
	const filtered = applyLeadInstructions(collected.leads, instructions)
	let leads = filtered.leads
	const warnings = [...filtered.warnings]
	if (leads.length > LEAD_SAVE_MAX) {
		warnings.push(leadsCappedMessage(leads.length - LEAD_SAVE_MAX))
		leads = leads.slice(0, LEAD_SAVE_MAX)
	}
	return { leads, warnings }
}
