import { type HtmlDocument } from './page-text.ts'

/**
 * What a company's own page says about it, from JSON-LD (`Organization` and its kin), OpenGraph
 * and meta tags, for enrichment to fill a company with. Every field is optional: pages say little.
 */
export type CompanyFacts = {
	name?: string
	legalName?: string
	description?: string
	/** The site's canonical URL (JSON-LD url, og:url, link rel=canonical). */
	url?: string
	/** JSON-LD logo; iconUrl and imageUrl are weaker stand-ins. */
	logoUrl?: string
	iconUrl?: string
	imageUrl?: string
	email?: string
	telephone?: string
	address?: CompanyAddress
	employeeCount?: number
	/** "11-50" when the page gives a range, not a number. */
	employeeRange?: string
	foundingDate?: string
	industry?: string
	keywords?: string[]
	/** Profiles elsewhere (JSON-LD sameAs and the page's own links), absolute http(s) URLs. */
	sameAs: string[]
	linkedinUrl?: string
	twitterUrl?: string
	facebookUrl?: string
	crunchbaseUrl?: string
	/** Where each fact came from, for whoever wants to weigh them. */
	sources: Array<'json-ld' | 'opengraph' | 'meta' | 'links'>
}

export type CompanyAddress = {
	firstLine?: string
	city?: string
	region?: string
	postalCode?: string
	country?: string
}

const ORGANIZATION_TYPES = new Set([
	'organization', 'corporation', 'localbusiness', 'onlinebusiness', 'onlinestore', 'ngo',
	'professionalservice', 'store', 'consortium', 'airline', 'researchorganization', 'fundingscheme',
]) // prettier-ignore
const MAX_TEXT = 2000
const MAX_LINKS = 20

type JsonObject = Record<string, unknown>

export function extractCompanyFacts(document: HtmlDocument, pageUrl: string): CompanyFacts {
	const facts: CompanyFacts = { sameAs: [], sources: [] }
	const organization = bestOrganization(jsonLdNodes(document), pageUrl)
	if (organization) applyJsonLd(facts, organization, pageUrl)
	applyMeta(facts, document, pageUrl)
	applyPageLinks(facts, document, pageUrl)
	facts.sameAs = unique(facts.sameAs).slice(0, MAX_LINKS)
	facts.linkedinUrl ??= facts.sameAs.find((link) => /linkedin\.com\/(company|school|showcase)\//i.test(link))
	facts.twitterUrl ??= facts.sameAs.find((link) => /\/\/(www\.)?(twitter|x)\.com\/[^/]+/i.test(link))
	facts.facebookUrl ??= facts.sameAs.find((link) => /facebook\.com\/[^/]+/i.test(link))
	facts.crunchbaseUrl ??= facts.sameAs.find((link) => /crunchbase\.com\/organization\//i.test(link))
	return facts
}

/** Every object in every JSON-LD script, @graph and nested values included (iteratively, depth-capped). */
function jsonLdNodes(document: HtmlDocument): JsonObject[] {
	const nodes: JsonObject[] = []
	for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json" i]'))) {
		const parsed = parseJsonLd(script.textContent ?? '')
		const stack: Array<{ value: unknown; depth: number }> = [{ value: parsed, depth: 0 }]
		while (stack.length && nodes.length < 500) {
			const { value, depth } = stack.pop()!
			if (depth > 8 || !value || typeof value !== 'object') continue
			if (Array.isArray(value)) {
				for (const item of value) stack.push({ value: item, depth: depth + 1 })
				continue
			}
			nodes.push(value as JsonObject)
			for (const child of Object.values(value)) stack.push({ value: child, depth: depth + 1 })
		}
	}
	return nodes
}

function parseJsonLd(text: string): unknown {
	const cleaned = text
		.replace(/^\s*<!--/, '')
		.replace(/-->\s*$/, '')
		.replace(/^\s*\/\/\s*<!\[CDATA\[/, '')
		.replace(/\/\/\s*\]\]>\s*$/, '')
	try {
		return JSON.parse(cleaned)
	} catch {
		return null
	}
}

function isOrganization(node: JsonObject) {
	const types = ([] as unknown[]).concat(node['@type'] ?? [])
	return types.some(
		(type) => typeof type === 'string' && ORGANIZATION_TYPES.has(type.replace(/^.*[/:]/, '').toLowerCase()),
	)
}

/** The organization the page is about: the one on the page's own host, else the one that says most. */
function bestOrganization(nodes: JsonObject[], pageUrl: string): JsonObject | undefined {
	const host = hostOf(pageUrl)
	let best: { node: JsonObject; score: number } | undefined
	for (const node of nodes.filter(isOrganization)) {
		let score = Object.keys(node).length
		const url = typeof node.url === 'string' ? hostOf(node.url) : undefined
		if (url && host && url.replace(/^www\./, '') === host.replace(/^www\./, '')) score += 100
		if (!best || score > best.score) best = { node, score }
	}
	return best?.node
}

function applyJsonLd(facts: CompanyFacts, org: JsonObject, pageUrl: string) {
	facts.sources.push('json-ld')
	facts.name = text(org.name)
	facts.legalName = text(org.legalName)
	facts.description = text(org.description)
	facts.url = link(first(org.url), pageUrl)
	facts.logoUrl = link(imageUrl(org.logo), pageUrl)
	facts.imageUrl = link(imageUrl(org.image), pageUrl)
	facts.email = text(first(org.email))?.replace(/^mailto:/i, '')
	facts.telephone = text(first(org.telephone))
	facts.foundingDate = text(org.foundingDate)
	facts.industry = text(first(org.industry)) ?? text(first(org.knowsAbout))
	facts.keywords = keywordList(org.keywords)
	facts.address = address(first(org.address) ?? addressOf(first(org.location)))
	Object.assign(facts, employees(first(org.numberOfEmployees)))
	for (const value of ([] as unknown[]).concat(org.sameAs ?? [])) {
		const href = link(value, pageUrl)
		if (href) facts.sameAs.push(href)
	}
}

function applyMeta(facts: CompanyFacts, document: HtmlDocument, pageUrl: string) {
	const meta = (key: string) =>
		text(
			document.querySelector(`meta[property="${key}" i]`)?.getAttribute('content') ??
				document.querySelector(`meta[name="${key}" i]`)?.getAttribute('content'),
		)
	const og = {
		siteName: meta('og:site_name'),
		description: meta('og:description'),
		url: link(meta('og:url'), pageUrl),
		image: link(meta('og:image') ?? meta('og:image:url'), pageUrl),
	}
	if (og.siteName || og.description || og.url || og.image) facts.sources.push('opengraph')
	const description = meta('description')
	const applicationName = meta('application-name')
	const keywords = meta('keywords')
	if (description || applicationName || keywords) facts.sources.push('meta')
	facts.name ??= og.siteName ?? applicationName
	facts.description ??= og.description ?? description
	facts.url ??=
		og.url ?? link(document.querySelector('link[rel="canonical" i]')?.getAttribute('href'), pageUrl)
	facts.imageUrl ??= og.image
	facts.keywords ??= keywordList(keywords)
	const icon =
		document.querySelector('link[rel="apple-touch-icon" i]') ??
		document.querySelector('link[rel="icon" i]') ??
		document.querySelector('link[rel="shortcut icon" i]')
	facts.iconUrl = link(icon?.getAttribute('href'), pageUrl)
	const twitter = meta('twitter:site')
	if (twitter && /^@\w{1,15}$/.test(twitter)) facts.twitterUrl ??= `https://x.com/${twitter.slice(1)}`
}

/** Profile links in the page itself (footers link LinkedIn far more often than JSON-LD does). */
function applyPageLinks(facts: CompanyFacts, document: HtmlDocument, pageUrl: string) {
	let found = false
	for (const anchor of Array.from(document.querySelectorAll('a[href]')).slice(0, 5000)) {
		const href = link(anchor.getAttribute('href'), pageUrl)
		if (!href) continue
		if (
			/linkedin\.com\/(company|school|showcase)\/[^/?#]+/i.test(href) ||
			/crunchbase\.com\/organization\//i.test(href)
		) {
			facts.sameAs.push(href.replace(/[?#].*$/, ''))
			found = true
		}
	}
	if (found) facts.sources.push('links')
}

function employees(value: unknown): Pick<CompanyFacts, 'employeeCount' | 'employeeRange'> {
	if (typeof value === 'number' && Number.isFinite(value)) return { employeeCount: Math.round(value) }
	if (typeof value === 'string') {
		const range = /^\s*(\d[\d,]*)\s*[-–]\s*(\d[\d,]*)\s*$/.exec(value)
		if (range) return { employeeRange: `${range[1]!.replace(/,/g, '')}-${range[2]!.replace(/,/g, '')}` }
		const count = Number(value.replace(/[,\s+]/g, ''))
		return Number.isFinite(count) && count > 0 ? { employeeCount: Math.round(count) } : {}
	}
	if (value && typeof value === 'object') {
		const quantity = value as JsonObject
		if (quantity.value !== undefined) return employees(quantity.value)
		const min = Number(quantity.minValue)
		const max = Number(quantity.maxValue)
		if (Number.isFinite(min) && Number.isFinite(max) && quantity.minValue !== undefined) {
			return { employeeRange: `${min}-${max}` }
		}
	}
	return {}
}

function address(value: unknown): CompanyAddress | undefined {
	if (typeof value === 'string') return text(value) ? { firstLine: text(value) } : undefined
	if (!value || typeof value !== 'object') return undefined
	const postal = value as JsonObject
	const country = first(postal.addressCountry)
	const result: CompanyAddress = {
		firstLine: text(postal.streetAddress),
		city: text(postal.addressLocality),
		region: text(postal.addressRegion),
		postalCode: text(postal.postalCode),
		country: text(country && typeof country === 'object' ? (country as JsonObject).name : country),
	}
	return Object.values(result).some(Boolean) ? dropUndefined(result) : undefined
}

function addressOf(place: unknown) {
	return place && typeof place === 'object' ? first((place as JsonObject).address) : undefined
}

function imageUrl(value: unknown): unknown {
	const image = first(value)
	if (image && typeof image === 'object') return (image as JsonObject).url ?? (image as JsonObject).contentUrl
	return image
}

function keywordList(value: unknown): string[] | undefined {
	const list = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
		.map((keyword) => text(keyword))
		.filter((keyword): keyword is string => Boolean(keyword))
	return list.length ? unique(list).slice(0, 30) : undefined
}

function first(value: unknown) {
	return Array.isArray(value) ? value[0] : value
}

function text(value: unknown): string | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined
	const cleaned = decodeEntities(String(value)).replace(/\s+/g, ' ').trim()
	return cleaned ? cleaned.slice(0, MAX_TEXT) : undefined
}

/** JSON-LD is JSON, not HTML, yet sites escape it as HTML all the same. */
function decodeEntities(value: string) {
	return value.replace(
		/&(amp|lt|gt|quot|#39|apos|#x27);/g,
		(entity) =>
			({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'", '&#x27;': "'" })[
				entity
			]!,
	)
}

function link(value: unknown, base: string): string | undefined {
	if (typeof value !== 'string' || !value.trim()) return undefined
	try {
		const url = new URL(value.trim(), base)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
	} catch {
		return undefined
	}
}

function hostOf(value: string) {
	try {
		return new URL(value).hostname.toLowerCase()
	} catch {
		return undefined
	}
}

function unique<T>(values: T[]) {
	return [...new Set(values)]
}

function dropUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T
}
