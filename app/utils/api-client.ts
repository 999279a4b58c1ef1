// The browser's one client of our JSON API (/api/v1, /api/v2), for the few components that must
// call it directly (pickers that page as you scroll, bulk actions on a selection). Everything else
// saves through Remix forms and fetchers against route actions (decision 011).

/** A failed API call: the server's `{ error, message }`, or a network failure (status 0). */
export class ApiError extends Error {
	readonly status: number
	readonly code: string | null
	constructor(status: number, message: string, code: string | null = null) {
		super(message)
		this.name = 'ApiError'
		this.status = status
		this.code = code
	}
}

type ApiRequestInit = Omit<RequestInit, 'body'> & {
	/** Sent as JSON; FormData is sent as it is (multipart). */
	body?: unknown
	/** The message when the server gives none. */
	fallbackMessage?: string
}

function bodyOf(body: unknown): { body: BodyInit | undefined; headers: Record<string, string> } {
	if (body === undefined) return { body: undefined, headers: {} }
	if (body instanceof FormData) return { body, headers: {} }
	return { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
}

/** The message of an error body: `message`, else `error`, else null. */
function errorText(body: unknown) {
	if (!body || typeof body !== 'object') return { message: null, code: null }
	const { message, error } = body as { message?: unknown; error?: unknown }
	return {
		message:
			typeof message === 'string' && message ? message : typeof error === 'string' && error ? error : null,
		code: typeof error === 'string' ? error : null,
	}
}

/**
 * Calls the API and returns its JSON body; throws ApiError with the server's message on a 4xx/5xx or
 * a network failure. An aborted request rethrows its AbortError, so callers can ignore it.
 */
export async function apiRequest<T>(url: string, init: ApiRequestInit = {}): Promise<T> {
	const { body, fallbackMessage, headers, ...rest } = init
	const encoded = bodyOf(body)
	let response: Response
	try {
		response = await fetch(url, {
			...rest,
			body: encoded.body,
			headers: { Accept: 'application/json', ...encoded.headers, ...(headers as Record<string, string>) },
		})
	} catch (error) {
		if (isAbortError(error)) throw error
		throw new ApiError(0, fallbackMessage ?? 'Network error, please try again')
	}
	const parsed: unknown = await response.json().catch(() => null)
	if (!response.ok) {
		const { message, code } = errorText(parsed)
		throw new ApiError(
			response.status,
			message ?? fallbackMessage ?? `Request failed (${response.status})`,
			code,
		)
	}
	return parsed as T
}

export function isAbortError(error: unknown) {
	return error instanceof Error && error.name === 'AbortError'
}
