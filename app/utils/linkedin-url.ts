/**
 * A LinkedIn address reduced to what identifies the profile: host without "www." or a country
 * prefix, path without a trailing slash, no scheme, query or fragment, lower-cased.
 * "https://www.linkedin.com/in/Ada/?trk=x" → "linkedin.com/in/ada".
 */
export function linkedinKey(url: string, { decode = true }: { decode?: boolean } = {}): string | null {
	const text = url.trim()
	if (!text) return null
	try {
		const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
		const host = parsed.hostname.toLowerCase().replace(/^(www|[a-z]{2})\.(?=linkedin\.com$)/, '')
		let path = parsed.pathname
		try {
			if (decode) path = decodeURIComponent(path)
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

/**
 * The keys a saved address of this profile may have in the database's linkedin_key() (the same
 * rule in SQL, which cannot decode): the decoded key, and the percent-encoded one for addresses
 * saved before the contact schema stored them decoded.
 */
export function linkedinKeyForms(url: string): string[] {
	const keys = [linkedinKey(url), linkedinKey(url, { decode: false })?.toLowerCase() ?? null]
	return [...new Set(keys.filter((key): key is string => Boolean(key)))]
}

/**
 * What a table shows of a LinkedIn address: the profile's path ("in/ada-lovelace"), which is what
 * tells two people apart; "https://www.linkedin.com/…" cut to a column's width never does.
 */
export function linkedinProfileLabel(url: string): string {
	const key = linkedinKey(url)
	if (!key) return url
	return key.startsWith('linkedin.com/') ? key.slice('linkedin.com/'.length) : key
}
