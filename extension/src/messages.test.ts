import { describe, expect, test, vi } from 'vitest'
import { NOT_LOGGED_IN_MESSAGE, type LinkedInSession } from './linkedin-session.ts'
import {
	handleExternalMessage,
	TIMED_OUT_MESSAGE,
	type CompanionLinkedInClient,
	type MessageDeps,
} from './messages.ts'
import { memoryStateStore, type CompanionState } from './state.ts'

const SESSION: LinkedInSession = { cookie: 'li_at=abc; JSESSIONID="ajax:123"', csrfToken: 'ajax:123' }
const PROFILE = { publicIdentifier: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' }

function setup({
	session = SESSION,
	state = {},
	client = {},
}: {
	session?: LinkedInSession | null
	state?: CompanionState
	client?: Partial<CompanionLinkedInClient>
} = {}) {
	const storage = memoryStateStore(state)
	const linkedin: CompanionLinkedInClient = {
		getMe: vi.fn(async () => PROFILE),
		getPostAuthors: vi.fn(async () => ({ contacts: [{ name: 'Grace' }], text: 'A post' })),
		...client,
	}
	const createClient = vi.fn(() => linkedin)
	const startActionLoop = vi.fn()
	const deps: MessageDeps = {
		version: '1.0.0',
		linkedinBaseUrl: 'http://localhost:3931',
		storage,
		readSession: async () => session,
		createClient,
		startActionLoop,
		timeoutMs: 200,
	}
	return { deps, storage, linkedin, createClient, startActionLoop }
}

describe('GET_LINKEDIN_AUTH', () => {
	test("answers the session's cookie and csrf token with the profile", async () => {
		const { deps, createClient } = setup()
		await expect(
			handleExternalMessage({ type: 'GET_LINKEDIN_AUTH', payload: { userId: 'u1' } }, deps),
		).resolves.toEqual({
			success: true,
			auth: { cookie: SESSION.cookie, 'csrf-token': 'ajax:123' },
			userProfileDetails: PROFILE,
		})
		expect(createClient).toHaveBeenCalledWith(SESSION)
	})

	test('not logged in, or a session LinkedIn no longer accepts: asks to log in', async () => {
		await expect(
			handleExternalMessage(
				{ type: 'GET_LINKEDIN_AUTH', payload: { userId: 'u1' } },
				setup({ session: null }).deps,
			),
		).resolves.toEqual({ success: false, error: NOT_LOGGED_IN_MESSAGE })
		const expired = setup({
			client: {
				getMe: async () => {
					throw Object.assign(new Error('Unauthorized'), { status: 401 })
				},
			},
		})
		await expect(
			handleExternalMessage({ type: 'GET_LINKEDIN_AUTH', payload: { userId: 'u1' } }, expired.deps),
		).resolves.toEqual({ success: false, error: NOT_LOGGED_IN_MESSAGE })
	})

	test('needs a user id', async () => {
		await expect(handleExternalMessage({ type: 'GET_LINKEDIN_AUTH' }, setup().deps)).resolves.toEqual({
			success: false,
			error: 'User ID is required for LinkedIn authentication',
		})
	})

	test('LinkedIn failing otherwise says so', async () => {
		const { deps } = setup({
			client: {
				getMe: async () => {
					throw new Error('LinkedIn answered 500')
				},
			},
		})
		await expect(
			handleExternalMessage({ type: 'GET_LINKEDIN_AUTH', payload: { userId: 'u1' } }, deps),
		).resolves.toEqual({
			success: false,
			error: 'Could not read your LinkedIn profile (LinkedIn answered 500)',
		})
	})

	test('LinkedIn that does not answer: an error within the time limit, not silence', async () => {
		const { deps } = setup({ client: { getMe: () => new Promise(() => {}) } })
		await expect(
			handleExternalMessage({ type: 'GET_LINKEDIN_AUTH', payload: { userId: 'u1' } }, deps),
		).resolves.toEqual({
			success: false,
			error: TIMED_OUT_MESSAGE,
		})
	})
})

describe('GET_LINKEDIN_USER_PROFILE', () => {
	test('answers the profile', async () => {
		await expect(handleExternalMessage({ type: 'GET_LINKEDIN_USER_PROFILE' }, setup().deps)).resolves.toEqual(
			{
				success: true,
				profile: PROFILE,
			},
		)
	})
})

describe('GET_ROGER_COMPANION_STATUS', () => {
	test('connected with a LinkedIn session; the token counts for its own user only', async () => {
		const { deps } = setup({ state: { appToken: 'tok', userId: 'u1' } })
		await expect(
			handleExternalMessage({ type: 'GET_ROGER_COMPANION_STATUS', payload: { userId: 'u1' } }, deps),
		).resolves.toEqual({
			success: true,
			status: 'connected',
			linkedinLoggedIn: true,
			hasAppToken: true,
			userId: 'u1',
			version: '1.0.0',
		})
		await expect(
			handleExternalMessage({ type: 'GET_ROGER_COMPANION_STATUS', payload: { userId: 'u2' } }, deps),
		).resolves.toMatchObject({ hasAppToken: false })
	})

	test('not logged in to LinkedIn, no token', async () => {
		await expect(
			handleExternalMessage(
				{ type: 'GET_ROGER_COMPANION_STATUS', payload: { userId: 'u1' } },
				setup({ session: null }).deps,
			),
		).resolves.toMatchObject({
			success: true,
			status: 'not_logged_in',
			linkedinLoggedIn: false,
			hasAppToken: false,
		})
	})
})

describe('FETCH_LINKEDIN_POST_AUTHORS', () => {
	const message = (url: unknown) => ({
		type: 'FETCH_LINKEDIN_POST_AUTHORS',
		payload: { url, channel: 'comments', maxComments: 20, maxReactions: 5000 },
	})

	test("a post's authors through the client", async () => {
		const { deps, linkedin } = setup()
		const url = 'https://www.linkedin.com/posts/ada_some-post-activity-7100000000000000000-abcd'
		await expect(handleExternalMessage(message(url), deps)).resolves.toEqual({
			success: true,
			contacts: [{ name: 'Grace' }],
			urlClassification: 'POST',
			text: 'A post',
			error: null,
		})
		expect(linkedin.getPostAuthors).toHaveBeenCalledWith({
			url,
			channel: 'comments',
			maxComments: 20,
			maxReactions: 1000,
		})
	})

	test('other pages and non-URLs are classified and refused', async () => {
		const { deps, linkedin } = setup()
		await expect(
			handleExternalMessage(message('https://www.linkedin.com/in/ada'), deps),
		).resolves.toMatchObject({
			success: false,
			urlClassification: 'OTHERS',
			contacts: [],
		})
		await expect(handleExternalMessage(message('not a url'), deps)).resolves.toMatchObject({
			success: false,
			urlClassification: 'INVALID_URL',
		})
		expect(linkedin.getPostAuthors).not.toHaveBeenCalled()
	})

	test('logged out', async () => {
		await expect(
			handleExternalMessage(
				message('https://www.linkedin.com/feed/update/urn:li:activity:1/'),
				setup({ session: null }).deps,
			),
		).resolves.toMatchObject({ success: false, urlClassification: 'POST', error: NOT_LOGGED_IN_MESSAGE })
	})
})

describe('SET_ROGER_COMPANION_TOKEN', () => {
	test('stores the token for its user and starts the action loop', async () => {
		const { deps, storage, startActionLoop } = setup()
		await expect(
			handleExternalMessage(
				{ type: 'SET_ROGER_COMPANION_TOKEN', payload: { token: 'tok', userId: 'u1' } },
				deps,
			),
		).resolves.toEqual({ success: true })
		expect(storage.state).toMatchObject({ appToken: 'tok', userId: 'u1' })
		expect(startActionLoop).toHaveBeenCalledOnce()
	})

	test('refuses a missing token', async () => {
		const { deps, storage, startActionLoop } = setup()
		await expect(
			handleExternalMessage({ type: 'SET_ROGER_COMPANION_TOKEN', payload: {} }, deps),
		).resolves.toEqual({
			success: false,
			error: 'A valid token is required',
		})
		expect(storage.state.appToken).toBeUndefined()
		expect(startActionLoop).not.toHaveBeenCalled()
	})
})

test('an unknown or malformed message gets an error answer', async () => {
	const { deps } = setup()
	await expect(handleExternalMessage({ type: 'DELETE_EVERYTHING' }, deps)).resolves.toEqual({
		success: false,
		error: 'Unknown message type: DELETE_EVERYTHING',
	})
	await expect(handleExternalMessage(null, deps)).resolves.toMatchObject({ success: false })
	await expect(handleExternalMessage('GET_LINKEDIN_AUTH', deps)).resolves.toMatchObject({ success: false })
})
