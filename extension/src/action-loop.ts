// The default LinkedIn executor (decision 029): while the app has handed this browser a token, ask
// the app for the next due action, carry it out with the user's own LinkedIn session from this
// browser, and report the result with the claim's token. One action at a time; the server decides
// what is due, paces it and holds the limits, so the loop only follows what the claim says.

import {
	type LinkedInActionClaim,
	type LinkedInActionResult,
	type LinkedInClaimResponse,
} from '../../app/schemas/linkedin-action.ts'
import { type LinkedInSession } from './linkedin-session.ts'
import { type StateStore } from './state.ts'
import { errorMessage } from './timeout.ts'

/** A claim that says to ask again this soon is waited for within the same wake-up. */
export const SHORT_RETRY_SECONDS = 25
/** A wake-up ends after this long; the next alarm picks up where it left off. */
export const DEFAULT_MAX_WAKE_MS = 4 * 60_000
const REQUEST_TIMEOUT_MS = 20_000

export const TOKEN_REJECTED_MESSAGE =
	'Reachout no longer accepts this browser: connect LinkedIn again in Reachout'
export const APP_UNREACHABLE_MESSAGE = 'Could not reach Reachout'

export type ActionLoopDeps = {
	appOrigin: string
	storage: StateStore
	/** This browser's LinkedIn session, or null when it is logged out. */
	readSession: () => Promise<LinkedInSession | null>
	/** Carries out one claimed action (executeLinkedInAction with the LinkedIn client); never throws. */
	execute: (session: LinkedInSession, claim: LinkedInActionClaim) => Promise<LinkedInActionResult>
	fetch?: typeof fetch
	sleep?: (ms: number) => Promise<void>
	now?: () => Date
	maxWakeMs?: number
}

export type ActionLoopOutcome = {
	processed: number
	stopped: 'no_token' | 'nothing_due' | 'token_rejected' | 'app_error' | 'time_up'
}

type AppAnswer =
	{ status: number; body: unknown; error?: undefined } | { status: 0; body?: undefined; error: string }

async function postJson(
	fetchImpl: typeof fetch,
	url: string,
	token: string,
	body: unknown,
): Promise<AppAnswer> {
	try {
		const response = await fetchImpl(url, {
			method: 'POST',
			headers: {
				Authorization: `Bearer ${token}`,
				'Content-Type': 'application/json',
				Accept: 'application/json',
			},
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
		})
		return { status: response.status, body: await response.json().catch(() => null) }
	} catch (error) {
		return { status: 0, error: errorMessage(error, 'network error') }
	}
}

/** The `{ error, message }` the app answers with, or the status. */
function appError(answer: AppAnswer) {
	if (answer.status === 0) return `${APP_UNREACHABLE_MESSAGE} (${answer.error})`
	const body = answer.body as { message?: unknown } | null
	const message = typeof body?.message === 'string' && body.message ? `: ${body.message}` : ''
	return `Reachout answered ${answer.status}${message}`
}

const isOk = (answer: AppAnswer) => answer.status >= 200 && answer.status < 300

function isClaimResponse(body: unknown): body is LinkedInClaimResponse {
	if (!body || typeof body !== 'object' || !('action' in body)) return false
	const { action } = body as { action: unknown }
	if (action === null) return true
	if (!action || typeof action !== 'object') return false
	const claim = action as Partial<LinkedInActionClaim>
	return (
		typeof claim.id === 'string' && typeof claim.claimToken === 'string' && typeof claim.kind === 'string'
	)
}

export async function runActionLoop(deps: ActionLoopDeps): Promise<ActionLoopOutcome> {
	const fetchImpl = deps.fetch ?? fetch
	const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
	const now = deps.now ?? (() => new Date())
	const deadline = now().getTime() + (deps.maxWakeMs ?? DEFAULT_MAX_WAKE_MS)
	const api = `${deps.appOrigin}/api/v1/linkedin/companion/actions`
	let processed = 0

	const dropToken = async () => {
		await deps.storage.remove(['appToken'])
		await deps.storage.set({
			lastClaim: { at: now().toISOString(), ok: false, error: TOKEN_REJECTED_MESSAGE },
		})
		return { processed, stopped: 'token_rejected' } as const
	}
	const failed = async (answer: AppAnswer) => {
		await deps.storage.set({ lastClaim: { at: now().toISOString(), ok: false, error: appError(answer) } })
		return { processed, stopped: 'app_error' } as const
	}

	while (now().getTime() < deadline) {
		// Read each time: the page may hand over a new token, or a 401 may have dropped it.
		const { appToken } = await deps.storage.get()
		if (!appToken) return { processed, stopped: 'no_token' }

		const claimed = await postJson(fetchImpl, `${api}/claim`, appToken, {})
		if (claimed.status === 401) return dropToken()
		if (!isOk(claimed) || !isClaimResponse(claimed.body)) return failed(claimed)
		const claim = claimed.body

		if (!claim.action) {
			await deps.storage.set({ lastClaim: { at: now().toISOString(), ok: true, reason: claim.reason } })
			const waitMs = Math.max(0, claim.retryAfterSeconds) * 1000
			if (claim.retryAfterSeconds >= SHORT_RETRY_SECONDS || now().getTime() + waitMs >= deadline) {
				return { processed, stopped: 'nothing_due' }
			}
			await sleep(waitMs)
			continue
		}
		await deps.storage.set({ lastClaim: { at: now().toISOString(), ok: true, reason: null } })

		const action = claim.action
		const result = await carryOut(deps, action)
		const reported = await postJson(fetchImpl, `${api}/${encodeURIComponent(action.id)}/report`, appToken, {
			claimToken: action.claimToken,
			result,
		})
		await deps.storage.set({
			lastAction: {
				at: now().toISOString(),
				kind: action.kind,
				outcome: result.outcome,
				...(result.outcome === 'ERROR' ? { error: result.error } : {}),
			},
		})
		processed++
		if (reported.status === 401) return dropToken()
		// The claim's lease runs out and the app gives the action out again; nothing is lost.
		if (!isOk(reported)) return failed(reported)
	}
	return { processed, stopped: 'time_up' }
}

async function carryOut(deps: ActionLoopDeps, action: LinkedInActionClaim): Promise<LinkedInActionResult> {
	const session = await deps.readSession().catch(() => null)
	if (!session) {
		return {
			outcome: 'ERROR',
			error: 'SESSION_EXPIRED',
			message: 'Not logged in to LinkedIn in this browser',
		}
	}
	try {
		return await deps.execute(session, action)
	} catch (error) {
		// executeLinkedInAction does not throw; this keeps a bug from leaving the claim unreported.
		return {
			outcome: 'ERROR',
			error: 'UNKNOWN',
			message: errorMessage(error, 'Unknown error').slice(0, 1000),
		}
	}
}
