// Issue 12: text no database or parser should ever see. PostgreSQL refuses NUL in text (22021,
// 22P05) and lone UTF-16 surrogates are not text at all; both used to reach the database as 500s.

// A NUL, or a surrogate half without its partner.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const HOSTILE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isHostileText(text: string) {
	return HOSTILE.test(text)
}

/** Whether any string (or key) anywhere in a parsed JSON value is hostile. */
export function hasHostileJson(value: unknown): boolean {
	if (typeof value === 'string') return isHostileText(value)
	if (Array.isArray(value)) return value.some(hasHostileJson)
	if (value && typeof value === 'object')
		return Object.entries(value).some(([key, item]) => isHostileText(key) || hasHostileJson(item))
	return false
}

/** The path and query of a URL, decoded: a `%00` or an encoded lone surrogate is hostile. */
export function hasHostileUrl(pathAndQuery: string) {
	const [pathname = '', query = ''] = splitOnce(pathAndQuery, '?')
	const segments = pathname.split('/').map(safeDecode)
	if (segments.some((segment) => segment === null || isHostileText(segment))) return true
	for (const [key, value] of new URLSearchParams(query)) {
		if (isHostileText(key) || isHostileText(value)) return true
	}
	// URLSearchParams decodes a bad escape to U+FFFD; a raw %00 decodes to NUL and is caught above.
	return false
}

function splitOnce(text: string, separator: string): [string, string] {
	const index = text.indexOf(separator)
	return index === -1 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)]
}

function safeDecode(segment: string) {
	try {
		return decodeURIComponent(segment)
	} catch {
		return null // a malformed escape (an encoded lone surrogate, say)
	}
}
