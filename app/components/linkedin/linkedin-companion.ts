// The page's side of the Chrome companion: LinkedIn requests run through the user's own LinkedIn
// session, which only the extension can read. The page asks for it with chrome.runtime.sendMessage,
// which Chrome exposes to a page only when an installed extension lists the site in its
// externally_connectable matches — so a missing chrome.runtime means "not installed".

/**
 * The companion's Chrome extension id. Chrome derives it from the public key in the extension's
 * manifest ("key", committed in extension/manifest-key.txt), so every build, unpacked or zipped,
 * has this id (decision 032; a test checks it against the key).
 */
export const LINKEDIN_COMPANION_EXTENSION_ID = 'bfopjfgjnjcchliakbdhcipeelamheij'

export const CHROME_REQUIRED_MESSAGE = 'Please use the Chrome browser to authenticate with LinkedIn'
export const USER_ID_REQUIRED_MESSAGE = 'User ID is required for LinkedIn authentication'
export const INCOMPLETE_AUTH_MESSAGE = 'Incomplete authentication data received'
export const AUTH_FAILED_MESSAGE = 'LinkedIn authentication failed'
export const COMPANION_NOT_INSTALLED_MESSAGE =
	'The LinkedIn companion extension is not installed. Install it in Chrome, log in to LinkedIn and try again.'

const DEFAULT_TIMEOUT_MS = 10_000

export type CompanionErrorCode = 'user_required' | 'not_installed' | 'auth_failed' | 'incomplete'

export class LinkedInCompanionError extends Error {
	name = 'LinkedInCompanionError'
	constructor(
		readonly code: CompanionErrorCode,
		message: string,
	) {
		super(message)
	}
}

/** The part of chrome.runtime a web page may use. */
export type CompanionRuntime = {
	sendMessage: (extensionId: string, message: unknown, callback: (response: unknown) => void) => void
	lastError?: { message?: string }
}

/** GET_LINKEDIN_AUTH's answer, as the companion sends it. */
type LinkedInAuthResponse = {
	success?: boolean
	auth?: { cookie?: unknown; 'csrf-token'?: unknown }
	userProfileDetails?: unknown
	error?: unknown
}

export type LinkedInAuth = {
	cookie: string
	csrfToken: string
	userDetails: Record<string, unknown> | null
}

/**
 * Chrome or Chromium, the browsers the companion runs in. Edge and Opera carry "Chrome/" in their
 * user agent too but use their own extension stores, so they are told to use Chrome.
 */
export function isChromeBrowser(userAgent: string) {
	if (!/\b(?:Headless)?Chrom(?:e|ium)\//.test(userAgent)) return false
	return !/\b(?:Edg|EdgA|EdgiOS|OPR|Opera|SamsungBrowser|YaBrowser|UCBrowser)\//.test(userAgent)
}

/** chrome.runtime when some extension exposes it to this page; undefined on the server. */
export function companionRuntime(): CompanionRuntime | undefined {
	if (typeof window === 'undefined') return undefined
	const runtime = (window as { chrome?: { runtime?: Partial<CompanionRuntime> } }).chrome?.runtime
	return typeof runtime?.sendMessage === 'function' ? (runtime as CompanionRuntime) : undefined
}

/** Sends one message to the companion; no runtime, a delivery error or silence mean it is not there. */
export function sendCompanionMessage(
	message: { type: string; payload?: unknown },
	{ runtime = companionRuntime(), timeoutMs = DEFAULT_TIMEOUT_MS } = {},
) {
	return new Promise<unknown>((resolve, reject) => {
		const notInstalled = () =>
			reject(new LinkedInCompanionError('not_installed', COMPANION_NOT_INSTALLED_MESSAGE))
		if (!runtime) return notInstalled()
		const timer = setTimeout(notInstalled, timeoutMs)
		try {
			runtime.sendMessage(LINKEDIN_COMPANION_EXTENSION_ID, message, (response) => {
				clearTimeout(timer)
				// Reading lastError also keeps Chrome from logging "Unchecked runtime.lastError".
				if (runtime.lastError || response === undefined) return notInstalled()
				resolve(response)
			})
		} catch {
			// Chrome throws synchronously for an extension id it does not know.
			clearTimeout(timer)
			notInstalled()
		}
	})
}

/** Asks the companion for the user's LinkedIn session (GET_LINKEDIN_AUTH). */
export async function requestLinkedInAuth(
	userId: string | null | undefined,
	options: { runtime?: CompanionRuntime; timeoutMs?: number } = {},
): Promise<LinkedInAuth> {
	if (!userId) throw new LinkedInCompanionError('user_required', USER_ID_REQUIRED_MESSAGE)
	const response = (await sendCompanionMessage(
		{ type: 'GET_LINKEDIN_AUTH', payload: { userId } },
		options,
	)) as LinkedInAuthResponse | null
	if (!response?.success) {
		const reason =
			typeof response?.error === 'string' && response.error ? response.error : AUTH_FAILED_MESSAGE
		throw new LinkedInCompanionError('auth_failed', reason)
	}
	const cookie = response.auth?.cookie
	const csrfToken = response.auth?.['csrf-token']
	if (typeof cookie !== 'string' || !cookie || typeof csrfToken !== 'string' || !csrfToken) {
		throw new LinkedInCompanionError('incomplete', INCOMPLETE_AUTH_MESSAGE)
	}
	const details = response.userProfileDetails
	return {
		cookie,
		csrfToken,
		userDetails:
			details && typeof details === 'object' && !Array.isArray(details)
				? (details as Record<string, unknown>)
				: null,
	}
}
