import { readWebPage } from '#app/integrations/web/read-web-page.server.ts'
import { type WebFetchFailure, WebFetchError } from '#app/integrations/web/web-fetch-error.ts'
import { SCRAPE_URL_MESSAGES, SCRAPED_TEXT_MAX_CHARS, type ScrapeUrlInput } from '#app/schemas/scrape-url.ts'

/** A refusal the API answers as `{ error, message }` with its status. */
export class ScrapeUrlError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(message)
		this.name = 'ScrapeUrlError'
	}
}

/**
 * The spec's "Scrape URL" for an organization's member: a public page's readable text, through
 * the safe fetcher (and its fallback). Rate limits for this expensive call belong to the guards.
 */
export async function scrapeUrl(
	_organizationId: string,
	input: ScrapeUrlInput,
	{ signal }: { signal?: AbortSignal } = {},
): Promise<{ text: string; warning: string | null }> {
	try {
		const page = await readWebPage(input.url, { preferFallback: input.useFirecrawl, signal })
		const warnings: string[] = []
		if (page.source === 'fallback') warnings.push(SCRAPE_URL_MESSAGES.fallback)
		let text = page.text
		if (text.length > SCRAPED_TEXT_MAX_CHARS) {
			text = text.slice(0, SCRAPED_TEXT_MAX_CHARS)
			warnings.push(SCRAPE_URL_MESSAGES.truncated)
		}
		return { text, warning: warnings.length ? warnings.join('. ') : null }
	} catch (error) {
		if (error instanceof WebFetchError) throw scrapeFailure(error)
		throw error
	}
}

// A site that fails or is unreachable is the URL's problem, not ours: a 4xx with the spec's message,
// so a 5xx from this route always means our own fault.
const REFUSALS: Record<WebFetchFailure, [status: number, message: string]> = {
	invalid_url: [400, SCRAPE_URL_MESSAGES.invalidUrl],
	blocked_port: [400, SCRAPE_URL_MESSAGES.refusedUrl],
	blocked_address: [400, SCRAPE_URL_MESSAGES.refusedUrl],
	dns_failed: [422, SCRAPE_URL_MESSAGES.failed],
	too_many_redirects: [422, SCRAPE_URL_MESSAGES.failed],
	robots_disallowed: [403, SCRAPE_URL_MESSAGES.forbidden],
	robots_unreachable: [422, SCRAPE_URL_MESSAGES.failed],
	rate_limited: [429, SCRAPE_URL_MESSAGES.rateLimited],
	forbidden: [403, SCRAPE_URL_MESSAGES.forbidden],
	not_found: [422, SCRAPE_URL_MESSAGES.noContent],
	no_content: [422, SCRAPE_URL_MESSAGES.noContent],
	http_error: [422, SCRAPE_URL_MESSAGES.failed],
	too_large: [422, SCRAPE_URL_MESSAGES.failed],
	timeout: [422, SCRAPE_URL_MESSAGES.failed],
	unsupported_content: [422, SCRAPE_URL_MESSAGES.failed],
	network: [422, SCRAPE_URL_MESSAGES.failed],
	fallback_failed: [422, SCRAPE_URL_MESSAGES.failed],
}

/** The error code is the fetcher's own (`forbidden`, `blocked_address`…), so a client can tell the cases apart. */
function scrapeFailure(error: WebFetchError) {
	const [status, message] = REFUSALS[error.code]
	return new ScrapeUrlError(status, error.code, message)
}
