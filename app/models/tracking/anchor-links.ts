import { isWebUrl } from '#app/utils/web-url.ts'

/**
 * The links of an email's HTML as a browser reads them. Shared by the rewrite at send time and
 * the check at click time (a tracked link must be one of the links of the email that was sent).
 */

// An <a> start tag; quoted attribute values may contain '>'.
export const ANCHOR_TAG = /<a\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi
export const HREF_ATTRIBUTE = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i

/** An href attribute's value as the URL a click opens: references decoded, blanks trimmed. */
export function hrefUrl(raw: string) {
	// Browsers strip surrounding whitespace from URLs; so do we, to send them where a click would.
	return decodeHtmlEntities(raw).trim()
}

/**
 * Every http(s) URL an <a> of this HTML links to. A superset of what was tracked (links whose
 * text is a URL, and our own links, were left as written): the token proves which one was.
 */
export function anchorUrls(html: string) {
	const urls = new Set<string>()
	for (const [tag] of html.matchAll(ANCHOR_TAG)) {
		const match = HREF_ATTRIBUTE.exec(tag)
		if (!match) continue
		const url = hrefUrl(match[2] ?? match[3] ?? match[4] ?? '')
		if (isWebUrl(url)) urls.add(url)
	}
	return urls
}

const NAMED_ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
}

/** Attribute values as a browser reads them: the character references editors emit. */
export function decodeHtmlEntities(value: string) {
	return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
		if (name[0] === '#') {
			const codePoint =
				name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
			return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference
		}
		return NAMED_ENTITIES[name.toLowerCase()] ?? reference
	})
}
