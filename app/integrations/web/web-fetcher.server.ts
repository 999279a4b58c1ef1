import { pipeline, type Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici'
import { appUrl, getEnv, type Env } from '#app/utils/env.server.ts'
import { decodeBody, sniffKind, type ContentKind, kindOfMimeType, mimeTypeOf } from './content-type.ts'
import { createGuardedConnector, type Resolver, systemResolver } from './guarded-connector.server.ts'
import { createRobotsPolicy, type RobotsAnswer, type RobotsPolicy } from './robots-policy.server.ts'
import { type AllowList, checkTargetUrl, parseAllowList } from './url-policy.ts'
import { WebFetchError, type WebFetchFailure } from './web-fetch-error.ts'

/**
 * The one way the server fetches a URL a user gave us (decision 024): scraping, enrichment and
 * every later scraper go through here. Addresses are checked at connect time, redirects are
 * followed by hand and re-checked, robots.txt is honoured, and the body and the time are capped.
 */

export const PRODUCT_TOKEN = 'ReachoutBot'
export const MAX_BODY_BYTES = 5 * 1024 * 1024
export const MAX_REDIRECTS = 5
export const DEFAULT_TIMEOUT_MS = 15_000
/** RFC 9309 asks crawlers to read at least 500 KiB of a robots.txt; the rest is ignored. */
const MAX_ROBOTS_BYTES = 500 * 1024
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const ORIGIN_FAILURES = new Set<WebFetchFailure>(['blocked_address', 'blocked_port', 'dns_failed'])
const ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.1'

export type FetchedPage = {
	/** Where the content came from, after redirects. */
	url: string
	status: number
	/** The response's media type, lower case without parameters ('' when the site sent none). */
	mimeType: string
	kind: ContentKind
	body: string
	/** Every URL requested, the first one included. */
	visited: string[]
}

export type FetchOptions = {
	/** Cancels the fetch (a cancelled job); the error is the signal's reason, not a WebFetchError. */
	signal?: AbortSignal
	/** The whole fetch, robots.txt and redirects included. */
	timeoutMs?: number
}

/** A link's answer as a click would get it (decision 051): its status after redirects, and where it landed. */
export type LinkProbe = { url: string; status: number; visited: string[]; method: 'HEAD' | 'GET' }

export type PostRequest = { body: string; headers: Record<string, string> }
/** The receiver's status and the start of its answer (at most MAX_POST_ANSWER_BYTES, for a log). */
export type PostAnswer = { status: number; body: string }
const MAX_POST_ANSWER_BYTES = 4 * 1024

export type WebFetcherSettings = {
	allowList: AllowList
	userAgent: string
	timeoutMs: number
	maxBodyBytes: number
	maxRedirects: number
	respectRobots: boolean
	resolve: Resolver
}

export type WebFetcher = {
	fetchPage(url: string | URL, options?: FetchOptions): Promise<FetchedPage>
	/** Every check fetchPage makes before it requests the page (URL, robots.txt, the origin's address). */
	assertFetchable(url: string | URL, options?: FetchOptions): Promise<void>
	/**
	 * POSTs a body to a user's URL (webhook deliveries, decision 042): the same URL rules and
	 * connect-time address check; no robots.txt (the URL's owner asked for it) and no redirect followed
	 * (a 3xx is the answer). Any status resolves; only a refusal or a network failure throws.
	 */
	post(url: string | URL, request: PostRequest, options?: FetchOptions): Promise<PostAnswer>
	/**
	 * Checks that a link in an email answers (the pre-flight check, decision 051): HEAD, then GET
	 * when the site refuses HEAD; redirects followed and checked as fetchPage does; no body read and
	 * no robots.txt (a recipient's click does not ask it either). Any status resolves.
	 */
	probe(url: string | URL, options?: FetchOptions): Promise<LinkProbe>
	readonly settings: WebFetcherSettings
	close(): Promise<void>
}

export function createWebFetcher(overrides: Partial<WebFetcherSettings> = {}): WebFetcher {
	const settings: WebFetcherSettings = {
		allowList: new Set(),
		userAgent: `${PRODUCT_TOKEN}/1.0 (+${appUrl()}/bot)`,
		timeoutMs: DEFAULT_TIMEOUT_MS,
		maxBodyBytes: MAX_BODY_BYTES,
		maxRedirects: MAX_REDIRECTS,
		respectRobots: true,
		resolve: systemResolver,
		...overrides,
	}
	const agent = new Agent({
		connect: createGuardedConnector({
			allowList: settings.allowList,
			resolve: settings.resolve,
			connectTimeoutMs: Math.min(settings.timeoutMs, 10_000),
		}),
		keepAliveTimeout: 4_000,
		connections: 16,
	})

	const robots: RobotsPolicy = createRobotsPolicy({
		productToken: PRODUCT_TOKEN,
		fetchRobots: (robotsUrl, signal) => fetchRobots(robotsUrl, signal),
	})

	async function fetchRobots(robotsUrl: URL, signal: AbortSignal): Promise<RobotsAnswer> {
		try {
			const response = await follow(robotsUrl, signal, { robots: false })
			const bytes = await readBody(response, MAX_ROBOTS_BYTES, { truncate: true })
			return { status: response.statusCode, body: bytes.toString('utf8') }
		} catch (error) {
			if (signal.aborted) throw error
			// The origin itself refused or unknown: that is the answer for the page too (and is not cached).
			if (error instanceof WebFetchError && ORIGIN_FAILURES.has(error.code)) throw error
			return null
		}
	}

	/** Requests `start` and follows redirects by hand, checking every hop's URL, robots.txt and (at connect) address. */
	async function follow(
		start: URL,
		signal: AbortSignal,
		{ robots: checkRobots, method = 'GET' }: { robots: boolean; method?: 'GET' | 'HEAD' },
	) {
		let url = start
		const visited: string[] = []
		for (let hop = 0; ; hop++) {
			visited.push(url.href)
			if (checkRobots) await robots.assertAllowed(url, signal)
			const response = await send(url, signal, method)
			if (!REDIRECT_STATUSES.has(response.statusCode)) return Object.assign(response, { url, visited })
			discard(response.body)
			const location = headerValue(response.headers, 'location')
			if (!location) {
				throw new WebFetchError('http_error', `${url.href} redirected nowhere`, {
					status: response.statusCode,
				})
			}
			if (hop >= settings.maxRedirects) {
				throw new WebFetchError('too_many_redirects', `More than ${settings.maxRedirects} redirects`)
			}
			url = checkTargetUrl(resolveLocation(location, url), settings.allowList)
		}
	}

	async function send(url: URL, signal: AbortSignal, method: 'GET' | 'HEAD' = 'GET') {
		try {
			return await request(url, {
				dispatcher: agent,
				method,
				signal,
				headers: { 'user-agent': settings.userAgent, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br' },
				// The signal holds the overall deadline; these only stop a silent socket sooner.
				headersTimeout: settings.timeoutMs,
				bodyTimeout: settings.timeoutMs,
			})
		} catch (error) {
			throw toFetchError(error, signal)
		}
	}

	async function fetchPage(input: string | URL, options: FetchOptions = {}): Promise<FetchedPage> {
		const deadline = AbortSignal.timeout(options.timeoutMs ?? settings.timeoutMs)
		const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
		try {
			const start = checkTargetUrl(input, settings.allowList)
			const response = await follow(start, signal, { robots: settings.respectRobots })
			const { statusCode: status, url } = response
			const failure = statusFailure(status, url)
			if (failure) {
				discard(response.body)
				throw failure
			}
			const mimeType = mimeTypeOf(headerValue(response.headers, 'content-type'))
			const declaredKind = kindOfMimeType(mimeType)
			if (declaredKind === 'unsupported') {
				discard(response.body)
				throw new WebFetchError('unsupported_content', `${url.href} is ${mimeType}, not a web page or text`)
			}
			const declared = Number(headerValue(response.headers, 'content-length'))
			if (!headerValue(response.headers, 'content-encoding') && declared > settings.maxBodyBytes) {
				discard(response.body)
				throw tooLarge(settings.maxBodyBytes)
			}
			const bytes = await readBody(response, settings.maxBodyBytes)
			const kind = declaredKind === 'unknown' ? sniffKind(bytes) : declaredKind
			if (kind === 'unsupported') {
				throw new WebFetchError('unsupported_content', `${url.href} is not a web page or text`)
			}
			const contentType = headerValue(response.headers, 'content-type')
			return {
				url: url.href,
				status,
				mimeType,
				kind,
				body: decodeBody(bytes, contentType, kind),
				visited: response.visited,
			}
		} catch (error) {
			if (options.signal?.aborted) throw options.signal.reason
			throw toFetchError(error, signal)
		}
	}

	async function post(input: string | URL, body: PostRequest, options: FetchOptions = {}): Promise<PostAnswer> {
		const deadline = AbortSignal.timeout(options.timeoutMs ?? settings.timeoutMs)
		const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
		try {
			const url = checkTargetUrl(input, settings.allowList)
			const response = await request(url, {
				dispatcher: agent,
				method: 'POST',
				signal,
				body: body.body,
				headers: { 'user-agent': settings.userAgent, ...body.headers },
				headersTimeout: settings.timeoutMs,
				bodyTimeout: settings.timeoutMs,
			})
			const bytes = await readBody(response, MAX_POST_ANSWER_BYTES, { truncate: true })
			return { status: response.statusCode, body: bytes.toString('utf8') }
		} catch (error) {
			if (options.signal?.aborted) throw options.signal.reason
			throw toFetchError(error, signal)
		}
	}

	async function assertFetchable(input: string | URL, options: FetchOptions = {}) {
		const deadline = AbortSignal.timeout(options.timeoutMs ?? settings.timeoutMs)
		const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
		try {
			const url = checkTargetUrl(input, settings.allowList)
			// robots.txt is fetched from the origin through the guarded agent, so this checks its address too.
			if (settings.respectRobots) await robots.assertAllowed(url, signal)
		} catch (error) {
			if (options.signal?.aborted) throw options.signal.reason
			throw toFetchError(error, signal)
		}
	}

	async function probe(input: string | URL, options: FetchOptions = {}): Promise<LinkProbe> {
		const deadline = AbortSignal.timeout(options.timeoutMs ?? settings.timeoutMs)
		const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
		try {
			const start = checkTargetUrl(input, settings.allowList)
			let method: 'HEAD' | 'GET' = 'HEAD'
			let response = await follow(start, signal, { robots: false, method })
			discard(response.body)
			// Many sites answer HEAD with 405 or 501 (or 403/404 from a framework that only routes GET).
			if (response.statusCode >= 400 && response.statusCode !== 429) {
				method = 'GET'
				response = await follow(start, signal, { robots: false, method })
				discard(response.body)
			}
			return { url: response.url.href, status: response.statusCode, visited: response.visited, method }
		} catch (error) {
			if (options.signal?.aborted) throw options.signal.reason
			throw toFetchError(error, signal)
		}
	}

	return { fetchPage, assertFetchable, post, probe, settings, close: () => agent.close() }
}

/**
 * Reads at most `maxBytes` of the decoded body: beyond it, the download is aborted (too_large) or
 * cut (`truncate`). Decompressed here, so the cap counts what the page really weighs (no zip bombs).
 */
async function readBody(response: Dispatcher.ResponseData, maxBytes: number, { truncate = false } = {}) {
	const encoding = headerValue(response.headers, 'content-encoding')?.trim().toLowerCase()
	const decompressor =
		encoding === 'gzip' || encoding === 'x-gzip'
			? createGunzip()
			: encoding === 'br'
				? createBrotliDecompress()
				: encoding === 'deflate'
					? createInflate()
					: null
	const stream: Readable = decompressor ? pipeline(response.body, decompressor, () => {}) : response.body
	const chunks: Buffer[] = []
	let size = 0
	try {
		for await (const chunk of stream as AsyncIterable<Buffer>) {
			if (size + chunk.length > maxBytes) {
				if (!truncate) throw tooLarge(maxBytes)
				chunks.push(chunk.subarray(0, maxBytes - size))
				return Buffer.concat(chunks)
			}
			size += chunk.length
			chunks.push(chunk)
		}
	} finally {
		discard(response.body)
		stream.destroy()
	}
	return Buffer.concat(chunks)
}

/** Drops a body we will not read, without an unhandled 'error' from the aborted stream. */
function discard(body: Readable) {
	if (body.destroyed) return
	body.on('error', () => {})
	body.destroy()
}

function tooLarge(maxBytes: number) {
	return new WebFetchError('too_large', `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`)
}

function statusFailure(status: number, url: URL): WebFetchError | null {
	if (status >= 200 && status < 300 && status !== 204) return null
	const options = { status }
	if (status === 204) return new WebFetchError('no_content', `${url.href} answered 204`, options)
	if (status === 429) return new WebFetchError('rate_limited', `${url.origin} answered 429`, options)
	if (status === 401 || status === 403 || status === 451) {
		return new WebFetchError('forbidden', `${url.origin} answered ${status}`, options)
	}
	if (status === 404 || status === 410)
		return new WebFetchError('not_found', `${url.href} answered ${status}`, options)
	return new WebFetchError('http_error', `${url.origin} answered ${status}`, options)
}

function toFetchError(error: unknown, signal: AbortSignal): unknown {
	if (error instanceof WebFetchError) return error
	// The connector's refusal reaches us as the cause of undici's wrapper on some paths.
	if (error instanceof Error && error.cause instanceof WebFetchError) return error.cause
	if (signal.aborted)
		return new WebFetchError('timeout', 'The site took too long to answer', { cause: error })
	if (
		error instanceof undiciErrors.HeadersTimeoutError ||
		error instanceof undiciErrors.BodyTimeoutError ||
		error instanceof undiciErrors.ConnectTimeoutError
	) {
		return new WebFetchError('timeout', 'The site took too long to answer', { cause: error })
	}
	if (error instanceof undiciErrors.ResponseExceededMaxSizeError) return tooLarge(MAX_BODY_BYTES)
	const message = error instanceof Error ? error.message : String(error)
	return new WebFetchError('network', `The site could not be reached: ${message}`, { cause: error })
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string) {
	const value = headers[name]
	return Array.isArray(value) ? value[0] : value
}

function resolveLocation(location: string, base: URL) {
	try {
		return new URL(location, base)
	} catch {
		throw new WebFetchError('invalid_url', `Redirected to an invalid URL`)
	}
}

let shared: { env: Env; fetcher: WebFetcher } | undefined

/** The process's fetcher, configured from the environment (rebuilt when tests change it). */
export function webFetcher(): WebFetcher {
	const env = getEnv()
	if (shared?.env === env) return shared.fetcher
	void shared?.fetcher.close()
	const fetcher = createWebFetcher({
		allowList: parseAllowList(env.WEB_FETCH_ALLOW_HOSTS),
		timeoutMs: env.WEB_FETCH_TIMEOUT_MS,
	})
	shared = { env, fetcher }
	return fetcher
}
