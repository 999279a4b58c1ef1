import { z } from 'zod'

// POST /api/v1/scrape-url: { url, useFirecrawl? } → { text, warning }, with the spec's
// "Scrape URL" messages (error catalogue) and its link rules (validation rules, "Link").

export const SCRAPE_URL_MAX_LENGTH = 2_048
/** The text handed back; the text import reads it next, and a page's first 100,000 characters say enough. */
export const SCRAPED_TEXT_MAX_CHARS = 100_000

export const SCRAPE_URL_MESSAGES = {
	noLink: 'No link provided',
	invalidUrl: 'Invalid URL. Please enter a valid URL.',
	/** A URL that parses but that we will not fetch (a private address, a refused port…). */
	refusedUrl: 'Invalid URL, please try again with a valid URL',
	rateLimited: 'Rate limit exceeded. Please try again later',
	forbidden: 'Access to this website is forbidden',
	noContent: 'No content found at the provided URL',
	failed: 'Failed to scrape content from URL',
	success: 'Successfully scraped content from URL',
	truncated: `The page is long: only its first ${SCRAPED_TEXT_MAX_CHARS.toLocaleString('en-US')} characters were kept`,
	fallback: 'The page could not be read directly; its text comes from the fallback scraper',
} as const

/** "acme.com" is what people paste; it means https://acme.com. */
function withScheme(value: string) {
	return /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`
}

function isWebUrl(value: string) {
	try {
		const url = new URL(value)
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
	} catch {
		return false
	}
}

export const ScrapeUrlSchema = z.object({
	url: z
		.string({ error: SCRAPE_URL_MESSAGES.noLink })
		.trim()
		.min(1, SCRAPE_URL_MESSAGES.noLink)
		.max(SCRAPE_URL_MAX_LENGTH, SCRAPE_URL_MESSAGES.invalidUrl)
		.transform(withScheme)
		.refine(isWebUrl, SCRAPE_URL_MESSAGES.invalidUrl),
	useFirecrawl: z.boolean({ error: 'useFirecrawl must be true or false' }).optional().default(false),
})

export type ScrapeUrlInput = z.infer<typeof ScrapeUrlSchema>
