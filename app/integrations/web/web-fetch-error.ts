/**
 * Every way fetching a user's URL can fail, as one error with a code. Callers map codes to what
 * their users read (the scrape route maps them to the spec's messages); the message here is for
 * logs and job failure reasons, and never holds anything the site did not already show.
 */
export type WebFetchFailure =
	/** Not an http(s) URL we can parse, or one with credentials in it. */
	| 'invalid_url'
	/** A port other than 80, 443, 8080 or 8443. */
	| 'blocked_port'
	/** The name or address is private, loopback, link-local, metadata… (checked at connect time). */
	| 'blocked_address'
	/** The name does not resolve. */
	| 'dns_failed'
	| 'too_many_redirects'
	/** robots.txt disallows our agent for this path. */
	| 'robots_disallowed'
	/** robots.txt answered 5xx or could not be read: RFC 9309 says assume complete disallow. */
	| 'robots_unreachable'
	/** The site answered 429. */
	| 'rate_limited'
	/** The site answered 401, 403 or 451. */
	| 'forbidden'
	/** The site answered 404 or 410. */
	| 'not_found'
	/** Any other non-2xx answer. */
	| 'http_error'
	| 'too_large'
	| 'timeout'
	/** Not HTML, text or JSON (an image, a PDF, a zip…). */
	| 'unsupported_content'
	/** The page has no readable text. */
	| 'no_content'
	/** Connection refused or reset, TLS failure… */
	| 'network'
	/** The Firecrawl-compatible fallback failed too. */
	| 'fallback_failed'

export class WebFetchError extends Error {
	readonly code: WebFetchFailure
	/** The site's HTTP status, when the failure is its answer. */
	readonly status?: number
	constructor(code: WebFetchFailure, message: string, options: { status?: number; cause?: unknown } = {}) {
		super(message, { cause: options.cause })
		this.name = 'WebFetchError'
		this.code = code
		this.status = options.status
	}
}

/** The failures a second try through the Firecrawl-compatible fallback may fix. */
export function isFallbackWorthy(error: WebFetchError) {
	// Never a refused address, port or robots.txt: the fallback must not become a way around them.
	// Never a 429 either: the site asked us to slow down, not to come back another way.
	return (
		error.code === 'no_content' ||
		error.code === 'timeout' ||
		error.code === 'network' ||
		error.code === 'http_error' ||
		// Most 403s on public pages are bot walls (a JavaScript challenge); the spec's client retries them.
		error.code === 'forbidden'
	)
}
