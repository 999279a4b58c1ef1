import { extractCompanyFacts } from '#app/integrations/web/company-facts.ts'
import { type HtmlDocument, parseHtmlDocument, textOf } from '#app/integrations/web/page-text.ts'

/**
 * What LinkedIn's public (signed-out) company page shows: og:title/description, a JSON-LD
 * Organization, the "About" list (Website, Industry, Company size, Headquarters) and the
 * "n followers" line. Pure: the page's HTML in, facts out; nothing when it is a sign-in wall.
 */

export type LinkedInCompanyFacts = {
	name?: string
	description?: string
	tagline?: string
	website?: string
	industry?: string
	/** "51-200", "10,001+" as LinkedIn groups them. */
	employeeCountRange?: string
	employeeCount?: number
	followers?: number
	headquarters?: string
	address?: { firstLine?: string; city?: string; region?: string; postalCode?: string; country?: string }
	logoUrl?: string
}

const COMPANY_PATH = /^\/(company|school|showcase)\/([^/?#]+)/i

/** The company's slug from a LinkedIn company URL, lower case; null when it is not one. */
export function linkedinCompanySlug(url: string): string | null {
	try {
		const parsed = new URL(url.trim())
		const host = parsed.hostname.toLowerCase()
		if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null
		const match = COMPANY_PATH.exec(parsed.pathname)
		return match ? decodeURIComponent(match[2]!).toLowerCase() : null
	} catch {
		return null
	}
}

/** The canonical public URL users see and store: https://www.linkedin.com/company/<slug>/ */
export function canonicalLinkedinCompanyUrl(url: string): string | null {
	const slug = linkedinCompanySlug(url)
	return slug ? `https://www.linkedin.com/company/${encodeURIComponent(slug)}/` : null
}

/** Where to read that page: the same path on the configured base (LinkedIn itself, or a fake in tests). */
export function linkedinPageUrl(url: string, baseUrl: string): string | null {
	const slug = linkedinCompanySlug(url)
	return slug ? new URL(`/company/${encodeURIComponent(slug)}/`, baseUrl).href : null
}

/** A page that asks to sign in instead of showing the company (LinkedIn's "authwall"). */
export function isLinkedInWall(finalUrl: string, html: string) {
	let path = ''
	try {
		path = new URL(finalUrl).pathname
	} catch {
		// a relative or broken URL says nothing
	}
	if (/^\/(authwall|login|checkpoint|uas\/login|signup)/i.test(path)) return true
	return /<title>[^<]*(sign in|sign up|log in)[^<]*\|\s*linkedin/i.test(html) && !/followers/i.test(html)
}

export function parseLinkedInCompanyPage(html: string, pageUrl: string): LinkedInCompanyFacts {
	const document = parseHtmlDocument(html)
	const jsonLd = extractCompanyFacts(document, pageUrl)
	const about = aboutList(document)
	const text = textOf(document.body ?? document.documentElement)
	const og = ogDescription(meta(document, 'og:description') ?? meta(document, 'description'))
	const facts: LinkedInCompanyFacts = {}

	facts.name =
		jsonLd.name ??
		textIn(document, 'h1.top-card-layout__title') ??
		cleanName(meta(document, 'og:title') ?? document.title)
	facts.tagline = og.tagline ?? textIn(document, '.top-card-layout__second-subline, [data-test-id="tagline"]')
	facts.description =
		textIn(document, '[data-test-id="about-us__description"], .core-section-container__content p') ??
		og.description ??
		jsonLd.description
	facts.website = externalWebsite(about.get('website'), document) ?? externalWebsite(jsonLd.sameAs[0])
	facts.industry = about.get('industry') ?? about.get('industries') ?? jsonLd.industry
	const size =
		about.get('company size') ??
		/Company size\s*:?\s*([\d,]+\s*(?:-|–|to)\s*[\d,]+|[\d,]+\+)/i.exec(text)?.[1]
	facts.employeeCountRange = employeeRange(size) ?? jsonLd.employeeRange
	facts.employeeCount = jsonLd.employeeCount
	facts.followers = og.followers ?? followerCount(text)
	facts.headquarters = about.get('headquarters') ?? about.get('headquarter')
	facts.address = jsonLd.address
	facts.logoUrl = jsonLd.logoUrl ?? (meta(document, 'og:image') || undefined)
	return dropEmpty(facts)
}

/** The About list: <dt>Label</dt><dd>value</dd>, label in lower case. */
function aboutList(document: HtmlDocument) {
	const about = new Map<string, string>()
	for (const term of Array.from(document.querySelectorAll('dt'))) {
		const label = clean(term.textContent)?.toLowerCase().replace(/:$/, '')
		let next = term.nextElementSibling
		while (next && next.tagName !== 'DD' && next.tagName !== 'DT') next = next.nextElementSibling
		const value = next?.tagName === 'DD' ? clean(next.textContent) : undefined
		if (label && value && !about.has(label)) about.set(label, value)
	}
	return about
}

/** "Acme | 12,345 followers on LinkedIn. Rockets for all | Acme builds rockets…" */
function ogDescription(value: string | undefined) {
	if (!value) return {}
	const match = /^(.*?)\|\s*([\d.,]+\s*[KkMm]?)\s+followers on LinkedIn\.?\s*(.*)$/s.exec(value)
	if (!match) return { description: value }
	const rest = match[3]!.trim()
	const bar = rest.indexOf(' | ')
	const tagline = bar > 0 ? rest.slice(0, bar).trim() : undefined
	const description = (bar > 0 ? rest.slice(bar + 3) : rest).trim() || undefined
	return { followers: parseCount(match[2]!), tagline, description }
}

export function followerCount(text: string): number | undefined {
	const match = /([\d][\d.,]*\s*[KkMm]?)\s+followers\b/.exec(text)
	return match ? parseCount(match[1]!) : undefined
}

/** "12,345" → 12345, "1.2K" → 1200, "3M" → 3000000. */
export function parseCount(value: string): number | undefined {
	const match = /^([\d.,]+)\s*([KkMm]?)$/.exec(value.trim())
	if (!match) return undefined
	const unit = match[2]!.toLowerCase()
	const number = unit ? Number(match[1]!.replace(/,/g, '')) : Number(match[1]!.replace(/[.,]/g, ''))
	if (!Number.isFinite(number)) return undefined
	return Math.round(number * (unit === 'k' ? 1_000 : unit === 'm' ? 1_000_000 : 1))
}

/** "51-200 employees" → "51-200"; "10,001+ employees" → "10001+". */
export function employeeRange(value: string | undefined): string | undefined {
	if (!value) return undefined
	const range = /([\d,]+)\s*(?:-|–|to)\s*([\d,]+)/.exec(value)
	if (range) return `${range[1]!.replace(/,/g, '')}-${range[2]!.replace(/,/g, '')}`
	const open = /([\d,]+)\s*\+/.exec(value)
	return open ? `${open[1]!.replace(/,/g, '')}+` : undefined
}

/** A company website: not LinkedIn itself; LinkedIn's redirect links carry the target in `url`. */
function externalWebsite(value: string | undefined, document?: HtmlDocument): string | undefined {
	const candidates: string[] = []
	if (document) {
		const anchor = document.querySelector(
			'a[data-tracking-control-name="about_website"], [data-test-id="about-us__website"] a[href], dd a[href]',
		)
		const href = anchor?.getAttribute('href')
		if (href) candidates.push(href)
	}
	if (value) candidates.push(value)
	for (const candidate of candidates) {
		const url = websiteFrom(candidate)
		if (url) return url
	}
	return undefined
}

function websiteFrom(value: string): string | undefined {
	let text = value.trim()
	if (!/^https?:\/\//i.test(text)) {
		if (!/^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(text)) return undefined
		text = `https://${text}`
	}
	try {
		let url = new URL(text)
		const host = url.hostname.toLowerCase()
		if (host === 'linkedin.com' || host.endsWith('.linkedin.com')) {
			const target = url.searchParams.get('url')
			if (!target) return undefined
			url = new URL(target)
			if (/(^|\.)linkedin\.com$/i.test(url.hostname)) return undefined
		}
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
	} catch {
		return undefined
	}
}

function cleanName(title: string | undefined | null) {
	const name = clean(title)
		?.replace(/\s*\|\s*LinkedIn\s*$/i, '')
		.replace(/\s*[-|–]\s*LinkedIn\s*$/i, '')
		.trim()
	return name && !/^(linkedin|sign in|sign up|log in)/i.test(name) ? name : undefined
}

function meta(document: HtmlDocument, key: string) {
	return clean(
		document.querySelector(`meta[property="${key}" i]`)?.getAttribute('content') ??
			document.querySelector(`meta[name="${key}" i]`)?.getAttribute('content'),
	)
}

function textIn(document: HtmlDocument, selector: string) {
	return clean(document.querySelector(selector)?.textContent)
}

function clean(value: string | null | undefined) {
	const text = (value ?? '').replace(/\s+/g, ' ').trim()
	return text ? text.slice(0, 2000) : undefined
}

function dropEmpty<T extends object>(value: T): T {
	return Object.fromEntries(
		Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== ''),
	) as T
}
