import { safeLinkUrl } from '#app/utils/editor-json/safe-html.ts'

// The rule of an edited link in the email editor: an empty URL removes the link, only https
// links are allowed (emails with http or script links get flagged and are unsafe to click).

export const LINK_MESSAGES = {
	httpsOnly: 'Only secure links are allowed: the URL must start with https://',
	invalid: 'Please enter a valid URL, for example https://example.com',
} as const

export type LinkUrlCheck =
	{ action: 'remove' } | { action: 'apply'; url: string } | { action: 'reject'; message: string }

const SCHEME = /^[a-z][a-z0-9+.-]*:/i
// A bare host such as "example.com/page": a dot, no spaces, no scheme.
const BARE_HOST = /^[^\s/:@]+\.[^\s/:@]{2,}(?:[/?#]\S*)?$/

/** What saving `input` as a link's URL does. A bare host name is taken as https. */
export function checkLinkUrl(input: string): LinkUrlCheck {
	const text = input.trim()
	if (!text) return { action: 'remove' }
	if (SCHEME.test(text)) {
		if (!/^https:/i.test(text)) return { action: 'reject', message: LINK_MESSAGES.httpsOnly }
		const url = safeLinkUrl(text)
		return url ? { action: 'apply', url } : { action: 'reject', message: LINK_MESSAGES.invalid }
	}
	if (text.startsWith('//') || !BARE_HOST.test(text))
		return { action: 'reject', message: LINK_MESSAGES.invalid }
	const url = safeLinkUrl(`https://${text}`)
	return url ? { action: 'apply', url } : { action: 'reject', message: LINK_MESSAGES.invalid }
}

/** For Lexical's link extension: links it creates (toggle, paste) must be https. */
export function isAllowedLinkUrl(url: string) {
	return safeLinkUrl(url) !== null
}
