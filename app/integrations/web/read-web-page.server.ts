import { getEnv } from '#app/utils/env.server.ts'
import { type CompanyFacts, extractCompanyFacts } from './company-facts.ts'
import { type FirecrawlSettings, scrapeWithFirecrawl } from './firecrawl-client.server.ts'
import { parseHtmlDocument, readableText } from './page-text.ts'
import { isFallbackWorthy, WebFetchError } from './web-fetch-error.ts'
import { type FetchedPage, type FetchOptions, type WebFetcher, webFetcher } from './web-fetcher.server.ts'

/**
 * A page read for people and for enrichment: its readable text and the company facts it states.
 * Read directly through the safe fetcher; when that fails in a way another scraper may fix (or
 * finds no text) and a Firecrawl-compatible API is configured, read through it instead.
 */

export type WebPageReading = {
	/** The URL the content came from (after redirects). */
	url: string
	title: string | null
	text: string
	facts: CompanyFacts
	source: 'direct' | 'fallback'
}

export type ReadOptions = FetchOptions & {
	/** Go straight to the fallback (the spec's `useFirecrawl`), when one is configured. */
	preferFallback?: boolean
	/** Tests pass their own; the process's fetcher and the environment's fallback otherwise. */
	fetcher?: WebFetcher
	fallback?: FirecrawlSettings | null
}

export function fallbackFromEnv(): FirecrawlSettings | null {
	const env = getEnv()
	return env.FIRECRAWL_API_KEY ? { apiKey: env.FIRECRAWL_API_KEY, baseUrl: env.FIRECRAWL_API_URL } : null
}

export async function readWebPage(url: string, options: ReadOptions = {}): Promise<WebPageReading> {
	const fetcher = options.fetcher ?? webFetcher()
	const fallback = options.fallback === undefined ? fallbackFromEnv() : options.fallback
	if (options.preferFallback && fallback) {
		// The fallback reaches only what we may reach ourselves: same URL rules, same robots.txt.
		await fetcher.assertFetchable(url, options)
		return readThroughFallback(url, fallback, fetcher, options)
	}
	try {
		const reading = readFetchedPage(await fetcher.fetchPage(url, options))
		if (!reading.text.trim()) throw new WebFetchError('no_content', `${reading.url} has no readable text`)
		return reading
	} catch (error) {
		if (!(error instanceof WebFetchError) || !fallback || !isFallbackWorthy(error)) throw error
		try {
			return await readThroughFallback(url, fallback, fetcher, options)
		} catch (fallbackError) {
			if (options.signal?.aborted) throw fallbackError
			// What the site itself did tells the user more than how the fallback failed.
			throw error
		}
	}
}

/** Text and facts from a fetched page (pure apart from parsing). */
export function readFetchedPage(page: FetchedPage): WebPageReading {
	if (page.kind === 'html') {
		const document = parseHtmlDocument(page.body)
		// Facts first: Readability rewrites the document it reads.
		const facts = extractCompanyFacts(document, page.url)
		const { title, text } = readableText(document)
		return { url: page.url, title, text, facts, source: 'direct' }
	}
	const text = page.kind === 'json' ? prettyJson(page.body) : page.body.trim()
	return { url: page.url, title: null, text, facts: { sameAs: [], sources: [] }, source: 'direct' }
}

async function readThroughFallback(
	url: string,
	settings: FirecrawlSettings,
	fetcher: WebFetcher,
	options: FetchOptions,
): Promise<WebPageReading> {
	// Rendering a JavaScript page takes the fallback longer than a plain fetch takes us.
	const timeoutMs = (options.timeoutMs ?? fetcher.settings.timeoutMs) * 2
	const deadline = AbortSignal.timeout(timeoutMs)
	const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
	try {
		const page = await scrapeWithFirecrawl(url, settings, { signal, timeoutMs })
		const text = page.markdown.trim()
		if (!text) throw new WebFetchError('no_content', `${url} has no readable text (fallback)`)
		const facts: CompanyFacts = { sameAs: [], sources: [] }
		if (page.description) {
			facts.description = page.description
			facts.sources.push('meta')
		}
		return { url: page.sourceUrl ?? url, title: page.title ?? null, text, facts, source: 'fallback' }
	} catch (error) {
		if (options.signal?.aborted) throw options.signal.reason
		if (deadline.aborted)
			throw new WebFetchError('timeout', 'The fallback scraper took too long', { cause: error })
		throw error
	}
}

function prettyJson(body: string) {
	try {
		return JSON.stringify(JSON.parse(body), null, 2)
	} catch {
		return body.trim()
	}
}
