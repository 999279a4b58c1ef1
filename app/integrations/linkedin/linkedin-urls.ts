// Reading LinkedIn addresses: a person's /in/{username}, a post's activity. Isomorphic.

/** The spec's link classes for the lead scraper. */
export type LinkedInUrlClassification = 'POST' | 'PEOPLE' | 'NETWORK' | 'INVALID_URL' | 'OTHERS'

export const LINKEDIN_PROFILE_BASE_URL = 'https://www.linkedin.com'

function parse(url: string) {
	try {
		return new URL(url.trim())
	} catch {
		return null
	}
}

function isLinkedInHost(host: string, extraHost?: string) {
	return host === 'linkedin.com' || host.endsWith('.linkedin.com') || (!!extraHost && host === extraHost)
}

/** `https://www.linkedin.com/in/jane-doe-42/` → `jane-doe-42` (decoded); null for anything else. */
export function linkedInUsernameFromUrl(url: string | null | undefined) {
	const parsed = url ? parse(url) : null
	const match = parsed?.pathname.match(/^\/in\/([^/]+)\/?/)
	return match?.[1] ? safeDecode(match[1]) : null
}

function safeDecode(value: string) {
	try {
		return decodeURIComponent(value)
	} catch {
		return value
	}
}

export function linkedInProfileUrl(username: string, base = LINKEDIN_PROFILE_BASE_URL) {
	return `${base.replace(/\/+$/, '')}/in/${encodeURIComponent(username)}`
}

/**
 * The post's thread urn from its address: `/posts/{author}_{slug}-activity-{id}-{x}`,
 * `/feed/update/urn:li:activity:{id}/` (or `share:` / `ugcPost:`). Null when it is not a post.
 */
export function linkedInPostUrn(url: string) {
	const parsed = parse(url)
	if (!parsed) return null
	const path = safeDecode(parsed.pathname)
	const update = path.match(/^\/feed\/update\/(urn:li:(?:activity|share|ugcPost):\d+)/)
	if (update?.[1]) return update[1]
	const post = path.match(/^\/posts\/[^/]*?-(activity|share|ugcPost)-(\d+)/)
	if (post?.[1] && post[2]) return `urn:li:${post[1]}:${post[2]}`
	return null
}

/** POST, PEOPLE (a profile), NETWORK (a list of people), OTHERS, or INVALID_URL. `extraHost`: a fake's. */
export function classifyLinkedInUrl(url: string, extraHost?: string): LinkedInUrlClassification {
	const parsed = parse(url)
	if (!parsed || !/^https?:$/.test(parsed.protocol)) return 'INVALID_URL'
	if (!isLinkedInHost(parsed.hostname, extraHost)) return 'OTHERS'
	if (/^\/(posts|feed\/update)\//.test(parsed.pathname)) return linkedInPostUrn(url) ? 'POST' : 'OTHERS'
	if (/^\/in\/[^/]+/.test(parsed.pathname)) return 'PEOPLE'
	if (/^\/(mynetwork|search\/results\/people)(\/|$)/.test(parsed.pathname)) return 'NETWORK'
	return 'OTHERS'
}
