import { AssistantError, isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { readWebPage, type WebPageReading } from '#app/integrations/web/read-web-page.server.ts'
import { WebFetchError } from '#app/integrations/web/web-fetch-error.ts'
import { webFetcher } from '#app/integrations/web/web-fetcher.server.ts'
import { type ImportedCompany } from '#app/schemas/company-import.ts'
import { forEachConcurrently } from '#app/utils/concurrent-each.ts'
import { getEnv } from '#app/utils/env.server.ts'
import {
	canonicalLinkedinCompanyUrl,
	isLinkedInWall,
	linkedinPageUrl,
	type LinkedInCompanyFacts,
	parseLinkedInCompanyPage,
} from './linkedin-company-page.ts'
import { companyFromLinkedIn, companyFromWebsite, fillMissing, isMissing } from './merge-company.ts'
import { writeCompanyWithModel } from './model-writer.server.ts'
import { writeOffline } from './offline-summary.ts'

/**
 * Company enrichment (issue 13, decision 026): the company's website and its public LinkedIn page,
 * read through the safe fetcher, fill the fields the row lacks. A site that cannot be read is a
 * warning, never a failure; only an abort (a cancelled import) ends it with an error.
 */

export type EnrichmentResult = {
	company: ImportedCompany
	/** The pages read, as URLs (the company's site after redirects, its canonical LinkedIn page). */
	sources: string[]
	/** What could not be read or written, for people: "LinkedIn did not show …". */
	warnings: string[]
	/** enrichCompanies only: the run was aborted before this company was enriched (it is unchanged). */
	cancelled?: true
}

export const DEFAULT_ENRICHMENT_CONCURRENCY = 10

type SiteReading = { reading: WebPageReading; company: ImportedCompany }
type LinkedInReading = { url: string; facts: LinkedInCompanyFacts; company: ImportedCompany }

export async function enrichCompany(input: {
	organizationId: string
	company: ImportedCompany
	signal?: AbortSignal
}): Promise<EnrichmentResult> {
	const { company, signal } = input
	const warnings: string[] = []
	const sources: string[] = []
	const knownWebsite = websiteToRead(company.website, warnings)
	const knownLinkedin = linkedinToRead(company.linkedinUrl, warnings)
	if (!knownWebsite && !knownLinkedin) {
		warnings.push('No website or LinkedIn company page to enrich from')
		return { company, sources, warnings }
	}
	let [site, linkedin] = await Promise.all([
		knownWebsite ? readSite(knownWebsite, warnings, signal) : undefined,
		knownLinkedin ? readLinkedIn(knownLinkedin, warnings, signal) : undefined,
	])
	// One page may name the other: LinkedIn's About links the site, sites link their LinkedIn page.
	if (!knownWebsite && linkedin?.company.website) {
		site = await readSite(linkedin.company.website, warnings, signal)
	}
	if (!knownLinkedin && site?.company.linkedinUrl) {
		linkedin = await readLinkedIn(site.company.linkedinUrl, warnings, signal)
	}
	signal?.throwIfAborted()
	if (site) sources.push(site.reading.url)
	if (linkedin) sources.push(linkedin.url)
	if (!site && !linkedin) return { company, sources, warnings }

	const writer = await writeProse({
		organizationId: input.organizationId,
		company,
		site,
		linkedin,
		warnings,
		signal,
	})
	const merged = fillMissing(company, { website: site?.company, linkedin: linkedin?.company, writer })
	return { company: merged.company, sources, warnings }
}

/** Many at once, at most `concurrency` companies in flight; results in input order. */
export async function enrichCompanies(input: {
	organizationId: string
	companies: ImportedCompany[]
	concurrency?: number
	signal?: AbortSignal
	onProgress?: (done: number, total: number, current: ImportedCompany) => void | Promise<void>
}): Promise<EnrichmentResult[]> {
	const { companies, signal } = input
	const concurrency = Math.max(1, Math.floor(input.concurrency ?? DEFAULT_ENRICHMENT_CONCURRENCY))
	const results: Array<EnrichmentResult | undefined> = new Array(companies.length)
	let done = 0
	await forEachConcurrently(
		companies,
		concurrency,
		async (company, index) => {
			try {
				results[index] = await enrichCompany({ organizationId: input.organizationId, company, signal })
			} catch (error) {
				if (signal?.aborted) return
				// A bug of ours on one company must not lose the other 499.
				results[index] = { company, sources: [], warnings: [`Enrichment failed: ${messageOf(error)}`] }
			}
			done++
			await input.onProgress?.(done, companies.length, results[index].company)
		},
		signal,
	)
	return companies.map(
		(company, index) =>
			results[index] ?? { company, sources: [], warnings: ['Enrichment was cancelled'], cancelled: true },
	)
}

/** The site to read: http(s) as given, a bare domain as https. */
function websiteToRead(value: string | null | undefined, warnings: string[]) {
	const text = value?.trim()
	if (!text) return null
	const url = normalizeWebsite(text)
	if (!url) warnings.push(`${text} is not a website address`)
	return url
}

export function normalizeWebsite(value: string): string | null {
	const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`
	try {
		const url = new URL(text)
		if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null
		return url.href
	} catch {
		return null
	}
}

function linkedinToRead(value: string | null | undefined, warnings: string[]) {
	const text = value?.trim()
	if (!text) return null
	const url = canonicalLinkedinCompanyUrl(text)
	if (!url) warnings.push(`${text} is not a LinkedIn company page`)
	return url
}

async function readSite(
	url: string,
	warnings: string[],
	signal?: AbortSignal,
): Promise<SiteReading | undefined> {
	try {
		const reading = await readWebPage(url, { signal })
		const company = companyFromWebsite(reading.facts)
		company.name ??= nameFromTitle(reading.title)
		return { reading, company }
	} catch (error) {
		if (signal?.aborted) throw signal.reason
		warnings.push(`The website ${url} could not be read (${failureOf(error)})`)
		return undefined
	}
}

/** LinkedIn often answers 999, 429 or a sign-in wall to signed-out readers: that is "no data", said once. */
async function readLinkedIn(
	url: string,
	warnings: string[],
	signal?: AbortSignal,
): Promise<LinkedInReading | undefined> {
	const pageUrl = linkedinPageUrl(url, getEnv().LINKEDIN_PUBLIC_BASE_URL)
	if (!pageUrl) return undefined
	try {
		const page = await webFetcher().fetchPage(pageUrl, { signal })
		if (page.kind !== 'html' || isLinkedInWall(page.url, page.body)) {
			warnings.push(`LinkedIn showed a sign-in wall instead of ${url}; LinkedIn data was skipped`)
			return undefined
		}
		const facts = parseLinkedInCompanyPage(page.body, page.url)
		const company = companyFromLinkedIn(facts)
		if (isMissing(company)) {
			warnings.push(`LinkedIn's page ${url} showed no company details`)
			return undefined
		}
		return { url, facts, company }
	} catch (error) {
		if (signal?.aborted) throw signal.reason
		warnings.push(`LinkedIn did not show ${url} (${failureOf(error)}); LinkedIn data was skipped`)
		return undefined
	}
}

/** Description, summary, tagline and industry: by the model when one is configured, else offline. */
async function writeProse(input: {
	organizationId: string
	company: ImportedCompany
	site?: SiteReading
	linkedin?: LinkedInReading
	warnings: string[]
	signal?: AbortSignal
}): Promise<ImportedCompany> {
	const { company, site, linkedin } = input
	const needed = (['description', 'summary', 'tagline', 'industry'] as const).filter((field) =>
		isMissing(company[field]),
	)
	if (!needed.length) return {}
	const name = company.name ?? site?.company.name ?? linkedin?.company.name
	const offline = writeOffline({
		names: [company.name, site?.company.name, linkedin?.company.name],
		metaDescription: site?.reading.facts.description,
		title: site?.reading.title,
		text: site?.reading.text ?? '',
		about: linkedin?.facts.description,
	})
	if (!isModelConfigured()) return offline
	try {
		const written = await writeCompanyWithModel({
			organizationId: input.organizationId,
			name,
			signal: input.signal,
			sources: [
				{ label: 'Website description', text: site?.reading.facts.description ?? '' },
				{ label: 'Website text', text: site?.reading.text ?? '' },
				{ label: 'LinkedIn tagline', text: linkedin?.facts.tagline ?? '' },
				{ label: 'LinkedIn about', text: linkedin?.facts.description ?? '' },
				{ label: 'LinkedIn industry', text: linkedin?.facts.industry ?? '' },
			],
		})
		// A field the model left empty (the text said too little) keeps the offline writer's words.
		const kept = Object.entries(written).filter(([, value]) => value)
		return { ...offline, ...Object.fromEntries(kept) }
	} catch (error) {
		if (input.signal?.aborted) throw input.signal.reason
		if (!(error instanceof AssistantError)) throw error
		input.warnings.push(`${error.message}; the offline writer wrote the profile`)
		return offline
	}
}

/** "Acme — Rockets for everyone" → "Acme", when the site names itself nowhere else. */
function nameFromTitle(title: string | null) {
	const first = title?.split(/\s+[|–—:-]\s+/)[0]?.trim()
	if (!first || first.split(/\s+/).length > 4 || /^(home|homepage|welcome|index)$/i.test(first))
		return undefined
	return first
}

function failureOf(error: unknown) {
	if (error instanceof WebFetchError) {
		if (error.status) return `it answered ${error.status}`
		return FAILURE_WORDS[error.code] ?? error.code.replace(/_/g, ' ')
	}
	return messageOf(error)
}

const FAILURE_WORDS: Partial<Record<WebFetchError['code'], string>> = {
	dns_failed: 'the name does not resolve',
	blocked_address: 'its address is not public',
	blocked_port: 'its port is not allowed',
	invalid_url: 'the address is not valid',
	robots_disallowed: 'its robots.txt does not allow us',
	robots_unreachable: 'it or its robots.txt could not be reached',
	timeout: 'it took too long to answer',
	network: 'it could not be reached',
	no_content: 'it has no readable text',
	too_large: 'the page is too large',
	unsupported_content: 'it is not a web page',
	too_many_redirects: 'too many redirects',
}

function messageOf(error: unknown) {
	return error instanceof Error ? error.message : String(error)
}
