import type { LinkedInActionError } from '#app/schemas/linkedin-action.ts'

// The one place LinkedIn's private API (Voyager) is called from, on the server and in the
// companion's service worker alike (decision 031): only `fetch`, no node: imports. Every answer
// that is not a success becomes a LinkedInRequestError whose code is what the executor reports.

/** LinkedIn's GraphQL query ids rotate with its releases: configuration, not code. */
export const DEFAULT_LINKEDIN_QUERY_IDS = {
	/** messengerConversations, answered as `messengerConversationsByRecipients`. */
	conversations: 'messengerConversations.9501074288a12f3ae9e3c7ea243bccbf',
	/** messengerMessages, answered as `messengerMessagesBySyncToken`. */
	messages: 'messengerMessages.5846eeb71c981f11e0134cb6626cc314',
}
export type LinkedInQueryIds = typeof DEFAULT_LINKEDIN_QUERY_IDS

export const LINKEDIN_REQUEST_TIMEOUT_MS = 20_000

export class LinkedInRequestError extends Error {
	override name = 'LinkedInRequestError'
	constructor(
		readonly code: LinkedInActionError,
		message: string,
		/** LinkedIn's HTTP status, when it answered. */
		readonly status?: number,
		/** The start of LinkedIn's answer, for the callers that read its error codes. */
		readonly body = '',
	) {
		super(message)
	}
}

/** The Cookie header a server-side client sends: `li_at=…; JSESSIONID="ajax:…"` (quoted, as LinkedIn sets it). */
export function linkedInCookieHeader({ liAt, jsessionId }: { liAt: string; jsessionId: string }) {
	return `li_at=${liAt}; JSESSIONID="${unquote(jsessionId)}"`
}

/** The csrf-token header is the JSESSIONID cookie's value without its quotes. */
export function linkedInCsrfToken(jsessionId: string) {
	return unquote(jsessionId)
}

function unquote(value: string) {
	return value.trim().replace(/^"|"$/g, '')
}

/** Rest.li 2.0 encodes the values inside `(key:value,…)` but not the structure around them. */
export function restliEncode(value: string) {
	return encodeURIComponent(value).replace(
		/[()!'*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	)
}

export type LinkedInRequestOptions = {
	baseUrl: string
	csrfToken: string
	/** Server side: the whole Cookie header. In the extension the browser attaches the cookies. */
	cookie?: string
	fetch?: typeof fetch
	credentials?: RequestCredentials
	timeoutMs?: number
}

export type LinkedInRequest = {
	method?: 'GET' | 'POST'
	body?: unknown
	accept?: 'normalized' | 'json' | 'graphql'
	/** What a 404 means for this request (a profile: PROFILE_NOT_FOUND); UNKNOWN otherwise. */
	notFound?: LinkedInActionError
}

const ACCEPT = {
	normalized: 'application/vnd.linkedin.normalized+json+2.1',
	json: 'application/json',
	graphql: 'application/graphql',
}

/** Login and checkpoint (captcha, verification) pages: the session cannot act until a person signs in. */
const SIGN_IN_PATH = /\/(uas\/login|login|checkpoint)(\/|\?|$)/

export function createLinkedInRequester(options: LinkedInRequestOptions) {
	const base = `${options.baseUrl.replace(/\/+$/, '')}/voyager/api`
	const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
	const timeoutMs = options.timeoutMs ?? LINKEDIN_REQUEST_TIMEOUT_MS

	return async function request<T>(path: string, req: LinkedInRequest = {}): Promise<T> {
		const method = req.method ?? 'GET'
		const headers: Record<string, string> = {
			accept: ACCEPT[req.accept ?? 'normalized'],
			'csrf-token': options.csrfToken,
			'x-restli-protocol-version': '2.0.0',
			'x-li-lang': 'en_US',
		}
		if (options.cookie) headers.cookie = options.cookie
		if (req.body !== undefined) headers['content-type'] = 'application/json; charset=UTF-8'

		let response: Response
		try {
			response = await fetchImpl(`${base}${path}`, {
				method,
				headers,
				body: req.body === undefined ? undefined : JSON.stringify(req.body),
				// A redirect is LinkedIn sending the session to a login or checkpoint page: never follow it.
				redirect: 'manual',
				credentials: options.credentials,
				signal: AbortSignal.timeout(timeoutMs),
			})
		} catch (error) {
			const timedOut =
				error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
			throw new LinkedInRequestError(
				'NETWORK',
				timedOut
					? `LinkedIn did not answer within ${Math.round(timeoutMs / 1000)} s`
					: `LinkedIn could not be reached: ${error instanceof Error ? error.message : String(error)}`,
			)
		}

		const failure = await classifyResponse(response, req.notFound)
		if (failure) throw failure
		let text: string
		try {
			text = await response.text()
		} catch {
			throw new LinkedInRequestError('NETWORK', 'LinkedIn stopped answering mid-response', response.status)
		}
		if (!text) return {} as T
		try {
			return JSON.parse(text) as T
		} catch {
			// A sign-in page served with 200 instead of a redirect (seen behind some proxies).
			if (/<html/i.test(text) && /login|checkpoint|authwall/i.test(text)) {
				throw new LinkedInRequestError('CHECKPOINT', 'LinkedIn answered with a sign-in page', response.status)
			}
			throw new LinkedInRequestError(
				'UNKNOWN',
				'LinkedIn answered something that is not JSON',
				response.status,
			)
		}
	}
}

async function classifyResponse(response: Response, notFound: LinkedInActionError | undefined) {
	const { status } = response
	// In a browser `redirect: 'manual'` gives an opaque redirect (status 0, no Location).
	if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
		const location = response.headers.get('location')
		return new LinkedInRequestError(
			'CHECKPOINT',
			`LinkedIn redirected the session${location ? ` to ${pathOf(location)}` : ''}: sign in to LinkedIn again`,
			status || undefined,
		)
	}
	// Some fetch implementations follow redirects whatever they are told.
	if (response.redirected && SIGN_IN_PATH.test(pathOf(response.url))) {
		return new LinkedInRequestError(
			'CHECKPOINT',
			`LinkedIn sent the session to ${pathOf(response.url)}`,
			status,
		)
	}
	if (response.ok) return null

	const body = (await readText(response)).slice(0, 2_000)
	const said = body && !/^\s*</.test(body) ? `: ${body.slice(0, 300)}` : ''
	if (status === 401) {
		return new LinkedInRequestError('SESSION_EXPIRED', 'The LinkedIn session expired (401)', status, body)
	}
	if (status === 429 || status === 999) {
		return new LinkedInRequestError(
			'RATE_LIMITED',
			`LinkedIn is limiting this account (${status})`,
			status,
			body,
		)
	}
	if (status === 404 && notFound) {
		return new LinkedInRequestError(notFound, 'LinkedIn has no such profile (404)', status, body)
	}
	if (status >= 500) {
		return new LinkedInRequestError('NETWORK', `LinkedIn failed (${status})${said}`, status, body)
	}
	return new LinkedInRequestError('UNKNOWN', `LinkedIn refused the request (${status})${said}`, status, body)
}

async function readText(response: Response) {
	try {
		return await response.text()
	} catch {
		return ''
	}
}

function pathOf(url: string) {
	try {
		return new URL(url, 'https://www.linkedin.com').pathname
	} catch {
		return url
	}
}
