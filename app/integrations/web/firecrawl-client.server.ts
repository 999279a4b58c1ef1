import { request } from 'undici'
import { WebFetchError } from './web-fetch-error.ts'

/**
 * A Firecrawl-compatible scraping API (`POST {baseUrl}/v1/scrape`, Bearer key, formats
 * ["markdown"]): the fallback for pages we cannot read ourselves (JavaScript-only pages, bot walls).
 * The base URL is the operator's setting, not a user's, so it is called directly, not through the
 * guarded agent (a self-hosted Firecrawl may well live on a private address).
 */

export type FirecrawlSettings = { apiKey: string; baseUrl: string }

export type FirecrawlPage = {
	markdown: string
	title?: string
	description?: string
	/** The status the scraped site answered Firecrawl with. */
	statusCode?: number
	sourceUrl?: string
}

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024

type ScrapeResponse = {
	success?: boolean
	error?: string
	data?: {
		markdown?: string
		metadata?: {
			title?: string
			description?: string
			statusCode?: number
			sourceURL?: string
			error?: string
		}
	}
}

export async function scrapeWithFirecrawl(
	url: string,
	settings: FirecrawlSettings,
	{ signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<FirecrawlPage> {
	let response: Awaited<ReturnType<typeof request>>
	try {
		response = await request(new URL('/v1/scrape', settings.baseUrl), {
			method: 'POST',
			signal,
			headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ url, formats: ['markdown'], onlyMainContent: true, timeout: timeoutMs }),
		})
	} catch (error) {
		if (signal.aborted) throw error
		throw new WebFetchError('fallback_failed', 'The fallback scraper could not be reached', { cause: error })
	}
	const body = await readJson(response.body, signal)
	if (response.statusCode === 429) {
		// Our quota at the fallback, not the site's answer: a plain failure, not the site's rate limit.
		throw new WebFetchError('fallback_failed', 'The fallback scraper is rate limited', { status: 429 })
	}
	if (response.statusCode >= 400 || !body?.success || !body.data) {
		const reason = body?.error ? `: ${body.error.slice(0, 200)}` : ''
		throw new WebFetchError(
			'fallback_failed',
			`The fallback scraper answered ${response.statusCode}${reason}`,
			{
				status: response.statusCode,
			},
		)
	}
	const metadata = body.data.metadata ?? {}
	const statusCode = metadata.statusCode
	if (statusCode === 429) throw new WebFetchError('rate_limited', `${url} answered 429`, { status: 429 })
	if (statusCode === 401 || statusCode === 403) {
		throw new WebFetchError('forbidden', `${url} answered ${statusCode}`, { status: statusCode })
	}
	if (statusCode === 404 || statusCode === 410) {
		throw new WebFetchError('not_found', `${url} answered ${statusCode}`, { status: statusCode })
	}
	return {
		markdown: body.data.markdown ?? '',
		title: metadata.title,
		description: metadata.description,
		statusCode,
		sourceUrl: metadata.sourceURL,
	}
}

async function readJson(body: AsyncIterable<Buffer> & { destroy(): void }, signal: AbortSignal) {
	const chunks: Buffer[] = []
	let size = 0
	try {
		for await (const chunk of body) {
			size += chunk.length
			if (size > MAX_RESPONSE_BYTES) {
				body.destroy()
				throw new WebFetchError('fallback_failed', 'The fallback scraper answered too much')
			}
			chunks.push(chunk)
		}
		return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ScrapeResponse
	} catch (error) {
		if (signal.aborted) throw error
		if (error instanceof WebFetchError) throw error
		return null
	}
}
