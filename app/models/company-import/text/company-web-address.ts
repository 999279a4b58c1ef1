// Websites, domains and LinkedIn company links as they appear in free text: found, normalized to
// the form we save (https origin, canonical LinkedIn company URL) and turned into a name guess.

/** Top-level domains a bare "acme.io" may end in; with a scheme any TLD counts. Keeps "e.g." and "report.pdf" out. */
const BARE_TLDS = new Set(
	(
		'com net org io ai co app dev tech xyz so sh me tv gg ly to cc fm vc ventures capital health bio ' +
		'finance money cloud inc llc studio agency design digital solutions software systems energy earth ' +
		'de uk fr es it nl se dk no fi ch at be eu us ca au nz in jp sg hk il ie pt pl cz br mx ar za ' +
		'kr cn tw id my ph vn ae lu ee lv lt is gr ro hu bg hr si sk rs ua tr'
	).split(' '),
)

/** Hosts that are platforms, not the company a line is about. */
const PLATFORM_HOSTS = new Set([
	'linkedin.com',
	'lnkd.in',
	'twitter.com',
	'x.com',
	't.co',
	'facebook.com',
	'fb.com',
	'instagram.com',
	'youtube.com',
	'youtu.be',
	'bit.ly',
	'goo.gl',
	'tinyurl.com',
	'medium.com',
	'substack.com',
	'crunchbase.com',
	'wikipedia.org',
	'google.com',
	'docs.google.com',
	'forms.gle',
	'calendly.com',
	'eventbrite.com',
	'meetup.com',
])

/** Mail providers: an address there says nothing about a company. */
export const FREE_MAIL_HOSTS = new Set([
	'gmail.com',
	'googlemail.com',
	'yahoo.com',
	'hotmail.com',
	'outlook.com',
	'live.com',
	'icloud.com',
	'me.com',
	'aol.com',
	'proton.me',
	'protonmail.com',
	'gmx.de',
	'gmx.net',
	'web.de',
	'mail.com',
	'yandex.ru',
	'example.com',
])

// A URL with a scheme, or a bare host name; the path is kept so LinkedIn slugs can be read.
const ADDRESS_RE =
	/(?<![@\w.-])(https?:\/\/)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?::\d{2,5})?(\/[^\s<>()[\]"'`,;]*)?/gi
// Starts only where a token starts: a long run of letters must not be re-scanned from every position.
const EMAIL_RE =
	/(?<![a-z0-9._%+-])[a-z0-9._%+-]{1,64}@((?:[a-z0-9-]{1,63}\.){1,8}[a-z]{2,24})(?![a-z0-9-])/gi

export type WebAddress = {
	/** The text as found, to cut it out of the line. */
	raw: string
	index: number
	/** Lower-case host without "www.". */
	host: string
	path: string
	hasScheme: boolean
}

/** Every URL or bare domain in a line (emails left out), in order. */
export function findWebAddresses(text: string): WebAddress[] {
	const found: WebAddress[] = []
	for (const match of text.matchAll(ADDRESS_RE)) {
		const hasScheme = Boolean(match[1])
		const host = match[2]!.toLowerCase().replace(/^www\./, '')
		const tld = host.slice(host.lastIndexOf('.') + 1)
		if (!hasScheme && !BARE_TLDS.has(tld)) continue
		// "Acme.Inc" or "U.S." style abbreviations are not hosts; a host has a label of 2+ letters before its TLD.
		if (!/[a-z0-9-]{2,}\.[a-z]{2,24}$/.test(host)) continue
		found.push({ raw: match[0], index: match.index, host, path: match[3] ?? '', hasScheme })
	}
	return found
}

/** Hosts of the email addresses in a text; reserved names (example.com, *.test) left out. */
export function findEmailHosts(text: string): string[] {
	return [...text.matchAll(EMAIL_RE)]
		.map((match) => match[1]!.toLowerCase().replace(/^www\./, ''))
		.filter((host) => !/\.(example|test|invalid|localhost|local|internal)$/.test(host))
}

export function removeEmails(text: string) {
	return text.replace(EMAIL_RE, ' ')
}

export function isPlatformHost(host: string) {
	if (PLATFORM_HOSTS.has(host)) return true
	const parent = host.split('.').slice(-2).join('.')
	return PLATFORM_HOSTS.has(parent)
}

/** The website we save for a host: its https origin (a path on it is a page, not the company). */
export function websiteFromHost(host: string) {
	return `https://${host.replace(/^www\./, '')}`
}

/** The host of a website value however it was typed ("Acme.com/", "http://www.acme.com/about"). */
export function hostOfWebsite(value: string | null | undefined): string | null {
	const text = value?.trim()
	if (!text) return null
	try {
		const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`)
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
		const host = url.hostname.toLowerCase().replace(/^www\./, '')
		return host.includes('.') ? host : null
	} catch {
		return null
	}
}

/** "acme-robotics.io" → "Acme Robotics"; "app.globex.com" → "Globex". */
export function nameFromHost(host: string) {
	const labels = host.split('.')
	const secondLevel = labels.length >= 3 && /^(co|com|org|net|ac)$/.test(labels.at(-2)!) ? -3 : -2
	const label = labels.at(secondLevel) ?? labels[0]!
	return titleCase(label.replace(/[-_]+/g, ' '))
}

const LINKEDIN_COMPANY_RE = /linkedin\.com\/(company|school|showcase)\/([^/\s?#)\]]+)/i

/** The canonical LinkedIn company URL and its slug, or null for any other LinkedIn page. */
export function linkedinCompany(address: WebAddress | string): { url: string; slug: string } | null {
	const text = typeof address === 'string' ? address : `${address.host}${address.path}`
	const match = LINKEDIN_COMPANY_RE.exec(text)
	if (!match) return null
	let slug = match[2]!
	try {
		slug = decodeURIComponent(slug)
	} catch {
		// keep the raw slug
	}
	slug = slug.toLowerCase()
	return { url: `https://www.linkedin.com/${match[1]!.toLowerCase()}/${slug}`, slug }
}

/** "acme-robotics-gmbh" → "Acme Robotics GmbH"; a trailing numeric id ("acme-12345") is dropped. */
export function nameFromLinkedinSlug(slug: string) {
	const words = slug.split(/[-_]+/).filter(Boolean)
	while (words.length > 1 && /^\d+$/.test(words.at(-1)!)) words.pop()
	return titleCase(words.join(' '))
}

const LEGAL_FORMS: Record<string, string> = {
	gmbh: 'GmbH',
	ag: 'AG',
	inc: 'Inc',
	llc: 'LLC',
	ltd: 'Ltd',
	sa: 'SA',
	sas: 'SAS',
	bv: 'BV',
	ab: 'AB',
	ai: 'AI',
	hq: 'HQ',
	io: 'IO',
}

function titleCase(text: string) {
	return text
		.split(/\s+/)
		.filter(Boolean)
		.map((word) => LEGAL_FORMS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}
