import {
	URL_MAX_LENGTH,
	crunchbaseUrlError,
	linkedinCompanyUrlError,
	parseHttpsUrl,
} from '#app/schemas/company.ts'
import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'
import { cleanImportedText } from './clean-imported-text.ts'

// Links in imported rows are normalized or dropped: a spreadsheet's "acme.com" is a website, but a
// link that cannot be made a valid https company link is left out rather than reported (the user
// can still add it in the review table).

/** Query parameters that only track a click; they make the same site look like many. */
const TRACKING_PARAM =
	/^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|igshid|mc_cid|mc_eid|_hsenc|_hsmi|hsctatracking|mkt_tok|trk|trkinfo|ref|ref_src|source|si|_ga|_gl|s_kwcid|vero_id|oly_anon_id|oly_enc_id)$/i

/** The first link of a cell ("acme.com; acme.de", "acme.com (main)"): a cell is one company's. */
function readLink(value: unknown) {
	const text = cleanImportedText(value, { max: URL_MAX_LENGTH * 2 })
	const first = text?.split(/[\s;|]+|,(?=\s)/)[0]?.replace(/[,.]+$/, '')
	return first || null
}

/** Parses a link typed without a scheme or with http: as https. Other schemes: null. */
function parseAsHttps(text: string): URL | null {
	let candidate = text
	if (candidate.startsWith('//')) candidate = `https:${candidate}`
	else if (!/^[a-z][a-z0-9+.-]*:/i.test(candidate)) candidate = `https://${candidate}`
	else if (/^http:\/\//i.test(candidate)) candidate = `https://${candidate.slice(7)}`
	else if (!/^https:\/\//i.test(candidate)) return null
	// "acme.com:8080"-style text parses as scheme "acme.com:"; the checks above already made it https.
	const url = parseHttpsUrl(candidate)
	if (!url) return null
	const host = url.hostname
	// A real registrable name: letters in the last label (or punycode), no bare IP addresses.
	if (!/^[a-z0-9.-]+$/.test(host) || !/\.(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/.test(host)) return null
	return url
}

function withoutTrackingParams(url: URL) {
	for (const key of [...url.searchParams.keys()]) {
		if (TRACKING_PARAM.test(key)) url.searchParams.delete(key)
	}
	url.hash = ''
}

function formatUrl(url: URL) {
	const path = url.pathname.replace(/\/+$/, '')
	const search = url.searchParams.size ? `?${url.searchParams.toString()}` : ''
	return `https://${url.host}${path}${search}`
}

function accept(result: string, check: (value: string) => boolean) {
	return result.length <= URL_MAX_LENGTH && check(result) ? result : null
}

/** "acme.com", "www.acme.com/", "http://acme.com?utm_source=x" → "https://acme.com"; unusable → null. */
export function normalizeWebsiteUrl(value: unknown): string | null {
	const text = readLink(value)
	const url = text ? parseAsHttps(text) : null
	if (!url) return null
	url.hostname = url.hostname.replace(/^www\./, '')
	withoutTrackingParams(url)
	return accept(formatUrl(url), (result) => parseHttpsUrl(result) !== null)
}

/** Any LinkedIn company page link → "https://www.linkedin.com/company/<slug>"; profiles and other pages → null. */
export function normalizeLinkedinCompanyUrl(value: unknown): string | null {
	const text = readLink(value)
	const url = text ? parseAsHttps(text) : null
	if (!url) return null
	const canonical = canonicalLinkedinUrl(url.href)
	const match = canonical?.match(/^https:\/\/www\.linkedin\.com\/company\/([^/?#]+)/)
	if (!match?.[1]) return null
	const result = `https://www.linkedin.com/company/${encodeURIComponent(match[1] ?? '')}`
	return accept(result, (candidate) => linkedinCompanyUrlError(candidate) === null)
}

/** A Crunchbase organization link (also the old /company/ form) → "https://www.crunchbase.com/organization/<slug>". */
export function normalizeCrunchbaseUrl(value: unknown): string | null {
	const text = readLink(value)
	const url = text ? parseAsHttps(text) : null
	if (!url || !/^(www\.)?crunchbase\.com$/.test(url.hostname)) return null
	const match = url.pathname.match(/^\/(?:organization|company)\/([^/]+)/i)
	if (!match) return null
	const result = `https://www.crunchbase.com/organization/${(match[1] ?? '').toLowerCase()}`
	return accept(result, (candidate) => crunchbaseUrlError(candidate) === null)
}

/** A logo must already be an https link (its query may be a signature, so it is kept as is). */
export function normalizeLogoUrl(value: unknown): string | null {
	const text = readLink(value)
	if (!text || !/^https:\/\//i.test(text)) return null
	const url = parseAsHttps(text)
	if (!url) return null
	url.hash = ''
	return accept(url.href, (result) => parseHttpsUrl(result) !== null)
}
