import { type LinkClassification } from './lead-import.ts'

// Spec "Link classification": what a pasted link is, before anything is fetched. POST — a LinkedIn
// post (read through the companion); NETWORK — a list of profiles on a social network (LinkedIn
// search, "My Network", a company's people tab, followers lists), which needs the user's session;
// PEOPLE — a page that lists people (team, about, speakers, staff, directory, in several
// languages) or a LinkedIn profile; OTHERS — any other page; INVALID_URL — not an http(s) address.

/** Path words of pages that list people, accents stripped and lower-cased. */
const PEOPLE_WORDS = new Set(
	(
		'team teams ourteam meettheteam theteam people ourpeople staff about aboutus whoweare leadership ' +
		'management founders board directors executives speakers speaker faculty experts advisors advisers ' +
		'members directory employees authors crew committee organizers organisers presenters panelists ' +
		'mentors judges trainers coaches attorneys lawyers doctors physicians ' +
		// German, French, Spanish, Italian, Portuguese, Dutch, Nordic, Polish
		'mitarbeiter mitarbeitende ueberuns uberuns unternehmen vorstand geschaeftsfuehrung geschaftsfuhrung ' +
		'ansprechpartner referenten sprecher redner equipe notreequipe quisommesnous apropos intervenants ' +
		'conferenciers orateurs direction equipo nuestroequipo nosotros quienessomos ponentes oradores ' +
		'conferenciantes chisiamo squadra relatori persone nossaequipe quemsomos palestrantes overons ' +
		'medewerkers sprekers onsteam omoss medarbetare ansatte talare zespol onas prelegenci'
	).split(/\s+/),
)

const LINKEDIN_NETWORK_PATHS = [
	/^\/search\/results\//,
	/^\/mynetwork(\/|$)/,
	/^\/(company|school|showcase)\/[^/]+\/people(\/|$)/,
	/^\/sales\/(search|lists)\//,
	/^\/talent\//,
	/^\/groups\/[^/]+\/members(\/|$)/,
	/^\/events\/[^/]+\/attendees(\/|$)/,
	/^\/in\/[^/]+\/(connections|followers)(\/|$)/,
]

/** Lists of profiles on other networks: followers, members, an organization's people. */
const OTHER_NETWORKS: Array<{ host: RegExp; path: RegExp }> = [
	{
		host: /(^|\.)(twitter|x)\.com$/,
		path: /^\/[^/]+\/(followers|following|verified_followers)|^\/i\/lists\/[^/]+\/members|^\/search/,
	},
	{ host: /(^|\.)facebook\.com$/, path: /^\/groups\/[^/]+\/members|\/friends(\/|$)|^\/search\/people/ },
	{ host: /(^|\.)instagram\.com$/, path: /^\/[^/]+\/(followers|following)/ },
	{ host: /(^|\.)github\.com$/, path: /^\/orgs\/[^/]+\/people|[?&]tab=(followers|following)|^\/search/ },
	{
		host: /(^|\.)xing\.com$/,
		path: /^\/search\/members|^\/pages\/[^/]+\/employees|^\/(companies|pages)\/[^/]+\/employees/,
	},
	{ host: /(^|\.)meetup\.com$/, path: /^\/[^/]+\/members/ },
	{ host: /(^|\.)(wellfound|angel)\.co(m)?$/, path: /^\/company\/[^/]+\/people/ },
	{ host: /(^|\.)crunchbase\.com$/, path: /^\/organization\/[^/]+\/people/ },
	{ host: /(^|\.)bsky\.app$/, path: /^\/profile\/[^/]+\/(followers|follows)/ },
]

/** The URL as the user meant it: a bare "acme.com/team" is https; anything else must be http(s) with a real host. */
export function parseLeadUrl(input: string): URL | null {
	const text = input?.trim()
	if (!text || text.length > 2_048 || /\s/.test(text)) return null
	const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(text)
	if (hasScheme && !/^https?:\/\//i.test(text)) return null
	let url: URL
	try {
		url = new URL(hasScheme ? text : `https://${text}`)
	} catch {
		return null
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
	const host = url.hostname
	// A host is a name with a dot and a top-level domain of letters, or an IP address.
	if (!/^(?:[a-z\d-]+\.)+[a-z][a-z\d-]+$|^\d{1,3}(\.\d{1,3}){3}$|^\[[\da-f:]+\]$/i.test(host)) return null
	return url
}

function isLinkedInHost(host: string) {
	return host === 'linkedin.com' || host.endsWith('.linkedin.com')
}

/** Spec: the professional network's domain and a path starting /posts/ or /feed/update/. */
export function isLinkedInPostUrl(input: string): boolean {
	const url = parseLeadUrl(input)
	if (!url || !isLinkedInHost(url.hostname.toLowerCase())) return false
	return /^\/(posts|feed\/update)\/./i.test(url.pathname)
}

function pathWords(pathname: string) {
	let path = pathname
	try {
		path = decodeURIComponent(pathname)
	} catch {
		// keep the raw path
	}
	const folded = path.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
	const segments = folded.split('/').filter(Boolean)
	const words = new Set<string>()
	for (const segment of segments) {
		const bare = segment.replace(/\.(html?|php|aspx?)$/, '')
		words.add(bare.replace(/[-_.\s]+/g, ''))
		for (const word of bare.split(/[-_.\s]+/)) if (word) words.add(word)
	}
	return words
}

export function classifyLeadLink(input: string): LinkClassification {
	const url = parseLeadUrl(input)
	if (!url) return 'INVALID_URL'
	const host = url.hostname.toLowerCase().replace(/^www\./, '')
	const path = url.pathname.toLowerCase()
	if (isLinkedInHost(host)) {
		if (/^\/(posts|feed\/update)\/./.test(path)) return 'POST'
		if (LINKEDIN_NETWORK_PATHS.some((pattern) => pattern.test(path))) return 'NETWORK'
		if (/^\/(in|pub)\/[^/]+/.test(path)) return 'PEOPLE'
		return 'OTHERS'
	}
	const pathAndQuery = `${path}${url.search.toLowerCase()}`
	if (OTHER_NETWORKS.some((network) => network.host.test(host) && network.path.test(pathAndQuery)))
		return 'NETWORK'
	for (const word of pathWords(url.pathname)) if (PEOPLE_WORDS.has(word)) return 'PEOPLE'
	return 'OTHERS'
}
