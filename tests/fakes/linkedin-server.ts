import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import { DEFAULT_PEOPLE_SEARCH_QUERY_ID } from '#app/integrations/linkedin/linkedin-client.ts'
import {
	DEFAULT_LINKEDIN_QUERY_IDS,
	type LinkedInQueryIds,
} from '#app/integrations/linkedin/linkedin-request.ts'

/**
 * A fake LinkedIn for the LinkedIn client and the companion (decision 031): the private API
 * (`/voyager/api`, Voyager's shapes as LinkedIn's web app sees them) over a small in-memory world of
 * members, connections, invitations, conversations and posts, plus the few web pages the companion
 * opens (`/feed/`, `/uas/login`, `/checkpoint/challenge/…`). It checks what LinkedIn checks — the
 * li_at session, csrf-token equal to the JSESSIONID cookie, the Rest.li protocol header, the
 * GraphQL query ids — records every request, and has switches for each way LinkedIn fails.
 * Everything is a Map lookup: a benchmark drives 12,000 actions through it.
 */

export type FakeLinkedInMemberInput = {
	username: string
	firstName: string
	lastName: string
	headline?: string
	/** Where they work now: the company's universal name (/company/<name>) or its name; the people search finds them by either. */
	company?: string
	location?: string
}

export type FakeLinkedInAccountInput = FakeLinkedInMemberInput & { liAt?: string; jsessionId?: string }

/** What a client needs to act as an account. */
export type FakeLinkedInCredentials = {
	username: string
	liAt: string
	/** `ajax:…`, without quotes (the cookie holds it quoted). */
	jsessionId: string
	/** The server client's Cookie header. */
	cookie: string
	csrfToken: string
	profileUrn: string
}

export type FakeLinkedInRequest = {
	method: string
	/** The path without the query. */
	path: string
	query: Record<string, string>
	body: unknown
	/** The account whose li_at came with it, whether or not it was accepted. */
	account: string | null
	status: number
	at: number
}

/** An invitation or a message LinkedIn accepted: what a person would receive. */
export type FakeLinkedInSend = {
	kind: 'INVITATION' | 'MESSAGE'
	account: string
	to: string
	/** The note or the message. */
	text: string | null
	at: number
}

type Member = {
	id: string
	username: string
	firstName: string
	lastName: string
	headline: string
	company: string | null
	location: string | null
}
type Account = {
	member: Member
	liAt: string
	jsessionId: string
	expired: boolean
	checkpoint: 'challenge' | 'login' | null
	rateLimited: { remaining: number; status: 429 | 999 }
	invitationQuotaExhausted: boolean
	delayMs: number
}
type Invitation = { id: string; from: Member; to: Member; note: string | null; at: number }
/** LinkedIn refuses a new invitation for three weeks after one is withdrawn. */
const RESEND_COOLDOWN_MS = 21 * 24 * 60 * 60 * 1000
type Message = { id: string; from: Member; text: string; at: number }
type Conversation = { threadId: string; members: [Member, Member]; messages: Message[]; createdAt: number }
type Post = {
	activityId: string
	author: Member
	text: string
	comments: { by: Member; text: string }[]
	reactions: { by: Member; type: string }[]
}

export async function startFakeLinkedIn({
	port = 0,
	accounts: initialAccounts,
	queryIds = DEFAULT_LINKEDIN_QUERY_IDS,
	peopleSearchQueryId = DEFAULT_PEOPLE_SEARCH_QUERY_ID,
	control = false,
}: {
	port?: number
	accounts?: FakeLinkedInAccountInput[]
	queryIds?: LinkedInQueryIds
	peopleSearchQueryId?: string
	/** Serves the control routes (`/__control/…`) for a test in another process (the e2e server's fake). */
	control?: boolean
} = {}) {
	const members = new Map<string, Member>()
	const membersById = new Map<string, Member>()
	const accountsByLiAt = new Map<string, Account>()
	const accountsByUsername = new Map<string, Account>()
	const connections = new Set<string>()
	const invitations = new Map<string, Invitation>()
	const withdrawn = new Map<string, number>()
	const conversations = new Map<string, Conversation>()
	const conversationsByThread = new Map<string, Conversation>()
	const posts = new Map<string, Post>()
	const received: FakeLinkedInRequest[] = []
	const sent: FakeLinkedInSend[] = []
	const timers = new Set<NodeJS.Timeout>()
	let failures = { remaining: 0, status: 500 }
	/** The fake itself once started, when its control routes are on. */
	let controlled: FakeLinkedInControlled | null = null
	let delayMs = 0
	let sequence = 0

	const next = () => (++sequence).toString(36).padStart(8, '0')
	const pair = (a: Member, b: Member) => (a.id < b.id ? `${a.id}|${b.id}` : `${b.id}|${a.id}`)
	const profileUrn = (m: Member) => `urn:li:fsd_profile:${m.id}`
	const conversationUrn = (viewer: Member, c: Conversation) =>
		`urn:li:msg_conversation:(${profileUrn(viewer)},${c.threadId})`

	function member(username: string) {
		const found = members.get(username)
		if (!found) throw new Error(`The fake LinkedIn has no member ${username}`)
		return found
	}
	function account(username: string) {
		const found = accountsByUsername.get(username)
		if (!found) throw new Error(`The fake LinkedIn has no account ${username}`)
		return found
	}

	function addMember(input: FakeLinkedInMemberInput) {
		if (members.has(input.username)) throw new Error(`The fake LinkedIn already has ${input.username}`)
		const created: Member = {
			id: `ACoAA${next()}`,
			username: input.username,
			firstName: input.firstName,
			lastName: input.lastName,
			headline: input.headline ?? '',
			company: input.company?.toLowerCase() ?? null,
			location: input.location ?? null,
		}
		members.set(created.username, created)
		membersById.set(created.id, created)
		return created
	}

	function credentials(a: Account): FakeLinkedInCredentials {
		return {
			username: a.member.username,
			liAt: a.liAt,
			jsessionId: a.jsessionId,
			cookie: `li_at=${a.liAt}; JSESSIONID="${a.jsessionId}"`,
			csrfToken: a.jsessionId,
			profileUrn: profileUrn(a.member),
		}
	}

	function addAccount(input: FakeLinkedInAccountInput) {
		return openSession(addMember(input), input)
	}

	/** A signed-in session of the member: its own li_at and JSESSIONID, its own switches. */
	function openSession(m: Member, input: { liAt?: string; jsessionId?: string } = {}) {
		const created: Account = {
			member: m,
			liAt: input.liAt ?? `AQEDA${next()}${Math.random().toString(36).slice(2)}`,
			jsessionId: (input.jsessionId ?? `ajax:${Date.now()}${next()}`).replace(/"/g, ''),
			expired: false,
			checkpoint: null,
			rateLimited: { remaining: 0, status: 429 },
			invitationQuotaExhausted: false,
			delayMs: 0,
		}
		accountsByLiAt.set(created.liAt, created)
		accountsByUsername.set(created.member.username, created)
		return credentials(created)
	}

	function conversationOf(a: Member, b: Member, create: boolean) {
		const key = pair(a, b)
		let found = conversations.get(key)
		if (!found && create) {
			found = { threadId: `2-${next()}`, members: [a, b], messages: [], createdAt: Date.now() }
			conversations.set(key, found)
			conversationsByThread.set(found.threadId, found)
		}
		return found
	}

	function post(conversation: Conversation, from: Member, text: string, at?: number) {
		// Each message after the last one, as LinkedIn orders them: two in one millisecond would tie.
		const last = conversation.messages.at(-1)?.at ?? -Infinity
		const message: Message = { id: `2-${next()}`, from, text, at: at ?? Math.max(Date.now(), last + 1) }
		conversation.messages.push(message)
		return message
	}

	// ---- the API ----

	type Context = {
		req: IncomingMessage
		res: ServerResponse
		url: URL
		body: unknown
		record: FakeLinkedInRequest
		account: Account
	}

	function send(
		res: ServerResponse,
		record: FakeLinkedInRequest,
		status: number,
		body: unknown,
		headers: Record<string, string> = {},
	) {
		record.status = status
		const text = typeof body === 'string' ? body : JSON.stringify(body)
		res.writeHead(status, {
			'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
			...headers,
		})
		res.end(text)
	}
	const error = (ctx: Context, status: number, message: string, code?: string) =>
		send(ctx.res, ctx.record, status, { status, message, ...(code ? { code, data: { code, status } } : {}) })

	function miniProfile(m: Member) {
		return {
			$type: 'com.linkedin.voyager.identity.shared.MiniProfile',
			entityUrn: `urn:li:fs_miniProfile:${m.id}`,
			dashEntityUrn: profileUrn(m),
			objectUrn: `urn:li:member:${m.id}`,
			publicIdentifier: m.username,
			firstName: m.firstName,
			lastName: m.lastName,
			occupation: m.headline,
			trackingId: next(),
		}
	}

	function getMe(ctx: Context) {
		const mini = miniProfile(ctx.account.member)
		send(ctx.res, ctx.record, 200, {
			data: {
				$type: 'com.linkedin.voyager.common.Me',
				plainId: sequence,
				premiumSubscriber: false,
				'*miniProfile': mini.entityUrn,
			},
			included: [mini],
		})
	}

	function getProfile(ctx: Context) {
		const q = ctx.url.searchParams
		if (q.get('q') !== 'memberIdentity') return error(ctx, 400, 'Unsupported finder')
		const target = members.get(q.get('memberIdentity') ?? '')
		if (!target) return error(ctx, 404, 'Profile not found')
		const viewer = ctx.account.member
		const relationshipUrn = `urn:li:fsd_memberRelationship:${target.id}`
		const included: Record<string, unknown>[] = []
		let union: Record<string, unknown>
		if (viewer === target) union = { self: {} }
		else if (connections.has(pair(viewer, target))) {
			const connectionUrn = `urn:li:fsd_connection:(${viewer.id},${target.id})`
			union = { '*connection': connectionUrn }
			included.push({
				$type: 'com.linkedin.voyager.dash.relationships.Connection',
				entityUrn: connectionUrn,
				connectedMember: profileUrn(target),
			})
		} else {
			const sent = invitations.get(`${viewer.id}>${target.id}`)
			const got = invitations.get(`${target.id}>${viewer.id}`)
			const invitation = sent ?? got
			let invitationUnion: Record<string, unknown> = { noInvitation: {} }
			if (invitation) {
				const invitationUrn = `urn:li:fsd_invitation:${invitation.id}`
				invitationUnion = { '*invitation': invitationUrn }
				included.push({
					$type: 'com.linkedin.voyager.dash.relationships.invitation.Invitation',
					entityUrn: invitationUrn,
					invitationState: 'PENDING',
					invitationType: sent ? 'SENT' : 'RECEIVED',
					sentTime: invitation.at,
				})
			}
			union = { noConnection: { memberDistance: 'DISTANCE_2', invitationUnion } }
		}
		included.push(
			{
				$type: 'com.linkedin.voyager.dash.relationships.MemberRelationship',
				entityUrn: relationshipUrn,
				memberRelationshipUnion: union,
			},
			{
				$type: 'com.linkedin.voyager.dash.identity.profile.Profile',
				entityUrn: profileUrn(target),
				objectUrn: `urn:li:member:${target.id}`,
				publicIdentifier: target.username,
				firstName: target.firstName,
				lastName: target.lastName,
				headline: target.headline,
				'*memberRelationship': relationshipUrn,
			},
		)
		send(ctx.res, ctx.record, 200, {
			data: {
				$type: 'com.linkedin.restli.common.CollectionResponse',
				'*elements': [profileUrn(target)],
				paging: { start: 0, count: 1, total: 1 },
			},
			included,
		})
	}

	function createInvitation(ctx: Context) {
		if (ctx.url.searchParams.get('action') !== 'verifyQuotaAndCreateV2')
			return error(ctx, 400, 'Unknown action')
		const body = (ctx.body ?? {}) as {
			invitee?: { inviteeUnion?: { memberProfile?: string } }
			inviteeProfileUrn?: string
			customMessage?: string
		}
		const urn = body.invitee?.inviteeUnion?.memberProfile ?? body.inviteeProfileUrn ?? ''
		const target = membersById.get(urn.replace('urn:li:fsd_profile:', ''))
		if (!target) return error(ctx, 400, 'Invalid invitee', 'INVALID_INVITEE')
		const from = ctx.account.member
		const note = body.customMessage ? body.customMessage : null
		if (note && note.length > 300) return error(ctx, 400, 'The note is too long', 'CUSTOM_MESSAGE_TOO_LONG')
		if (ctx.account.invitationQuotaExhausted)
			return error(ctx, 400, 'Weekly invitation limit reached', 'FUSE_LIMIT_EXCEEDED')
		const key = `${from.id}>${target.id}`
		const cooling = (withdrawn.get(key) ?? -Infinity) + RESEND_COOLDOWN_MS > Date.now()
		if (invitations.has(key) || cooling || connections.has(pair(from, target))) {
			return error(ctx, 400, 'An invitation cannot be re-sent yet', 'CANT_RESEND_YET')
		}
		const invitation: Invitation = { id: next(), from, to: target, note, at: Date.now() }
		invitations.set(key, invitation)
		sent.push({
			kind: 'INVITATION',
			account: from.username,
			to: target.username,
			text: note,
			at: invitation.at,
		})
		send(ctx.res, ctx.record, 200, {
			data: {
				$type: 'com.linkedin.restli.common.ActionResponse',
				value: { invitationUrn: `urn:li:fsd_invitation:${invitation.id}`, '*invitee': profileUrn(target) },
			},
			included: [],
		})
	}

	function createMessage(ctx: Context) {
		if (ctx.url.searchParams.get('action') !== 'createMessage') return error(ctx, 400, 'Unknown action')
		const body = (ctx.body ?? {}) as {
			message?: { body?: { text?: string }; conversationUrn?: string }
			mailboxUrn?: string
			hostRecipientUrns?: string[]
		}
		const me = ctx.account.member
		if (body.mailboxUrn !== profileUrn(me)) return error(ctx, 403, 'Not your mailbox')
		const text = body.message?.body?.text
		if (!text) return error(ctx, 400, 'A message needs a body')
		let conversation: Conversation | undefined
		if (body.message?.conversationUrn) {
			conversation = conversationByUrn(me, body.message.conversationUrn)
			if (!conversation) return error(ctx, 404, 'No such conversation')
		} else {
			const recipients = body.hostRecipientUrns ?? []
			const to =
				recipients.length === 1
					? membersById.get(recipients[0]!.replace('urn:li:fsd_profile:', ''))
					: undefined
			if (!to) return error(ctx, recipients.length === 1 ? 404 : 400, 'Unknown recipient')
			// Only first-degree connections can be messaged without InMail.
			if (!connections.has(pair(me, to)))
				return error(ctx, 403, 'The recipient is not a connection', 'NOT_CONNECTED')
			conversation = conversationOf(me, to, true)!
		}
		const message = post(conversation, me, text)
		const to = conversation.members[0] === me ? conversation.members[1] : conversation.members[0]
		sent.push({ kind: 'MESSAGE', account: me.username, to: to.username, text, at: message.at })
		send(ctx.res, ctx.record, 200, {
			value: {
				$type: 'com.linkedin.messenger.Message',
				entityUrn: `urn:li:msg_message:(${profileUrn(me)},${message.id})`,
				backendUrn: `urn:li:messagingMessage:${message.id}`,
				conversationUrn: conversationUrn(me, conversation),
				backendConversationUrn: `urn:li:messagingThread:${conversation.threadId}`,
				deliveredAt: message.at,
				body: { text, attributes: [] },
				sender: { hostIdentityUrn: profileUrn(me) },
			},
		})
	}

	function conversationByUrn(viewer: Member, urn: string) {
		const match = urn.match(/^urn:li:msg_conversation:\(urn:li:fsd_profile:([^,]+),([^)]+)\)$/)
		if (!match || match[1] !== viewer.id) return undefined
		const found = conversationsByThread.get(match[2]!)
		return found?.members.includes(viewer) ? found : undefined
	}

	/** `(a:x,b:List(y,z))` with Rest.li-encoded values → { a: 'x', b: 'y,z' } (values decoded). */
	function restliVariables(raw: string) {
		const out: Record<string, string> = {}
		const inner = raw.replace(/^\(|\)$/g, '')
		for (const part of inner.split(/,(?![^(]*\))/)) {
			const at = part.indexOf(':')
			if (at < 0) continue
			const value = part.slice(at + 1).replace(/^List\((.*)\)$/, '$1')
			out[part.slice(0, at)] = value.split(',').map(decodeURIComponent).join(',')
		}
		return out
	}

	function graphql(ctx: Context) {
		const rawQuery = ctx.req.url?.split('?')[1] ?? ''
		const rawVariables =
			rawQuery
				.split('&')
				.find((p) => p.startsWith('variables='))
				?.slice('variables='.length) ?? ''
		const queryId = ctx.url.searchParams.get('queryId')
		const variables = restliVariables(rawVariables)
		const me = ctx.account.member
		const element = (c: Conversation) => ({
			$type: 'com.linkedin.messenger.Conversation',
			entityUrn: conversationUrn(me, c),
			backendUrn: `urn:li:messagingThread:${c.threadId}`,
			groupChat: false,
			createdAt: c.createdAt,
			lastActivityAt: c.messages.at(-1)?.at ?? c.createdAt,
			conversationParticipants: c.members.map((m) => ({ hostIdentityUrn: profileUrn(m) })),
		})
		if (queryId === queryIds.conversations) {
			if (variables.mailboxUrn !== profileUrn(me)) return error(ctx, 403, 'Not your mailbox')
			const found: Conversation[] = []
			for (const urn of (variables.recipients ?? '').split(',')) {
				const other = membersById.get(urn.replace('urn:li:fsd_profile:', ''))
				const c = other && conversationOf(me, other, false)
				if (c) found.push(c)
			}
			return send(ctx.res, ctx.record, 200, {
				data: {
					messengerConversationsByRecipients: {
						$type: 'com.linkedin.restli.common.CollectionResponse',
						elements: found.map(element),
						metadata: {},
					},
				},
			})
		}
		if (queryId === queryIds.messages) {
			const c = conversationByUrn(me, variables.conversationUrn ?? '')
			if (!c) return error(ctx, 404, 'No such conversation')
			// Newest first, as LinkedIn's sync answers; the client orders them.
			const elements = c.messages
				.slice(-100)
				.reverse()
				.map((m) => ({
					$type: 'com.linkedin.messenger.Message',
					entityUrn: `urn:li:msg_message:(${profileUrn(me)},${m.id})`,
					backendUrn: `urn:li:messagingMessage:${m.id}`,
					deliveredAt: m.at,
					body: { text: m.text, attributes: [] },
					sender: {
						hostIdentityUrn: profileUrn(m.from),
						participantType: {
							member: { firstName: { text: m.from.firstName }, lastName: { text: m.from.lastName } },
						},
					},
					conversation: { entityUrn: conversationUrn(me, c) },
				}))
			return send(ctx.res, ctx.record, 200, {
				data: { messengerMessagesBySyncToken: { elements, metadata: { newSyncToken: next() } } },
			})
		}
		// A rotated query id: LinkedIn no longer knows the old one.
		send(ctx.res, ctx.record, 400, { errors: [{ message: `Unknown queryId ${queryId}` }] })
	}

	function postOf(urn: string | null) {
		const match = urn?.match(/^(?:urn:li:)?activity:(\d+)$/)
		return match ? posts.get(match[1]!) : undefined
	}

	function page<T>(ctx: Context, items: T[], map: (item: T) => unknown) {
		const start = Math.max(0, Number(ctx.url.searchParams.get('start') ?? 0) || 0)
		const count = Math.min(100, Math.max(1, Number(ctx.url.searchParams.get('count') ?? 10) || 10))
		send(ctx.res, ctx.record, 200, {
			elements: items.slice(start, start + count).map(map),
			paging: { start, count, total: items.length },
			metadata: { paginationToken: '' },
		})
	}
	const actor = (m: Member) => ({ 'com.linkedin.voyager.feed.MemberActor': { miniProfile: miniProfile(m) } })

	function feed(ctx: Context, path: string) {
		const q = ctx.url.searchParams
		if (path === 'feed/updatesV2') {
			const found = postOf(q.get('urnOrNss'))
			return send(ctx.res, ctx.record, 200, {
				elements: found
					? [
							{
								urn: `urn:li:activity:${found.activityId}`,
								actor: { name: { text: `${found.author.firstName} ${found.author.lastName}` } },
								commentary: { text: { text: found.text } },
							},
						]
					: [],
				paging: { start: 0, count: 1, total: found ? 1 : 0 },
			})
		}
		if (path === 'feed/comments') {
			const found = postOf(q.get('updateId'))
			if (!found) return error(ctx, 404, 'No such update')
			return page(ctx, found.comments, (c) => ({
				urn: `urn:li:comment:(activity:${found.activityId},${next()})`,
				commenter: actor(c.by),
				commentV2: { text: c.text },
			}))
		}
		const found = postOf(q.get('entityUrn') ?? q.get('threadUrn'))
		if (!found) return error(ctx, 404, 'No such update')
		page(ctx, found.reactions, (r) => ({ reactionType: r.type, actor: actor(r.by) }))
	}

	/**
	 * LinkedIn's people search (search/dash/clusters through GraphQL): the members whose company is
	 * the `currentCompany` filter's universal name or the keywords, 10 a page, in the order added.
	 */
	function peopleSearch(ctx: Context) {
		const q = ctx.url.searchParams
		const queryId = q.get('queryId')
		if (queryId !== peopleSearchQueryId) {
			return send(ctx.res, ctx.record, 400, { errors: [{ message: `Unknown queryId ${queryId}` }] })
		}
		const variables = q.get('variables') ?? ''
		const company = variables.match(/key:currentCompany,value:List\(([^)]*)\)/)?.[1]
		const keywords = variables.match(/keywords:([^,]*),/)?.[1]
		const wanted = decodeURIComponent(company ?? keywords ?? '').toLowerCase()
		const start = Number(variables.match(/\(start:(\d+)/)?.[1] ?? 0)
		const count = Math.min(50, Number(variables.match(/count:(\d+)\)$/)?.[1] ?? 10))
		const found = wanted
			? [...members.values()].filter((m) => m.company === wanted && m !== ctx.account.member)
			: []
		const items = found.slice(start, start + count).map((m) => ({
			item: {
				entityResult: {
					entityUrn: `urn:li:fsd_entityResultViewModel:(${profileUrn(m)},SEARCH_SRP,DEFAULT)`,
					title: { text: `${m.firstName} ${m.lastName}`.trim() },
					primarySubtitle: m.headline ? { text: m.headline } : null,
					secondarySubtitle: m.location ? { text: m.location } : null,
					navigationUrl: `https://www.linkedin.com/in/${m.username}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3A${m.id}`,
				},
			},
		}))
		send(ctx.res, ctx.record, 200, {
			data: {
				searchDashClustersByAll: {
					elements: [{ items }],
					paging: { start, count, total: found.length },
				},
			},
		})
	}

	const routes: Record<string, (ctx: Context, path: string) => void> = {
		'GET graphql': peopleSearch,
		'GET me': getMe,
		'GET identity/dash/profiles': getProfile,
		'POST voyagerRelationshipsDashMemberRelationships': createInvitation,
		'POST voyagerMessagingDashMessengerMessages': createMessage,
		'GET voyagerMessagingGraphQL/graphql': graphql,
		'GET feed/updatesV2': feed,
		'GET feed/comments': feed,
		'GET feed/reactions': feed,
	}

	// ---- the web pages ----

	function page_(res: ServerResponse, record: FakeLinkedInRequest, title: string) {
		send(
			res,
			record,
			200,
			`<!doctype html><html><head><title>${title} | LinkedIn</title></head><body><h1>${title}</h1></body></html>`,
		)
	}
	function redirect(res: ServerResponse, record: FakeLinkedInRequest, to: string) {
		record.status = 302
		res.writeHead(302, { location: to })
		res.end()
	}
	const signInRedirect = (a: Account | undefined, from: string) =>
		a?.checkpoint === 'challenge'
			? `/checkpoint/challenge/AgF${a.liAt.slice(-8)}?ut=1`
			: `/uas/login?session_redirect=${encodeURIComponent(from)}`

	// ---- the server ----

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake-linkedin')
		const cookies = parseCookies(req.headers.cookie)
		const liAt = cookies.get('li_at')
		const found = liAt ? accountsByLiAt.get(liAt) : undefined
		const text = await readBody(req)
		let body: unknown = text || null
		try {
			body = text ? JSON.parse(text) : null
		} catch {
			// Kept as text.
		}
		// Not LinkedIn's: the test driving the fake, so not recorded.
		if (controlled && url.pathname.startsWith(CONTROL_PREFIX)) {
			return answerControl(controlled, req.method ?? 'GET', url.pathname, body, res)
		}
		const record: FakeLinkedInRequest = {
			method: req.method ?? 'GET',
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			body,
			account: found?.member.username ?? null,
			status: 0,
			at: Date.now(),
		}
		received.push(record)

		const wait = Math.max(delayMs, found?.delayMs ?? 0)
		if (wait > 0) {
			await new Promise<void>((resolve) => {
				const timer = setTimeout(() => (timers.delete(timer), resolve()), wait)
				timers.add(timer)
			})
			if (res.destroyed) return
		}

		const valid = found && !found.expired ? found : undefined
		if (!url.pathname.startsWith('/voyager/api/')) {
			if (url.pathname === '/feed/' || url.pathname === '/feed') {
				if (!valid || valid.checkpoint) return redirect(res, record, signInRedirect(valid, url.pathname))
				return page_(res, record, 'Feed')
			}
			if (url.pathname.startsWith('/uas/login') || url.pathname === '/login')
				return page_(res, record, 'Sign in')
			if (url.pathname.startsWith('/checkpoint/')) return page_(res, record, 'Security verification')
			return send(res, record, 404, { status: 404, message: 'Not found' })
		}

		if (failures.remaining > 0) {
			failures.remaining--
			return send(res, record, failures.status, { status: failures.status, message: 'Internal error' })
		}
		// LinkedIn's CSRF check: the header must equal the JSESSIONID cookie (without its quotes).
		const jsession = cookies.get('JSESSIONID')?.replace(/^"|"$/g, '')
		if (!jsession || req.headers['csrf-token'] !== jsession) {
			return send(res, record, 403, { status: 403, message: 'CSRF check failed.' })
		}
		if (!valid || valid.jsessionId !== jsession) {
			return send(
				res,
				record,
				401,
				{ status: 401, message: 'Unauthorized' },
				{ 'set-cookie': 'li_at=delete me; Max-Age=0; Path=/' },
			)
		}
		if (valid.checkpoint) return redirect(res, record, signInRedirect(valid, url.pathname))
		if (valid.rateLimited.remaining > 0) {
			valid.rateLimited.remaining--
			return valid.rateLimited.status === 999
				? send(res, record, 999, '<html><body>Request denied</body></html>')
				: send(res, record, 429, { status: 429, message: 'Too many requests' })
		}
		if (req.headers['x-restli-protocol-version'] !== '2.0.0') {
			return send(res, record, 400, { status: 400, message: 'x-restli-protocol-version 2.0.0 is required' })
		}
		const path = url.pathname.slice('/voyager/api/'.length).replace(/\/+$/, '')
		const route = routes[`${req.method} ${path}`]
		if (!route) return send(res, record, 404, { status: 404, message: `No route ${req.method} ${path}` })
		route({ req, res, url, body, record, account: valid }, path)
	}

	const server = createServer((req, res) => {
		void handle(req, res).catch((err: unknown) => {
			if (!res.headersSent) {
				res.writeHead(500, { 'content-type': 'application/json' })
				res.end(JSON.stringify({ status: 500, message: String(err) }))
			}
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	const created = (
		initialAccounts ?? [
			{ username: 'sam-seller', firstName: 'Sam', lastName: 'Seller', headline: 'Account Executive' },
		]
	).map(addAccount)

	const fake = {
		baseUrl,
		/** The first account: the signed-in member most tests act as (none with `accounts: []`). */
		get me(): FakeLinkedInCredentials {
			if (!created[0]) throw new Error('The fake LinkedIn was started without accounts')
			return created[0]
		},
		received,
		/** Every invitation and message LinkedIn accepted, in order: "sent twice" shows here. */
		sent,
		state: { members, accountsByUsername, connections, invitations, conversations, posts },
		queryIds,

		addAccount,
		/** The member signs in again (after an expiry or a checkpoint): a new session, the old one unchanged. */
		signIn: (username: string) => openSession(account(username).member),
		credentials: (username: string) => credentials(account(username)),
		/** A person; `connectedTo`: accounts (or people) already connected with them. */
		addPerson(input: FakeLinkedInMemberInput & { connectedTo?: string[] }) {
			const created = addMember(input)
			for (const other of input.connectedTo ?? []) connections.add(pair(created, member(other)))
			return {
				username: created.username,
				profileUrn: profileUrn(created),
				url: `${baseUrl}/in/${created.username}`,
			}
		},
		/** The person accepts the account's pending invitation. */
		acceptInvitation(fromAccount: string, username: string) {
			const from = account(fromAccount).member
			const to = member(username)
			if (!invitations.delete(`${from.id}>${to.id}`))
				throw new Error(`${fromAccount} has not invited ${username}`)
			connections.add(pair(from, to))
		},
		/** The account withdraws its invitation: the profile shows none, a new one is CANT_RESEND_YET for 3 weeks. */
		withdrawInvitation(fromAccount: string, username: string) {
			const key = `${account(fromAccount).member.id}>${member(username).id}`
			if (!invitations.delete(key)) throw new Error(`${fromAccount} has not invited ${username}`)
			withdrawn.set(key, Date.now())
		},
		/** The person writes to the account (in their conversation, opened if none). */
		reply(username: string, toAccount: string, text: string, { at }: { at?: Date } = {}) {
			const from = member(username)
			const conversation = conversationOf(account(toAccount).member, from, true)!
			const message = post(conversation, from, text, at?.getTime())
			conversation.messages.sort((a, b) => a.at - b.at)
			return { id: message.id, conversationId: conversationUrn(account(toAccount).member, conversation) }
		},
		/** A post with its comments and reactions (by known members). */
		addPost(input: {
			author: string
			text: string
			comments?: { username: string; text: string }[]
			reactions?: { username: string; type?: string }[]
		}) {
			const activityId = String(7_100_000_000_000_000_000n + BigInt(sequence++))
			posts.set(activityId, {
				activityId,
				author: member(input.author),
				text: input.text,
				comments: (input.comments ?? []).map((c) => ({ by: member(c.username), text: c.text })),
				reactions: (input.reactions ?? []).map((r) => ({ by: member(r.username), type: r.type ?? 'LIKE' })),
			})
			return {
				activityId,
				url: `https://www.linkedin.com/posts/${input.author}_post-activity-${activityId}-AbCd`,
				updateUrl: `https://www.linkedin.com/feed/update/urn:li:activity:${activityId}/`,
			}
		},
		invitationsFrom(fromAccount: string) {
			const from = account(fromAccount).member
			return [...invitations.values()]
				.filter((i) => i.from === from)
				.map((i) => ({ to: i.to.username, note: i.note }))
		},
		messagesBetween(accountName: string, username: string) {
			const c = conversationOf(account(accountName).member, member(username), false)
			return (c?.messages ?? []).map((m) => ({
				from: m.from.username,
				text: m.text,
				date: new Date(m.at).toISOString(),
			}))
		},
		isConnected: (a: string, b: string) => connections.has(pair(member(a), member(b))),

		// ---- failures ----
		/** Every request with this li_at answers 401 from now on. */
		expireSession: (liAt: string) => void (accountFor(liAt).expired = true),
		/** The next `n` API requests of this account answer 429 (or LinkedIn's 999). */
		rateLimit: (liAt: string, n: number, status: 429 | 999 = 429) =>
			void (accountFor(liAt).rateLimited = { remaining: n, status }),
		/** The account's requests redirect to a checkpoint (captcha) or to the login page until cleared. */
		checkpoint: (liAt: string, kind: 'challenge' | 'login' = 'challenge') =>
			void (accountFor(liAt).checkpoint = kind),
		clearCheckpoint: (liAt: string) => void (accountFor(liAt).checkpoint = null),
		/** LinkedIn's own weekly invitation limit: invitations answer 400 FUSE_LIMIT_EXCEEDED. */
		exhaustInvitationQuota: (liAt: string) => void (accountFor(liAt).invitationQuotaExhausted = true),
		/** The next `n` API requests (anyone's) answer `status`. */
		failNext: (n: number, status = 500) => void (failures = { remaining: n, status }),
		/** Answers wait `ms` (only this account's when `liAt` is given). */
		setDelayMs(ms: number, liAt?: string) {
			if (liAt) accountFor(liAt).delayMs = ms
			else delayMs = ms
		},
		clearReceived: () => void (received.length = 0),
		close: () =>
			new Promise<void>((resolve) => {
				for (const timer of timers) clearTimeout(timer)
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
	if (control) controlled = fake
	return fake

	function accountFor(liAt: string) {
		const found = accountsByLiAt.get(liAt)
		if (!found) throw new Error(`The fake LinkedIn has no session ${liAt}`)
		return found
	}
}

export type FakeLinkedIn = Awaited<ReturnType<typeof startFakeLinkedIn>>

function parseCookies(header: string | undefined) {
	const cookies = new Map<string, string>()
	for (const part of (header ?? '').split(';')) {
		const at = part.indexOf('=')
		if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
	}
	return cookies
}

async function readBody(req: IncomingMessage) {
	const chunks: Buffer[] = []
	for await (const chunk of req) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks).toString('utf8')
}

// ---- control routes: the e2e server runs the fake in its own process, so a spec drives it over HTTP ----

const CONTROL_PREFIX = '/__control/'

/** What the control routes reach of the fake (spelled out: the fake's own type is inferred from it). */
type FakeLinkedInControlled = {
	sent: FakeLinkedInSend[]
	addAccount: (input: FakeLinkedInAccountInput) => FakeLinkedInCredentials
	addPerson: (input: FakeLinkedInMemberInput & { connectedTo?: string[] }) => {
		username: string
		profileUrn: string
		url: string
	}
	acceptInvitation: (fromAccount: string, username: string) => void
	reply: (username: string, toAccount: string, text: string) => { id: string; conversationId: string }
}

type ControlBody = {
	account?: FakeLinkedInAccountInput
	person?: FakeLinkedInMemberInput & { connectedTo?: string[] }
	fromAccount?: string
	toAccount?: string
	username?: string
	text?: string
}

function answerControl(
	fake: FakeLinkedInControlled,
	method: string,
	path: string,
	body: unknown,
	res: ServerResponse,
) {
	const input = (body ?? {}) as ControlBody
	const answer = (status: number, value: unknown) => {
		res.writeHead(status, { 'content-type': 'application/json' })
		res.end(JSON.stringify(value ?? null))
	}
	const routes: Record<string, () => unknown> = {
		'POST accounts': () => fake.addAccount(required(input.account, 'account')),
		'POST people': () => fake.addPerson(required(input.person, 'person')),
		'POST invitations/accept': () =>
			fake.acceptInvitation(required(input.fromAccount, 'fromAccount'), required(input.username, 'username')),
		'POST replies': () =>
			fake.reply(
				required(input.username, 'username'),
				required(input.toAccount, 'toAccount'),
				required(input.text, 'text'),
			),
		'GET sent': () => fake.sent,
	}
	const route = routes[`${method} ${path.slice(CONTROL_PREFIX.length)}`]
	if (!route) return answer(404, { message: `No control route ${method} ${path}` })
	try {
		answer(200, route())
	} catch (error) {
		// The fake's own refusals ("has not invited", "already has"): the spec's mistake, said plainly.
		answer(400, { message: error instanceof Error ? error.message : String(error) })
	}
}

function required<T>(value: T | undefined, name: string): T {
	if (value === undefined || value === null) throw new Error(`The control request needs ${name}`)
	return value
}

/** A spec's handle on a fake LinkedIn started with `control: true` in another process. */
export function fakeLinkedInControl(baseUrl: string) {
	async function call<T>(method: 'GET' | 'POST', path: string, body?: ControlBody): Promise<T> {
		const response = await fetch(`${baseUrl}${CONTROL_PREFIX}${path}`, {
			method,
			headers: body ? { 'content-type': 'application/json' } : {},
			body: body ? JSON.stringify(body) : undefined,
		})
		const answer = (await response.json()) as T & { message?: string }
		if (!response.ok) throw new Error(`fake LinkedIn ${method} ${path}: ${answer.message ?? response.status}`)
		return answer
	}
	return {
		baseUrl,
		addAccount: (account: FakeLinkedInAccountInput) =>
			call<FakeLinkedInCredentials>('POST', 'accounts', { account }),
		addPerson: (person: FakeLinkedInMemberInput & { connectedTo?: string[] }) =>
			call<{ username: string; profileUrn: string; url: string }>('POST', 'people', { person }),
		/** The person accepts the account's pending invitation. */
		acceptInvitation: (fromAccount: string, username: string) =>
			call<null>('POST', 'invitations/accept', { fromAccount, username }),
		/** The person writes to the account. */
		reply: (username: string, toAccount: string, text: string) =>
			call<{ id: string; conversationId: string }>('POST', 'replies', { username, toAccount, text }),
		/** Every invitation and message LinkedIn accepted, in order. */
		sent: () => call<FakeLinkedInSend[]>('GET', 'sent'),
	}
}

export type FakeLinkedInControl = ReturnType<typeof fakeLinkedInControl>
