// The page asking the companion how it is (GET_ROGER_COMPANION_STATUS), handing it the app token
// its action loop uses (SET_ROGER_COMPANION_TOKEN), and reading the LinkedIn profile it sees
// (GET_LINKEDIN_USER_PROFILE). A missing extension or one that does not answer counts as not
// installed (spec: "A missing extension counts as not installed").

import { apiRequest } from '#app/utils/api-client.ts'
import { LinkedInCompanionError, sendCompanionMessage, type CompanionRuntime } from './linkedin-companion.ts'

export type CompanionStatus = 'connected' | 'not_installed' | 'other'

export type CompanionStatusResult = {
	status: CompanionStatus
	/** The companion found LinkedIn session cookies in this browser. */
	linkedinLoggedIn: boolean
	/** The companion holds an app token, so its action loop can claim actions. */
	hasAppToken: boolean
}

type CompanionOptions = { runtime?: CompanionRuntime; timeoutMs?: number }

/** The companion's answer to GET_ROGER_COMPANION_STATUS, as it sends it. */
type RawStatus = {
	success?: unknown
	status?: unknown
	linkedinLoggedIn?: unknown
	hasAppToken?: unknown
}

const NOT_INSTALLED: CompanionStatusResult = {
	status: 'not_installed',
	linkedinLoggedIn: false,
	hasAppToken: false,
}

/**
 * The companion's status: `connected` when it answers and sees a LinkedIn session, `other` when it
 * answers otherwise (not logged in to LinkedIn, an error), `not_installed` when nothing answers.
 */
export async function fetchCompanionStatus(
	userId: string | null | undefined,
	options: CompanionOptions = {},
): Promise<CompanionStatusResult> {
	let response: RawStatus | null
	try {
		response = (await sendCompanionMessage(
			{ type: 'GET_ROGER_COMPANION_STATUS', payload: { userId: userId ?? null } },
			options,
		)) as RawStatus | null
	} catch (error) {
		if (error instanceof LinkedInCompanionError && error.code === 'not_installed') return NOT_INSTALLED
		return { status: 'other', linkedinLoggedIn: false, hasAppToken: false }
	}
	const linkedinLoggedIn = response?.linkedinLoggedIn === true
	const hasAppToken = response?.hasAppToken === true
	const connected = response?.success === true && response.status === 'connected'
	return { status: connected ? 'connected' : 'other', linkedinLoggedIn, hasAppToken }
}

/**
 * Gives the companion a token for the app's companion API (claim and report LinkedIn actions) so
 * it can carry out the user's LinkedIn steps from this browser. The server issues the token for
 * the signed-in user; the companion keeps it in its own storage. Throws when the server refuses
 * or the companion does not take it.
 */
export async function handCompanionToken(
	userId: string | null | undefined,
	options: CompanionOptions & { fetchToken?: () => Promise<{ token: string }> } = {},
) {
	const { fetchToken, ...companion } = options
	const { token } = await (
		fetchToken ??
		(() =>
			apiRequest<{ token: string }>('/api/v1/linkedin/companion-token', {
				method: 'POST',
				body: {},
				fallbackMessage: 'Failed to connect the companion',
			}))
	)()
	if (typeof token !== 'string' || !token) {
		throw new LinkedInCompanionError('incomplete', 'Failed to connect the companion')
	}
	const response = (await sendCompanionMessage(
		{ type: 'SET_ROGER_COMPANION_TOKEN', payload: { token, userId: userId ?? null } },
		companion,
	)) as { success?: unknown; error?: unknown } | null
	if (response?.success !== true) {
		const reason =
			typeof response?.error === 'string' && response.error
				? response.error
				: 'The companion did not accept the app token'
		throw new LinkedInCompanionError('auth_failed', reason)
	}
}

/** The LinkedIn profile the companion reads from the user's session, or null when it has none. */
export async function fetchCompanionProfile(
	options: CompanionOptions = {},
): Promise<Record<string, unknown> | null> {
	const response = (await sendCompanionMessage({ type: 'GET_LINKEDIN_USER_PROFILE' }, options)) as {
		success?: unknown
		profile?: unknown
		error?: unknown
	} | null
	if (response?.success !== true) {
		const reason =
			typeof response?.error === 'string' && response.error
				? response.error
				: 'LinkedIn authentication failed'
		throw new LinkedInCompanionError('auth_failed', reason)
	}
	const profile = response.profile
	return profile && typeof profile === 'object' && !Array.isArray(profile)
		? (profile as Record<string, unknown>)
		: null
}
