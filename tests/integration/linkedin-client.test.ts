import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { executeLinkedInAction } from '#app/integrations/linkedin/execute-linkedin-action.ts'
import {
	createLinkedInClient,
	DEFAULT_LINKEDIN_QUERY_IDS,
	linkedInCookieHeader,
	LinkedInRequestError,
	type LinkedInClient,
} from '#app/integrations/linkedin/linkedin-client.ts'
import {
	type LinkedInActionClaim,
	type LinkedInActionKind,
	LinkedInActionResultSchema,
} from '#app/schemas/linkedin-action.ts'
import {
	startFakeLinkedIn,
	type FakeLinkedIn,
	type FakeLinkedInCredentials,
} from '#tests/fakes/linkedin-server.ts'

// The isomorphic LinkedIn client and executeLinkedInAction against the fake LinkedIn server: each
// route, LinkedIn's checks (session, csrf, Rest.li header, query ids), each error's code, and the
// MESSAGE retry that finds its own message instead of sending it twice.

let fake: FakeLinkedIn
let me: FakeLinkedInCredentials
let client: LinkedInClient
let people = 0

beforeAll(async () => {
	fake = await startFakeLinkedIn()
	me = fake.me
})
afterAll(async () => {
	await fake.close()
})
beforeEach(() => {
	// A fresh account each test: the fake's switches (expiry, rate limits…) stay with the old one.
	me = fake.addAccount({
		username: `seller-${++people}`,
		firstName: 'Sam',
		lastName: 'Seller',
		headline: 'AE at Acme',
	})
	client = clientFor(me)
})

function clientFor(
	account: FakeLinkedInCredentials,
	extra: Partial<Parameters<typeof createLinkedInClient>[0]> = {},
) {
	return createLinkedInClient({
		baseUrl: fake.baseUrl,
		cookie: linkedInCookieHeader({ liAt: account.liAt, jsessionId: account.jsessionId }),
		csrfToken: account.csrfToken,
		...extra,
	})
}

function person(extra: { connected?: boolean; headline?: string } = {}) {
	const username = `person-${++people}`
	return fake.addPerson({
		username,
		firstName: 'Jane',
		lastName: `Doe ${people}`,
		headline: extra.headline ?? 'CTO at Beta',
		connectedTo: extra.connected ? [me.username] : [],
	})
}

function claim(
	kind: LinkedInActionKind,
	username: string,
	extra: Partial<LinkedInActionClaim> = {},
): LinkedInActionClaim {
	return {
		id: `action-${++people}`,
		claimToken: 'token',
		kind,
		attempt: 1,
		leaseUntil: new Date(Date.now() + 120_000).toISOString(),
		profile: { username, url: `https://www.linkedin.com/in/${username}` },
		note: null,
		message: null,
		conversationId: null,
		since: null,
		...extra,
	}
}

async function execute(c: LinkedInActionClaim) {
	// Every result is one the report endpoint accepts.
	return LinkedInActionResultSchema.parse(await executeLinkedInAction(client, c))
}

const sentBy = (account: string, path: string) =>
	fake.received.filter(
		(r) => r.account === account && r.method === 'POST' && r.path === `/voyager/api/${path}`,
	)

async function failure(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(LinkedInRequestError)
	return error as LinkedInRequestError
}

describe('the client', () => {
	test('getMe answers the signed-in member', async () => {
		expect(await client.getMe()).toEqual({
			publicIdentifier: me.username,
			firstName: 'Sam',
			lastName: 'Seller',
			headline: 'AE at Acme',
			profileUrn: me.profileUrn,
		})
		const request = fake.received.at(-1)!
		expect(request).toMatchObject({
			method: 'GET',
			path: '/voyager/api/me',
			account: me.username,
			status: 200,
		})
	})

	test('getProfile reads the connection: none, pending, connected; an unknown person is PROFILE_NOT_FOUND', async () => {
		const stranger = person({ headline: 'VP Sales' })
		expect(await client.getProfile(stranger.username)).toEqual({
			profileUrn: stranger.profileUrn,
			publicIdentifier: stranger.username,
			firstName: 'Jane',
			lastName: expect.stringMatching(/^Doe/),
			headline: 'VP Sales',
			connection: 'NONE',
		})
		expect(await client.sendInvitation({ profileUrn: stranger.profileUrn, note: null })).toBe('SENT')
		expect((await client.getProfile(stranger.username)).connection).toBe('PENDING')
		fake.acceptInvitation(me.username, stranger.username)
		expect((await client.getProfile(stranger.username)).connection).toBe('CONNECTED')
		expect((await client.getProfile(person({ connected: true }).username)).connection).toBe('CONNECTED')

		const missing = await failure(client.getProfile('nobody-here'))
		expect(missing).toMatchObject({ code: 'PROFILE_NOT_FOUND', status: 404 })
	})

	test('an invitation the person sent us is not ours pending', async () => {
		const other = fake.addAccount({ username: `inviter-${++people}`, firstName: 'Ivy', lastName: 'Inviter' })
		await clientFor(other).sendInvitation({ profileUrn: me.profileUrn, note: null })
		expect((await client.getProfile(other.username)).connection).toBe('NONE')
	})

	test('sendInvitation posts the invitee and the note; a repeat is ALREADY_SENT (CANT_RESEND_YET)', async () => {
		const p = person()
		expect(await client.sendInvitation({ profileUrn: p.profileUrn, note: 'Hi Jane, loved your talk' })).toBe(
			'SENT',
		)
		expect(await client.sendInvitation({ profileUrn: p.profileUrn, note: 'Hi Jane, loved your talk' })).toBe(
			'ALREADY_SENT',
		)
		const posts = sentBy(me.username, 'voyagerRelationshipsDashMemberRelationships')
		expect(posts.map((r) => r.status)).toEqual([200, 400])
		expect(posts[0]!.query.action).toBe('verifyQuotaAndCreateV2')
		expect(posts[0]!.body).toEqual({
			invitee: { inviteeUnion: { memberProfile: p.profileUrn } },
			customMessage: 'Hi Jane, loved your talk',
		})
		expect(fake.invitationsFrom(me.username)).toEqual([{ to: p.username, note: 'Hi Jane, loved your talk' }])
	})

	test("LinkedIn's own weekly invitation limit is RATE_LIMITED", async () => {
		fake.exhaustInvitationQuota(me.liAt)
		const error = await failure(client.sendInvitation({ profileUrn: person().profileUrn, note: null }))
		expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 400 })
	})

	test('sendMessage opens the conversation, then writes into it; listConversationMessages reads both sides in order', async () => {
		const p = person({ connected: true })
		const first = await client.sendMessage({ profileUrn: p.profileUrn, text: 'Hello Jane' })
		expect(first.conversationId).toMatch(/^urn:li:msg_conversation:\(urn:li:fsd_profile:[^,]+,2-[^)]+\)$/)
		fake.reply(p.username, me.username, 'Hi Sam, tell me more')
		const second = await client.sendMessage({ conversationId: first.conversationId, text: 'Here is more' })
		expect(second.conversationId).toBe(first.conversationId)

		const posts = sentBy(me.username, 'voyagerMessagingDashMessengerMessages')
		expect(posts[0]!.body).toMatchObject({
			mailboxUrn: me.profileUrn,
			hostRecipientUrns: [p.profileUrn],
			message: { body: { text: 'Hello Jane' } },
		})
		expect(posts[1]!.body).toMatchObject({
			message: { conversationUrn: first.conversationId, body: { text: 'Here is more' } },
		})
		expect(posts[1]!.body).not.toHaveProperty('hostRecipientUrns')

		// Found by recipient when the conversation is not known yet.
		const listed = await client.listConversationMessages({ profileUrn: p.profileUrn })
		expect(listed.conversationId).toBe(first.conversationId)
		expect(listed.messages.map((m) => [m.text, m.fromMe])).toEqual([
			['Hello Jane', true],
			['Hi Sam, tell me more', false],
			['Here is more', true],
		])
		expect(
			listed.messages.every(
				(m) => !Number.isNaN(Date.parse(m.date)) && m.id.startsWith('urn:li:msg_message:'),
			),
		).toBe(true)
		const graphql = fake.received.filter(
			(r) => r.path === '/voyager/api/voyagerMessagingGraphQL/graphql' && r.account === me.username,
		)
		expect(graphql.map((r) => r.query.queryId)).toEqual([
			DEFAULT_LINKEDIN_QUERY_IDS.conversations,
			DEFAULT_LINKEDIN_QUERY_IDS.messages,
		])
	})

	test('no conversation yet: none found, nothing sent', async () => {
		const p = person({ connected: true })
		expect(await client.listConversationMessages({ profileUrn: p.profileUrn })).toEqual({
			conversationId: null,
			messages: [],
		})
	})

	test('query ids come from configuration: a rotated id fails, the configured one works', async () => {
		const rotated = {
			conversations: 'messengerConversations.newhash1',
			messages: 'messengerMessages.newhash2',
		}
		const rotatedFake = await startFakeLinkedIn({ queryIds: rotated })
		try {
			const p = rotatedFake.addPerson({
				username: 'pat',
				firstName: 'Pat',
				lastName: 'Lee',
				connectedTo: [rotatedFake.me.username],
			})
			const options = {
				baseUrl: rotatedFake.baseUrl,
				cookie: rotatedFake.me.cookie,
				csrfToken: rotatedFake.me.csrfToken,
			}
			const stale = await failure(
				createLinkedInClient(options).listConversationMessages({ profileUrn: p.profileUrn }),
			)
			expect(stale).toMatchObject({ code: 'UNKNOWN', status: 400 })
			expect(stale.message).toContain('Unknown queryId')
			rotatedFake.reply('pat', rotatedFake.me.username, 'Hello')
			const fresh = await createLinkedInClient({ ...options, queryIds: rotated }).listConversationMessages({
				profileUrn: p.profileUrn,
			})
			expect(fresh.messages.map((m) => m.text)).toEqual(['Hello'])
		} finally {
			await rotatedFake.close()
		}
	})

	test('getPostAuthors: commenters then reactors, each once, paged, capped, by channel, with the post text', async () => {
		const commenters = Array.from({ length: 130 }, () => person())
		const reactors = Array.from({ length: 5 }, () => person())
		const post = fake.addPost({
			author: commenters[0]!.username,
			text: 'We are hiring SDRs',
			comments: [
				...commenters.map((p) => ({ username: p.username, text: 'Great' })),
				{ username: commenters[1]!.username, text: 'Again' },
			],
			reactions: [
				{ username: commenters[2]!.username },
				...reactors.map((p) => ({ username: p.username, type: 'PRAISE' })),
			],
		})

		const all = await client.getPostAuthors({
			url: post.url,
			channel: 'all',
			maxComments: 250,
			maxReactions: 250,
		})
		expect(all.text).toBe('We are hiring SDRs')
		expect(all.contacts).toHaveLength(135)
		expect(all.contacts[0]).toEqual({
			firstName: 'Jane',
			lastName: expect.stringMatching(/^Doe/),
			linkedin: `https://www.linkedin.com/in/${commenters[0]!.username}`,
			headline: 'CTO at Beta',
			source: 'comment',
		})
		expect(all.contacts.filter((c) => c.source === 'reaction').map((c) => c.linkedin)).toEqual(
			reactors.map((p) => `https://www.linkedin.com/in/${p.username}`),
		)
		const pages = fake.received.filter((r) => r.path === '/voyager/api/feed/comments')
		expect(pages.map((r) => [r.query.start, r.query.count])).toEqual([
			['0', '100'],
			['100', '100'],
		])

		const capped = await client.getPostAuthors({
			url: post.updateUrl,
			channel: 'comments',
			maxComments: 120,
			maxReactions: 250,
		})
		expect(capped.contacts).toHaveLength(120)
		expect(capped.contacts.every((c) => c.source === 'comment')).toBe(true)
		const reactionsOnly = await client.getPostAuthors({
			url: post.url,
			channel: 'reactions',
			maxComments: 250,
			maxReactions: 3,
		})
		expect(reactionsOnly.contacts.map((c) => c.source)).toEqual(['reaction', 'reaction', 'reaction'])

		const notAPost = await failure(
			client.getPostAuthors({
				url: 'https://www.linkedin.com/in/jane',
				channel: 'all',
				maxComments: 1,
				maxReactions: 1,
			}),
		)
		expect(notAPost.code).toBe('UNKNOWN')
	})
})

describe("LinkedIn's checks and failures", () => {
	test('the csrf-token must equal the JSESSIONID cookie: else 403', async () => {
		const forged = createLinkedInClient({
			baseUrl: fake.baseUrl,
			cookie: me.cookie,
			csrfToken: 'ajax:someone-else',
		})
		const error = await failure(forged.getMe())
		expect(error).toMatchObject({ code: 'UNKNOWN', status: 403 })
		expect(fake.received.at(-1)).toMatchObject({ status: 403, account: me.username })
		// The quotes around JSESSIONID are the cookie's, not the token's.
		expect(linkedInCookieHeader({ liAt: 'x', jsessionId: '"ajax:1"' })).toBe('li_at=x; JSESSIONID="ajax:1"')
	})

	test('401 is SESSION_EXPIRED', async () => {
		fake.expireSession(me.liAt)
		expect(await failure(client.getMe())).toMatchObject({ code: 'SESSION_EXPIRED', status: 401 })
		const unknown = createLinkedInClient({
			baseUrl: fake.baseUrl,
			cookie: 'li_at=nope; JSESSIONID="ajax:1"',
			csrfToken: 'ajax:1',
		})
		expect(await failure(unknown.getMe())).toMatchObject({ code: 'SESSION_EXPIRED', status: 401 })

		// Signing in again gives a new session; the old cookies stay expired.
		const renewed = fake.signIn(me.username)
		expect(renewed.liAt).not.toBe(me.liAt)
		expect((await clientFor(renewed).getMe()).publicIdentifier).toBe(me.username)
		expect(await failure(client.getMe())).toMatchObject({ code: 'SESSION_EXPIRED' })
	})

	test('a redirect to a checkpoint or to the login page is CHECKPOINT, never followed', async () => {
		fake.checkpoint(me.liAt)
		const challenge = await failure(client.getProfile(person().username))
		expect(challenge).toMatchObject({ code: 'CHECKPOINT', status: 302 })
		expect(challenge.message).toContain('/checkpoint/challenge/')
		fake.checkpoint(me.liAt, 'login')
		expect(await failure(client.getMe())).toMatchObject({ code: 'CHECKPOINT', status: 302 })
		expect(
			fake.received.some((r) => r.path.startsWith('/checkpoint/') || r.path.startsWith('/uas/login')),
		).toBe(false)

		// A fetch that follows redirects anyway (as some do) lands on the login page: still CHECKPOINT.
		const following = clientFor(me, { fetch: (input, init) => fetch(input, { ...init, redirect: 'follow' }) })
		expect(await failure(following.getMe())).toMatchObject({ code: 'CHECKPOINT' })
		fake.clearCheckpoint(me.liAt)
		expect((await client.getMe()).publicIdentifier).toBe(me.username)
	})

	test('in a browser a manual redirect is opaque (status 0): still CHECKPOINT; a 200 sign-in page too', async () => {
		// Node's fetch cannot produce these; Chrome's can, so the answers are made by hand here.
		const answer = (response: Partial<Response>) => async () =>
			({
				ok: false,
				status: 0,
				redirected: false,
				url: '',
				headers: new Headers(),
				text: async () => '',
				...response,
			}) as Response
		const opaque = clientFor(me, { fetch: answer({ type: 'opaqueredirect' }) })
		expect(await failure(opaque.getMe())).toMatchObject({ code: 'CHECKPOINT', status: undefined })
		const authwall = clientFor(me, {
			fetch: answer({
				type: 'basic',
				ok: true,
				status: 200,
				text: async () => '<html><title>LinkedIn Login</title></html>',
			}),
		})
		expect(await failure(authwall.getMe())).toMatchObject({ code: 'CHECKPOINT', status: 200 })
	})

	test('429 and 999 are RATE_LIMITED, for as many requests as LinkedIn says', async () => {
		fake.rateLimit(me.liAt, 1, 429)
		expect(await failure(client.getMe())).toMatchObject({ code: 'RATE_LIMITED', status: 429 })
		fake.rateLimit(me.liAt, 1, 999)
		expect(await failure(client.getMe())).toMatchObject({ code: 'RATE_LIMITED', status: 999 })
		expect((await client.getMe()).publicIdentifier).toBe(me.username)
	})

	test('5xx, a timeout and an unreachable server are NETWORK', async () => {
		fake.failNext(1, 503)
		expect(await failure(client.getMe())).toMatchObject({ code: 'NETWORK', status: 503 })

		fake.setDelayMs(1_000, me.liAt)
		const started = Date.now()
		const slow = await failure(clientFor(me, { timeoutMs: 150 }).getMe())
		expect(slow.code).toBe('NETWORK')
		expect(slow.message).toContain('did not answer')
		expect(Date.now() - started).toBeLessThan(900)
		fake.setDelayMs(0, me.liAt)

		const closed = await startFakeLinkedIn()
		const gone = createLinkedInClient({
			baseUrl: closed.baseUrl,
			cookie: closed.me.cookie,
			csrfToken: closed.me.csrfToken,
		})
		await closed.close()
		expect(await failure(gone.getMe())).toMatchObject({ code: 'NETWORK' })
	})

	test('the Rest.li protocol header is required', async () => {
		const bare = createLinkedInClient({
			baseUrl: fake.baseUrl,
			cookie: me.cookie,
			csrfToken: me.csrfToken,
			fetch: (input, init) => {
				const headers = new Headers(init?.headers)
				headers.delete('x-restli-protocol-version')
				return fetch(input, { ...init, headers })
			},
		})
		expect(await failure(bare.getMe())).toMatchObject({ code: 'UNKNOWN', status: 400 })
	})

	test('the companion’s pages: /feed/ for a live session, the login page otherwise', async () => {
		const feed = await fetch(`${fake.baseUrl}/feed/`, { headers: { cookie: me.cookie }, redirect: 'manual' })
		expect(feed.status).toBe(200)
		const signedOut = await fetch(`${fake.baseUrl}/feed/`, { redirect: 'manual' })
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.get('location')).toMatch(/^\/uas\/login/)
	})
})

describe('executeLinkedInAction', () => {
	test('CONNECT sends the request with its note; pending and already connected send nothing more', async () => {
		const p = person()
		expect(await execute(claim('CONNECT', p.username, { note: 'Hi Jane' }))).toEqual({
			outcome: 'SENT',
			withNote: true,
		})
		// Retried after the executor died: the invitation is already out.
		expect(await execute(claim('CONNECT', p.username, { note: 'Hi Jane', attempt: 2 }))).toEqual({
			outcome: 'SENT',
		})
		const connected = person({ connected: true })
		expect(await execute(claim('CONNECT', connected.username, { note: 'Hi' }))).toEqual({
			outcome: 'ALREADY_CONNECTED',
		})
		expect(sentBy(me.username, 'voyagerRelationshipsDashMemberRelationships')).toHaveLength(1)
		expect(fake.sent.filter((s) => s.account === me.username)).toEqual([
			{ kind: 'INVITATION', account: me.username, to: p.username, text: 'Hi Jane', at: expect.any(Number) },
		])
	})

	test('CONNECT without a note (and by profile URL only) sends none', async () => {
		const p = person()
		const result = await execute(
			claim('CONNECT', p.username, {
				note: '  ',
				profile: { username: null, url: `https://www.linkedin.com/in/${p.username}/` },
			}),
		)
		expect(result).toEqual({ outcome: 'SENT', withNote: false })
		expect(sentBy(me.username, 'voyagerRelationshipsDashMemberRelationships')[0]!.body).not.toHaveProperty(
			'customMessage',
		)
	})

	test('CONNECT after a withdrawn invitation: CANT_RESEND_YET counts as sent', async () => {
		const p = person()
		await client.sendInvitation({ profileUrn: p.profileUrn, note: null })
		fake.withdrawInvitation(me.username, p.username)
		expect(await execute(claim('CONNECT', p.username, { note: 'Hi' }))).toEqual({ outcome: 'SENT' })
		expect(sentBy(me.username, 'voyagerRelationshipsDashMemberRelationships').map((r) => r.status)).toEqual([
			200, 400,
		])
	})

	test('CONNECT to nobody, or without a profile address, is PROFILE_NOT_FOUND', async () => {
		expect(await execute(claim('CONNECT', 'no-such-person'))).toMatchObject({
			outcome: 'ERROR',
			error: 'PROFILE_NOT_FOUND',
			status: 404,
		})
		expect(await execute(claim('CONNECT', '', { profile: { username: null, url: null } }))).toMatchObject({
			outcome: 'ERROR',
			error: 'PROFILE_NOT_FOUND',
		})
	})

	test('CHECK_ACCEPTANCE: PENDING until the person accepts', async () => {
		const p = person()
		await execute(claim('CONNECT', p.username))
		expect(await execute(claim('CHECK_ACCEPTANCE', p.username))).toEqual({ outcome: 'PENDING' })
		fake.acceptInvitation(me.username, p.username)
		expect(await execute(claim('CHECK_ACCEPTANCE', p.username))).toEqual({ outcome: 'ACCEPTED' })
	})

	test('MESSAGE sends once and answers the conversation', async () => {
		const p = person({ connected: true })
		const result = await execute(claim('MESSAGE', p.username, { message: 'Thanks for connecting!' }))
		expect(result).toEqual({
			outcome: 'SENT',
			conversationId: expect.stringMatching(/^urn:li:msg_conversation:/),
		})
		expect(fake.messagesBetween(me.username, p.username).map((m) => m.text)).toEqual([
			'Thanks for connecting!',
		])
	})

	test('MESSAGE retried after an executor sent it and died: found in the conversation, not sent again', async () => {
		const p = person({ connected: true })
		const since = new Date(Date.now() - 1_000).toISOString()
		// The first executor's send went through; its report never arrived.
		const first = await client.sendMessage({ profileUrn: p.profileUrn, text: 'Quick question about Beta' })
		const before = sentBy(me.username, 'voyagerMessagingDashMessengerMessages').length

		const retry = await execute(
			claim('MESSAGE', p.username, { message: 'Quick question about Beta', attempt: 2, since }),
		)
		expect(retry).toEqual({ outcome: 'SENT', conversationId: first.conversationId })
		expect(sentBy(me.username, 'voyagerMessagingDashMessengerMessages')).toHaveLength(before)
		expect(fake.messagesBetween(me.username, p.username)).toHaveLength(1)

		// Known conversation too: looked up there, still not sent again.
		const again = await execute(
			claim('MESSAGE', p.username, {
				message: 'Quick question about Beta',
				attempt: 3,
				since,
				conversationId: first.conversationId,
			}),
		)
		expect(again).toEqual({ outcome: 'SENT', conversationId: first.conversationId })
		expect(fake.messagesBetween(me.username, p.username)).toHaveLength(1)
		expect(fake.sent.filter((s) => s.account === me.username)).toEqual([
			{
				kind: 'MESSAGE',
				account: me.username,
				to: p.username,
				text: 'Quick question about Beta',
				at: expect.any(Number),
			},
		])
	})

	test('MESSAGE retried when the earlier attempt did not go (or the same words went before `since`): sent', async () => {
		const p = person({ connected: true })
		await client.sendMessage({ profileUrn: p.profileUrn, text: 'Following up' })
		const since = new Date(Date.now() + 5).toISOString()
		await new Promise((resolve) => setTimeout(resolve, 10))
		const result = await execute(claim('MESSAGE', p.username, { message: 'Following up', attempt: 2, since }))
		expect(result.outcome).toBe('SENT')
		expect(fake.messagesBetween(me.username, p.username).map((m) => m.text)).toEqual([
			'Following up',
			'Following up',
		])

		const q = person({ connected: true })
		await execute(
			claim('MESSAGE', q.username, { message: 'Hello', attempt: 2, since: new Date().toISOString() }),
		)
		expect(fake.messagesBetween(me.username, q.username).map((m) => m.text)).toEqual(['Hello'])
	})

	test('MESSAGE to someone who is not a connection is refused by LinkedIn: an ERROR, not a throw', async () => {
		const p = person()
		expect(await execute(claim('MESSAGE', p.username, { message: 'Hi' }))).toMatchObject({
			outcome: 'ERROR',
			error: 'UNKNOWN',
			status: 403,
		})
		expect(await execute(claim('MESSAGE', p.username, { message: null }))).toMatchObject({
			outcome: 'ERROR',
			error: 'UNKNOWN',
		})
	})

	test('SYNC_CONVERSATION: only the person’s messages after `since`, oldest first', async () => {
		const p = person({ connected: true })
		const sent = await execute(claim('MESSAGE', p.username, { message: 'Would a call help?' }))
		const conversationId = sent.outcome === 'SENT' ? sent.conversationId : null
		const since = new Date(Date.now() - 60_000)
		fake.reply(p.username, me.username, 'An old message', { at: new Date(since.getTime() - 3_600_000) })
		expect(await execute(claim('SYNC_CONVERSATION', p.username, { since: since.toISOString() }))).toEqual({
			outcome: 'NO_REPLY',
			conversationId,
		})

		fake.reply(p.username, me.username, 'Yes, Tuesday?', { at: new Date(Date.now() - 2_000) })
		fake.reply(p.username, me.username, 'Or Wednesday', { at: new Date(Date.now() - 1_000) })
		const result = await execute(
			claim('SYNC_CONVERSATION', p.username, { since: since.toISOString(), conversationId }),
		)
		expect(result).toMatchObject({ outcome: 'REPLIED', conversationId })
		expect(result.outcome === 'REPLIED' && result.replies.map((r) => r.text)).toEqual([
			'Yes, Tuesday?',
			'Or Wednesday',
		])
	})

	test('SYNC_CONVERSATION with no conversation yet is NO_REPLY without one', async () => {
		const p = person({ connected: true })
		expect(
			await execute(claim('SYNC_CONVERSATION', p.username, { since: new Date().toISOString() })),
		).toEqual({
			outcome: 'NO_REPLY',
			conversationId: null,
		})
	})

	test('LinkedIn failures become ERROR results with their code and status', async () => {
		const p = person()
		fake.rateLimit(me.liAt, 1, 999)
		expect(await execute(claim('CONNECT', p.username))).toMatchObject({
			outcome: 'ERROR',
			error: 'RATE_LIMITED',
			status: 999,
		})
		fake.failNext(1, 500)
		expect(await execute(claim('CHECK_ACCEPTANCE', p.username))).toMatchObject({
			outcome: 'ERROR',
			error: 'NETWORK',
			status: 500,
		})
		fake.checkpoint(me.liAt)
		expect(await execute(claim('CONNECT', p.username))).toMatchObject({
			outcome: 'ERROR',
			error: 'CHECKPOINT',
		})
		fake.clearCheckpoint(me.liAt)
		fake.expireSession(me.liAt)
		expect(await execute(claim('SYNC_CONVERSATION', p.username))).toMatchObject({
			outcome: 'ERROR',
			error: 'SESSION_EXPIRED',
			status: 401,
		})
		expect(sentBy(me.username, 'voyagerRelationshipsDashMemberRelationships')).toHaveLength(0)
	})
})
