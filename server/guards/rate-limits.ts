import type express from 'express'
import ipaddr from 'ipaddr.js'
import { apiTokenSigner } from '#app/models/api-token/authenticate-api-token.server.ts'
import { findActiveSession } from '#app/models/session/session.server.ts'
import { BUDGETS, type BudgetName } from '#app/utils/rate-limit-budgets.ts'
import {
	hashedKey,
	type RateLimiter,
	rateLimiter,
	type Refusal,
	type Spend,
} from '#app/utils/rate-limit.server.ts'
import { readSessionId } from '#app/utils/session.server.ts'

// Rate limits (issue 12, decision 018), spent before Remix reads a body. Every /api/… and
// /resources/… request spends its session's and its organization's API budgets; the routes below
// spend more. A client that ran out gets 429 with Retry-After: the API's `{ error, message }`, or
// for a page (a form post, a sign-in) the /rate-limited page, which says the same to a person.

type RouteLimit = {
	/** `POST /api/v1/x`, `GET,POST /x`, or a path alone for every method; `:name` matches one segment. */
	route: string
	/** A budget spent per IP or per organization (BUDGETS says which). */
	budget: BudgetName
}

/** The limited routes, one line each: a route added later (imports, scraping, search) adds its line. */
export const ROUTE_LIMITS: RouteLimit[] = [
	// Sign-in and sign-up (the per-email budget is spent where the email is known: signInIdentity).
	{ route: 'POST /auth/dev', budget: 'signInPerIp' },
	{ route: 'POST /login', budget: 'signInPerIp' },
	{ route: '/auth/google', budget: 'signInPerIp' },
	{ route: '/auth/google/callback', budget: 'signInPerIp' },
	{ route: 'POST /api/v1/auth/login', budget: 'signInPerIp' },
	// Expensive work.
	{ route: 'POST /api/v1/sequence-generations', budget: 'generationPerOrganization' },
	{ route: 'POST /sequences/generations/new', budget: 'generationPerOrganization' },
	{ route: 'POST /contacts/:contactId/sequences/generate', budget: 'generationPerOrganization' },
	{ route: 'POST /api/sequences/background', budget: 'generationPerOrganization' },
	{ route: 'POST /api/sequences/modify', budget: 'generationPerOrganization' },
	{ route: 'POST /resources/documents/parse', budget: 'documentParsingPerOrganization' },
	{ route: '/resources/contacts/export', budget: 'contactExportPerOrganization' },
	{ route: 'POST /api/v1/scrape-url', budget: 'scrapingPerOrganization' },
	// Imports (issue 13): each starts a job that may fetch 500 websites.
	{ route: 'POST /api/v1/companies/import/csv', budget: 'importPerOrganization' },
	{ route: 'POST /api/v1/companies/import/text', budget: 'importPerOrganization' },
	{ route: 'POST /imports', budget: 'importPerOrganization' },
	// The lead scraper (issue 14): each source starts a job (a link fetches a page); a save writes up to 10,000 contacts.
	{ route: 'POST /api/v1/lead-scraper/import/file', budget: 'importPerOrganization' },
	{ route: 'POST /api/v1/lead-scraper/import/text', budget: 'importPerOrganization' },
	{ route: 'POST /api/v1/lead-scraper/import/link', budget: 'importPerOrganization' },
	{ route: 'POST /api/v1/lead-scraper/analyze-csv', budget: 'importPerOrganization' },
	{ route: 'POST /api/v1/contacts/save', budget: 'importPerOrganization' },
	// The review page's save (and its inline tag creation), the same work as POST /api/v1/contacts/save.
	// The pattern covers the Lead scraper's start (/lead-scraper/new) and Cancel Import
	// (/lead-scraper/progress) too: each request spends every limit it matches, so they have no line.
	{ route: 'POST /lead-scraper/:queueId', budget: 'importPerOrganization' },
	// Reading a company CSV (issue 13): up to 1 MB parsed and normalized in the request.
	{ route: 'POST /api/v1/companies/parse', budget: 'importPerOrganization' },
	{ route: 'POST /api/v1/companies/enrich', budget: 'scrapingPerOrganization' },
	// The company import's model calls: extracting companies from text, filtering by instructions.
	{ route: 'POST /api/v1/companies/parse/document', budget: 'documentParsingPerOrganization' },
	{ route: 'POST /api/v1/filter', budget: 'generationPerOrganization' },
	// A member's LinkedIn account (issue 18): settings, the companion's profile, disconnect.
	{ route: 'PUT /api/v1/linkedin/settings', budget: 'linkedinAccountPerOrganization' },
	{ route: 'POST /api/v1/linkedin/profile', budget: 'linkedinAccountPerOrganization' },
	{ route: 'POST /settings/linkedin', budget: 'linkedinAccountPerOrganization' },
	// Logging calls (issue 18): a write each; a person logs a few an hour, a script thousands.
	{ route: 'POST /calls', budget: 'callOutcomePerOrganization' },
	{ route: 'POST /api/v1/calls/:stepId/outcome', budget: 'callOutcomePerOrganization' },
	// Contact search (issue 15): each start runs LinkedIn, the provider and the model for every company.
	{ route: 'POST /api/v2/leads/contacts/search', budget: 'searchPerOrganization' },
	{ route: 'POST /api/v2/leads/contacts/search/bulk', budget: 'searchPerOrganization' },
	{ route: 'POST /api/v1/lead-scraper/import/company', budget: 'searchPerOrganization' },
	// Its pages: find leads at one company, at several; Import Leads from the results (a save).
	{ route: 'POST /companies/:companyId/find-leads', budget: 'searchPerOrganization' },
	{ route: 'POST /contact-search/bulk', budget: 'searchPerOrganization' },
	{ route: 'POST /contact-search/:queueId', budget: 'importPerOrganization' },
]

/** Load balancers poll it; it must answer even when a client is limited. */
const UNLIMITED_PATHS = new Set(['/resources/healthcheck'])

type CompiledLimit = {
	methods: string[] | null
	pattern: RegExp
	budget: BudgetName
	per: 'ip' | 'organization'
}

function compile({ route, budget }: RouteLimit): CompiledLimit {
	const [methods, path] = route.includes(' ') ? route.split(/\s+/, 2) : [null, route]
	const source = path!
		.split('/')
		.map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
		.join('/')
	const per = BUDGETS[budget].per
	if (per !== 'ip' && per !== 'organization') throw new Error(`${budget} is not spent per route`)
	return { methods: methods?.split(',') ?? null, pattern: new RegExp(`^${source}/?$`), budget, per }
}

function isApiPath(path: string) {
	return path.startsWith('/api/') || path.startsWith('/resources/')
}

/** A single-fetch request for a page's data (`/auth/dev.data`) is limited as the page itself. */
function pagePath(path: string) {
	return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path
}

/** IPv6 clients are counted per /64, the smallest block a home or a server is given. */
export function clientKey(address: string | undefined) {
	if (!address || !ipaddr.isValid(address)) return 'ip:unknown'
	const parsed = ipaddr.process(address)
	if (parsed.kind() === 'ipv4') return `ip:${parsed.toString()}`
	const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16))
	return `ip:${prefix.join(':')}::/64`
}

type Signer = { sessionKey: string; organizationId: string | null }

const SESSION_CACHE_MS = 30_000
const SESSION_CACHE_SIZE = 10_000

/**
 * Who sends a request, from its session cookie: the session's key and its organization. Sessions
 * are looked up at most every 30 s each; a forged or unknown cookie counts as no session.
 */
function sessionResolver() {
	const cache = new Map<string, { signer: Signer | null; until: number }>()
	return async function resolve(cookie: string | undefined): Promise<Signer | null> {
		if (!cookie?.includes('__session=')) return null
		const sessionId = await readSessionId(new Request('http://localhost/', { headers: { cookie } }))
		if (!sessionId) return null
		const cached = cache.get(sessionId)
		if (cached && cached.until > Date.now()) return cached.signer
		// A database that does not answer leaves the request keyed by its IP (the route will answer).
		const session = await findActiveSession(sessionId).catch(() => undefined)
		if (session === undefined) return null
		const organizationId = session?.user.memberships[0]?.organizationId ?? null
		const signer = session ? { sessionKey: hashedKey('session', sessionId), organizationId } : null
		if (cache.size >= SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value!)
		cache.set(sessionId, { signer, until: Date.now() + SESSION_CACHE_MS })
		return signer
	}
}

/**
 * Who sends an API request with a personal access token (decision 041): the token's key and its
 * organization, cached like sessions. A revoked token may spend for up to 30 s more; the route refuses it.
 */
function tokenResolver() {
	const cache = new Map<string, { signer: Signer | null; until: number }>()
	return async function resolve(authorization: string | undefined): Promise<Signer | null> {
		const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
		if (!token) return null
		// Keyed by a hash: the process keeps no token in clear.
		const key = hashedKey('token', token)
		const cached = cache.get(key)
		if (cached && cached.until > Date.now()) return cached.signer
		const found = await apiTokenSigner(token).catch(() => undefined)
		if (found === undefined) return null
		const signer = found
			? { sessionKey: hashedKey('token', found.tokenHash), organizationId: found.organizationId }
			: null
		if (cache.size >= SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value!)
		cache.set(key, { signer, until: Date.now() + SESSION_CACHE_MS })
		return signer
	}
}

export function rateLimits({
	limiter,
	routeLimits = ROUTE_LIMITS,
}: { limiter?: RateLimiter; routeLimits?: RouteLimit[] } = {}): express.RequestHandler {
	// The process's limiter is made on the first request: at start the database (and DATABASE_URL)
	// may still be on its way (server/run.ts starts both side by side).
	const limiterOf = () => limiter ?? rateLimiter()
	const compiled = routeLimits.map(compile)
	const resolveSession = sessionResolver()
	const resolveToken = tokenResolver()

	return async (request, response, next) => {
		try {
			const path = pagePath(request.path)
			const api = isApiPath(path)
			if (UNLIMITED_PATHS.has(path)) return next()
			const matches = compiled.filter(
				(limit) => limit.pattern.test(path) && (!limit.methods || limit.methods.includes(request.method)),
			)
			if (!api && matches.length === 0) return next()

			const ip = clientKey(request.ip)
			const needsSession = api || matches.some((limit) => limit.per === 'organization')
			// The API takes a bearer token in place of the cookie (requireApiActor does the same).
			const bearer = path.startsWith('/api/') && request.headers.authorization !== undefined
			const signer = !needsSession
				? null
				: bearer
					? await resolveToken(request.headers.authorization)
					: await resolveSession(request.headers.cookie)
			const organization = signer?.organizationId ? `org:${signer.organizationId}` : null

			const spends: Spend[] = []
			if (api) {
				spends.push({ budget: 'apiPerSession', key: signer?.sessionKey ?? ip })
				if (organization) spends.push({ budget: 'apiPerOrganization', key: organization })
			}
			for (const limit of matches) {
				if (limit.per === 'ip') spends.push({ budget: limit.budget, key: ip })
				// Without an organization the route answers 401 or sends to sign-in; nothing to spend.
				else if (organization) spends.push({ budget: limit.budget, key: organization })
			}
			const refusal = await limiterOf().spend(spends)
			if (!refusal) return next()
			refuse(request, response, next, refusal, api)
		} catch (error) {
			// Limits fail over, never fail the request (decision 018).
			console.warn(`rate limits not checked: ${String(error)}`)
			next()
		}
	}
}

function refuse(
	request: express.Request,
	response: express.Response,
	next: express.NextFunction,
	refusal: Refusal,
	api: boolean,
) {
	response.set('Retry-After', String(refusal.retryAfterSeconds))
	if (api) {
		response.status(429).json({ error: 'rate_limited', message: refusal.message })
		return
	}
	// A page: Remix serves the /rate-limited route instead (a 429 with the message, in the app's
	// layout and its error boundary), as a document or as single-fetch data, whichever was asked.
	const query = new URLSearchParams({ budget: refusal.budget, retryAfter: String(refusal.retryAfterSeconds) })
	const target = `/rate-limited${request.path.endsWith('.data') ? '.data' : ''}?${query}`
	request.url = target
	request.originalUrl = target
	next()
}
