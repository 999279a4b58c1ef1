/**
 * A LinkedIn address reduced to what identifies the profile: host without "www." or a country
 * prefix, path without a trailing slash, no scheme, query or fragment, lower-cased.
 * "https://www.linkedin.com/in/Ada/?trk=x" → "linkedin.com/in/ada".
 */
export function linkedinKey(url: string): string | null {
	const text = url.trim()
	if (!text) return null
	try {
		const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
		const host = parsed.hostname.toLowerCase().replace(/^(www|[a-z]{2})\.(?=linkedin\.com$)/, '')
		let path = parsed.pathname
		try {
			path = decodeURIComponent(path)
		} catch {
			// keep the raw path
		}
		return `${host}${path.replace(/\/+$/, '')}`.toLowerCase()
	} catch {
		return null
	}
}

/**
 * The form a LinkedIn address is saved in: https://www.linkedin.com plus the lower-cased path
 * without a trailing slash, query or fragment, so the same profile is one value however it was
 * pasted (profile names are case-insensitive). Other hosts: null.
 */
export function canonicalLinkedinUrl(url: string): string | null {
	const key = linkedinKey(url)
	if (!key?.startsWith('linkedin.com/')) return null
	return `https://www.${key}`
}
