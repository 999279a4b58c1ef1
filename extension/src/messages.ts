// The companion's answers to the app's pages (chrome.runtime.onMessageExternal; only the origins
// in the manifest's externally_connectable can send). Every message gets an answer within
// ANSWER_TIMEOUT_MS, and every failure is `{ success: false, error }`, never silence: the page
// treats silence as "not installed".

import { classifyLinkedInUrl, type UrlClassification } from './classify-url.ts'
import { NOT_LOGGED_IN_MESSAGE, type LinkedInSession } from './linkedin-session.ts'
import { type StateStore } from './state.ts'
import { errorMessage, withTimeout } from './timeout.ts'

/** Under the page's own 10 s wait, so the page hears our error rather than its timeout. */
export const ANSWER_TIMEOUT_MS = 9_000
export const TIMED_OUT_MESSAGE = 'LinkedIn did not answer in time, please try again'
const MAX_TOKEN_LENGTH = 500

/** What the companion needs of the LinkedIn client (app/integrations/linkedin/linkedin-client.ts). */
export type CompanionLinkedInClient = {
	getMe: () => Promise<unknown>
	getPostAuthors: (input: {
		url: string
		channel: PostChannel
		maxComments: number
		maxReactions: number
	}) => Promise<{ contacts: unknown[]; text: string | null }>
}

export type MessageDeps = {
	version: string
	linkedinBaseUrl: string
	storage: StateStore
	readSession: () => Promise<LinkedInSession | null>
	createClient: (session: LinkedInSession) => CompanionLinkedInClient
	/** Starts the action loop (not awaited: SET_ROGER_COMPANION_TOKEN answers at once). */
	startActionLoop: () => void
	timeoutMs?: number
}

type Message = { type?: unknown; payload?: unknown }
type PostChannel = 'all' | 'comments' | 'reactions'
const POST_CHANNELS: readonly string[] = ['all', 'comments', 'reactions'] satisfies PostChannel[]
type Answer = Record<string, unknown> & { success: boolean }

function payloadOf(message: Message) {
	return message.payload && typeof message.payload === 'object'
		? (message.payload as Record<string, unknown>)
		: {}
}

function optionalString(value: unknown) {
	return typeof value === 'string' && value ? value : null
}

/** A 401 or a redirect to LinkedIn's login: the cookies are there but the session is over. */
function isLoggedOut(error: unknown) {
	const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown }
	return status === 401 || code === 'SESSION_EXPIRED' || code === 'CHECKPOINT'
}

/** The signed-in member's profile, or a `{ success: false }` answer. */
async function readProfile(deps: MessageDeps) {
	const session = await deps.readSession()
	if (!session) return { answer: { success: false, error: NOT_LOGGED_IN_MESSAGE } as Answer }
	try {
		const profile = await deps.createClient(session).getMe()
		return { session, profile: profile && typeof profile === 'object' ? profile : null }
	} catch (error) {
		const message = isLoggedOut(error)
			? NOT_LOGGED_IN_MESSAGE
			: `Could not read your LinkedIn profile (${errorMessage(error, 'unknown error')})`
		return { answer: { success: false, error: message } as Answer }
	}
}

const handlers: Record<string, (message: Message, deps: MessageDeps) => Promise<Answer>> = {
	async GET_LINKEDIN_AUTH(message, deps) {
		const userId = optionalString(payloadOf(message).userId)
		if (!userId) return { success: false, error: 'User ID is required for LinkedIn authentication' }
		const read = await readProfile(deps)
		if (read.answer) return read.answer
		return {
			success: true,
			auth: { cookie: read.session.cookie, 'csrf-token': read.session.csrfToken },
			userProfileDetails: read.profile,
		}
	},

	async GET_LINKEDIN_USER_PROFILE(_message, deps) {
		const read = await readProfile(deps)
		if (read.answer) return read.answer
		return { success: true, profile: read.profile }
	},

	async GET_ROGER_COMPANION_STATUS(message, deps) {
		const userId = optionalString(payloadOf(message).userId)
		const [session, state] = await Promise.all([deps.readSession(), deps.storage.get()])
		// A token handed over for another user of the app does not count for this one.
		const hasAppToken = Boolean(state.appToken) && (!userId || !state.userId || state.userId === userId)
		return {
			success: true,
			status: session ? 'connected' : 'not_logged_in',
			linkedinLoggedIn: Boolean(session),
			hasAppToken,
			userId,
			version: deps.version,
		}
	},

	async FETCH_LINKEDIN_POST_AUTHORS(message, deps) {
		const payload = payloadOf(message)
		const urlClassification: UrlClassification = classifyLinkedInUrl(
			payload.url,
			new URL(deps.linkedinBaseUrl).host,
		)
		const none = { contacts: [], urlClassification, text: null }
		if (urlClassification === 'INVALID_URL') {
			return { success: false, ...none, error: 'Please enter a valid URL' }
		}
		if (urlClassification !== 'POST') {
			return { success: false, ...none, error: 'Only LinkedIn post URLs are supported' }
		}
		const session = await deps.readSession()
		if (!session) return { success: false, ...none, error: NOT_LOGGED_IN_MESSAGE }
		const count = (value: unknown, fallback: number) =>
			typeof value === 'number' && Number.isFinite(value)
				? Math.max(0, Math.min(1000, Math.floor(value)))
				: fallback
		try {
			const { contacts, text } = await deps.createClient(session).getPostAuthors({
				url: String(payload.url).trim(),
				channel: POST_CHANNELS.includes(String(payload.channel)) ? (payload.channel as PostChannel) : 'all',
				maxComments: count(payload.maxComments, 100),
				maxReactions: count(payload.maxReactions, 100),
			})
			return { success: true, contacts, urlClassification, text, error: null }
		} catch (error) {
			const reason = isLoggedOut(error)
				? NOT_LOGGED_IN_MESSAGE
				: errorMessage(error, 'LinkedIn request failed')
			return { success: false, ...none, error: reason }
		}
	},

	async SET_ROGER_COMPANION_TOKEN(message, deps) {
		const payload = payloadOf(message)
		const token = optionalString(payload.token)
		if (!token || token.length > MAX_TOKEN_LENGTH)
			return { success: false, error: 'A valid token is required' }
		await deps.storage.set({ appToken: token, userId: optionalString(payload.userId) })
		deps.startActionLoop()
		return { success: true }
	},
}

export const MESSAGE_TYPES = Object.keys(handlers)

/** The answer to one message from a page. */
export async function handleExternalMessage(message: unknown, deps: MessageDeps): Promise<Answer> {
	const type = (message as Message | null)?.type
	const handler = typeof type === 'string' ? handlers[type] : undefined
	if (!handler) return { success: false, error: `Unknown message type: ${String(type)}` }
	try {
		return await withTimeout(
			handler(message as Message, deps),
			deps.timeoutMs ?? ANSWER_TIMEOUT_MS,
			TIMED_OUT_MESSAGE,
		)
	} catch (error) {
		return { success: false, error: errorMessage(error, 'The companion failed') }
	}
}
