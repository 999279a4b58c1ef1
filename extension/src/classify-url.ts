// The lead scraper's LinkedIn post source takes a post's URL; anything else is said to be so.

export type UrlClassification = 'POST' | 'OTHERS' | 'INVALID_URL'

/**
 * POST for a LinkedIn post (/posts/… or /feed/update/…), OTHERS for any other page, INVALID_URL
 * for what is no URL. `baseHost` is the configured LinkedIn base's host, which counts as LinkedIn
 * too (the fake LinkedIn in tests).
 */
export function classifyLinkedInUrl(value: unknown, baseHost?: string): UrlClassification {
	if (typeof value !== 'string' || !value.trim()) return 'INVALID_URL'
	let url: URL
	try {
		url = new URL(value.trim())
	} catch {
		return 'INVALID_URL'
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'INVALID_URL'
	const linkedin =
		url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com') || url.host === baseHost
	if (linkedin && /^\/(posts|feed\/update)\/[^/]+/.test(url.pathname)) return 'POST'
	return 'OTHERS'
}
