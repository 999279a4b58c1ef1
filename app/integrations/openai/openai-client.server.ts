import OpenAI, {
	APIConnectionError,
	APIConnectionTimeoutError,
	APIError,
	APIUserAbortError,
	AuthenticationError,
	PermissionDeniedError,
	RateLimitError,
} from 'openai'
import { zodResponseFormat } from 'openai/helpers/zod'
import { type ZodType } from 'zod'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * Structured completions from any OpenAI-compatible server. The SDK's own retries are off: we retry
 * here so that malformed output is retried like 429s and 5xx, and every failure ends in one
 * AssistantError whose message a job can store as the failure reason.
 */

const MAX_ATTEMPTS = 3
const BASE_BACKOFF_MS = 400
const MAX_BACKOFF_MS = 20_000

export type AssistantFailure =
	| 'timeout'
	| 'rate_limited'
	| 'server_error'
	| 'unreachable'
	| 'malformed'
	| 'refused'
	| 'unauthorized'
	| 'rejected'
	| 'not_configured'

const failureMessages: Record<AssistantFailure, string> = {
	timeout: 'The model timed out',
	rate_limited: 'The model is rate limited',
	server_error: 'The model server failed',
	unreachable: 'The model server could not be reached',
	malformed: 'The model returned malformed output',
	refused: 'The model refused to write this',
	unauthorized: 'The model API key was refused',
	rejected: 'The model rejected the request',
	not_configured: 'No model is configured (OPENAI_API_KEY is unset)',
}

export class AssistantError extends Error {
	readonly reason: AssistantFailure
	constructor(reason: AssistantFailure, options?: { cause?: unknown }) {
		super(failureMessages[reason], options)
		this.name = 'AssistantError'
		this.reason = reason
	}
}

/** Thrown when the caller's signal aborts; named like the DOM's so `error.name === 'AbortError'` checks work. */
export class AssistantAbortError extends Error {
	constructor() {
		super('The model request was cancelled')
		this.name = 'AbortError'
	}
}

export function isAssistantAbort(error: unknown): error is AssistantAbortError {
	return error instanceof AssistantAbortError
}

export type ModelUsage = { promptTokens: number; completionTokens: number; model: string }

export function isModelConfigured() {
	return Boolean(getEnv().OPENAI_API_KEY)
}

export async function createStructuredCompletion<T>(options: {
	schema: ZodType<T>
	schemaName: string
	system: string
	user: string
	organizationId: string
	signal?: AbortSignal
	onUsage?: (usage: ModelUsage) => void
}): Promise<T> {
	const env = getEnv()
	if (!env.OPENAI_API_KEY) throw new AssistantError('not_configured')
	const client = new OpenAI({
		apiKey: env.OPENAI_API_KEY,
		baseURL: env.OPENAI_BASE_URL,
		timeout: env.OPENAI_TIMEOUT_MS,
		maxRetries: 0,
	})
	const responseFormat = zodResponseFormat(options.schema, options.schemaName)

	let lastFailure: AssistantError | undefined
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		let retryAfterMs: number | undefined
		const release = await acquireSlot(options.organizationId, env.OPENAI_CONCURRENCY, options.signal)
		try {
			const completion = await client.chat.completions.create(
				{
					model: env.OPENAI_MODEL,
					messages: [
						{ role: 'system', content: options.system },
						{ role: 'user', content: options.user },
					],
					response_format: responseFormat,
				},
				{ signal: options.signal },
			)
			if (completion.usage) {
				options.onUsage?.({
					promptTokens: completion.usage.prompt_tokens,
					completionTokens: completion.usage.completion_tokens,
					model: completion.model || env.OPENAI_MODEL,
				})
			}
			const message = completion.choices[0]?.message
			if (message?.refusal) throw new AssistantError('refused')
			const parsed = parseContent(message?.content, options.schema)
			if (parsed.success) return parsed.data
			lastFailure = new AssistantError('malformed', { cause: parsed.error })
		} catch (error) {
			if (options.signal?.aborted || error instanceof APIUserAbortError) throw new AssistantAbortError()
			const failure = classify(error)
			if (!failure.retryable) throw failure.error
			lastFailure = failure.error
			retryAfterMs = failure.retryAfterMs
		} finally {
			release()
		}
		if (attempt < MAX_ATTEMPTS) await sleep(retryAfterMs ?? backoffMs(attempt), options.signal)
	}
	throw lastFailure ?? new AssistantError('malformed')
}

function parseContent<T>(content: string | null | undefined, schema: ZodType<T>) {
	if (!content) return { success: false as const, error: new Error('Empty content') }
	let json: unknown
	try {
		json = JSON.parse(content)
	} catch (error) {
		return { success: false as const, error }
	}
	return schema.safeParse(json)
}

function classify(error: unknown): { error: AssistantError; retryable: boolean; retryAfterMs?: number } {
	if (error instanceof AssistantError) return { error, retryable: false }
	if (error instanceof APIConnectionTimeoutError)
		return { error: new AssistantError('timeout', { cause: error }), retryable: true }
	if (error instanceof APIConnectionError)
		return { error: new AssistantError('unreachable', { cause: error }), retryable: true }
	if (error instanceof RateLimitError) {
		return {
			error: new AssistantError('rate_limited', { cause: error }),
			retryable: true,
			retryAfterMs: retryAfter(error.headers),
		}
	}
	if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
		return { error: new AssistantError('unauthorized', { cause: error }), retryable: false }
	}
	if (error instanceof APIError && (error.status ?? 0) >= 500) {
		return { error: new AssistantError('server_error', { cause: error }), retryable: true }
	}
	if (error instanceof APIError)
		return { error: new AssistantError('rejected', { cause: error }), retryable: false }
	// Anything else is a bug of ours, not the model's: let it surface as is.
	throw error
}

/** Retry-After in seconds or as an HTTP date, and the SDK's retry-after-ms; capped so a job never sleeps for long. */
function retryAfter(headers: Headers | undefined): number | undefined {
	const ms = Number(headers?.get('retry-after-ms') ?? NaN)
	if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_BACKOFF_MS)
	const value = headers?.get('retry-after')
	if (value == null) return undefined
	const seconds = Number(value)
	if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_BACKOFF_MS)
	const date = Date.parse(value)
	if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), MAX_BACKOFF_MS)
	return undefined
}

function backoffMs(attempt: number) {
	const exponential = BASE_BACKOFF_MS * 2 ** (attempt - 1)
	return Math.min(exponential + Math.random() * exponential * 0.5, MAX_BACKOFF_MS)
}

function sleep(ms: number, signal?: AbortSignal) {
	return new Promise<void>((resolve, reject) => {
		if (signal?.aborted) return reject(new AssistantAbortError())
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort)
			resolve()
		}, ms)
		function onAbort() {
			clearTimeout(timer)
			reject(new AssistantAbortError())
		}
		signal?.addEventListener('abort', onAbort, { once: true })
	})
}

// Per-organization semaphore: one organization's campaign of a thousand contacts must not use up
// the provider's rate limit (or this process) for everyone else. In-process, so per worker.
type Slots = { active: number; waiting: Array<() => void> }
const slotsByOrganization = new Map<string, Slots>()

function acquireSlot(organizationId: string, limit: number, signal?: AbortSignal): Promise<() => void> {
	let slots = slotsByOrganization.get(organizationId)
	if (!slots) {
		slots = { active: 0, waiting: [] }
		slotsByOrganization.set(organizationId, slots)
	}
	const state = slots
	let released = false
	const release = () => {
		if (released) return
		released = true
		state.active--
		const next = state.waiting.shift()
		if (next) next()
		else if (state.active === 0) slotsByOrganization.delete(organizationId)
	}
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(new AssistantAbortError())
		if (state.active < limit) {
			state.active++
			return resolve(release)
		}
		const grant = () => {
			signal?.removeEventListener('abort', onAbort)
			state.active++
			resolve(release)
		}
		function onAbort() {
			state.waiting = state.waiting.filter((waiter) => waiter !== grant)
			reject(new AssistantAbortError())
		}
		state.waiting.push(grant)
		signal?.addEventListener('abort', onAbort, { once: true })
	})
}
