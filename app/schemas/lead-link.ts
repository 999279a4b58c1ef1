import { LEAD_IMPORT_MESSAGES, type LinkClassification } from '#app/schemas/lead-import.ts'

// The link a lead import starts from: an http(s) URL ("Invalid URL. Please enter a valid URL."),
// and for a LinkedIn post one on linkedin.com whose path starts /posts/ or /feed/update/.

export type CheckedLeadLink =
	{ ok: true; url: string; classification: LinkClassification } | { ok: false; code: string; message: string }

function parseHttpUrl(text: string): URL | null {
	const value = text.trim()
	if (!value || /\s/.test(value)) return null
	try {
		const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)
		if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
		if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname) && url.hostname !== 'localhost') return null
		return url
	} catch {
		return null
	}
}

/** Spec: the professional network's domain, path starting /posts/ or /feed/update/. */
export function isLinkedInPostUrl(text: string) {
	const url = parseHttpUrl(text)
	if (!url) return false
	const host = url.hostname.toLowerCase()
	const onLinkedIn = host === 'linkedin.com' || host.endsWith('.linkedin.com')
	return onLinkedIn && /^\/(posts|feed\/update)\//i.test(url.pathname)
}

export function checkLeadLink(text: string, type: 'LINK' | 'LINKEDIN_POST'): CheckedLeadLink {
	if (!text.trim()) return { ok: false, code: 'no_link', message: LEAD_IMPORT_MESSAGES.noLinkProvided }
	const url = parseHttpUrl(text)
	if (!url) return { ok: false, code: 'invalid_url', message: LEAD_IMPORT_MESSAGES.invalidUrl }
	if (type === 'LINKEDIN_POST' && !isLinkedInPostUrl(url.href))
		return { ok: false, code: 'not_a_linkedin_post', message: LEAD_IMPORT_MESSAGES.notLinkedInPost }
	return { ok: true, url: url.href, classification: isLinkedInPostUrl(url.href) ? 'POST' : 'OTHERS' }
}
