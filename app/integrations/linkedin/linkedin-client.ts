import {
	createLinkedInRequester,
	DEFAULT_LINKEDIN_QUERY_IDS,
	LinkedInRequestError,
	type LinkedInQueryIds,
	type LinkedInRequestOptions,
	restliEncode,
} from './linkedin-request.ts'
import { LINKEDIN_PROFILE_BASE_URL, linkedInPostUrn, linkedInProfileUrl } from './linkedin-urls.ts'

// LinkedIn's private API, as the signed-in member's own browser calls it (decision 031).
// Isomorphic: the server executor and the companion's service worker both use this file.

export {
	DEFAULT_LINKEDIN_QUERY_IDS,
	LinkedInRequestError,
	linkedInCookieHeader,
	linkedInCsrfToken,
	type LinkedInQueryIds,
} from './linkedin-request.ts'

/** LinkedIn's people search (search/dash/clusters as GraphQL); rotates like the others: configuration. */
export const DEFAULT_PEOPLE_SEARCH_QUERY_ID = 'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0'

export type LinkedInClientOptions = LinkedInRequestOptions & {
	queryIds?: Partial<LinkedInQueryIds>
	/** The people search's query id (LINKEDIN_PEOPLE_SEARCH_QUERY_ID). */
	peopleSearchQueryId?: string
	/** Where contacts' profile URLs point (LinkedIn's own address, also when the API is a fake). */
	profileBaseUrl?: string
}

export type LinkedInMe = {
	publicIdentifier: string
	firstName: string
	lastName: string
	headline: string | null
	/** urn:li:fsd_profile:… — the member's mailbox for messaging. */
	profileUrn: string
}

export type LinkedInConnection = 'CONNECTED' | 'PENDING' | 'NONE'

export type LinkedInProfile = {
	profileUrn: string
	publicIdentifier: string
	firstName: string
	lastName: string
	headline: string | null
	connection: LinkedInConnection
}

export type LinkedInMessage = { id: string; text: string; date: string; fromMe: boolean }

export type LinkedInPostContact = {
	firstName: string
	lastName: string
	linkedin: string
	headline: string | null
	source: 'comment' | 'reaction'
}

/** A person found by the people search: what LinkedIn shows on a search result. */
export type LinkedInSearchPerson = {
	firstName: string
	lastName: string
	headline: string | null
	location: string | null
	linkedin: string
	profileUrn: string | null
}

export type LinkedInClient = ReturnType<typeof createLinkedInClient>

const PROFILE_DECORATION = 'com.linkedin.voyager.dash.deco.identity.profile.WebTopCardCore-16'
const INVITATION_DECORATION =
	'com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2'
/** LinkedIn answers at most 100 comments or reactions a page. */
const PAGE_SIZE = 100

/** A message's other party: the conversation when known, else the person. */
type Person = { profileUrn?: string | null; conversationId?: string | null }

type Entity = Record<string, unknown> & { entityUrn?: string }
type Normalized = { data?: Record<string, unknown>; included?: Entity[] }

export function createLinkedInClient(options: LinkedInClientOptions) {
	const request = createLinkedInRequester(options)
	const queryIds = { ...DEFAULT_LINKEDIN_QUERY_IDS, ...options.queryIds }
	const profileBase = options.profileBaseUrl ?? LINKEDIN_PROFILE_BASE_URL
	let me: Promise<LinkedInMe> | null = null

	async function fetchMe(): Promise<LinkedInMe> {
		const body = await request<Normalized & { miniProfile?: Entity }>('/me')
		const ref = body.data?.['*miniProfile']
		const mini = body.included?.find((e) => e.entityUrn === ref) ?? body.miniProfile
		const profileUrn =
			str(mini?.dashEntityUrn) ?? str(mini?.entityUrn)?.replace('fs_miniProfile', 'fsd_profile')
		const publicIdentifier = str(mini?.publicIdentifier)
		if (!mini || !profileUrn || !publicIdentifier) {
			throw new LinkedInRequestError('UNKNOWN', 'LinkedIn did not say who is signed in')
		}
		return {
			publicIdentifier,
			firstName: str(mini.firstName) ?? '',
			lastName: str(mini.lastName) ?? '',
			headline: str(mini.occupation) ?? null,
			profileUrn,
		}
	}

	/** The signed-in member, asked once per client (a failure is asked again next time). */
	function getMe() {
		me ??= fetchMe().catch((error: unknown) => {
			me = null
			throw error
		})
		return me
	}

	async function getProfile(username: string): Promise<LinkedInProfile> {
		const body = await request<Normalized>(
			`/identity/dash/profiles?q=memberIdentity&memberIdentity=${encodeURIComponent(username)}&decorationId=${PROFILE_DECORATION}`,
			{ notFound: 'PROFILE_NOT_FOUND' },
		)
		const included = body.included ?? []
		const byUrn = (urn: unknown) =>
			typeof urn === 'string' ? included.find((e) => e.entityUrn === urn) : undefined
		const elements = body.data?.['*elements']
		const profile = byUrn(Array.isArray(elements) ? elements[0] : undefined)
		const profileUrn = str(profile?.entityUrn)
		if (!profile || !profileUrn) {
			throw new LinkedInRequestError('PROFILE_NOT_FOUND', `LinkedIn has no profile ${username}`)
		}
		return {
			profileUrn,
			publicIdentifier: str(profile.publicIdentifier) ?? username,
			firstName: str(profile.firstName) ?? '',
			lastName: str(profile.lastName) ?? '',
			headline: str(profile.headline) ?? null,
			connection: connectionOf(byUrn(profile['*memberRelationship']), byUrn),
		}
	}

	/** SENT, or ALREADY_SENT when LinkedIn says CANT_RESEND_YET (an invitation is already out). */
	async function sendInvitation({ profileUrn, note }: { profileUrn: string; note: string | null }) {
		try {
			await request(
				`/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2&decorationId=${INVITATION_DECORATION}`,
				{
					method: 'POST',
					body: {
						invitee: { inviteeUnion: { memberProfile: profileUrn } },
						...(note ? { customMessage: note } : {}),
					},
					notFound: 'PROFILE_NOT_FOUND',
				},
			)
			return 'SENT' as const
		} catch (error) {
			if (error instanceof LinkedInRequestError && error.status === 400) {
				if (error.body.includes('CANT_RESEND_YET')) return 'ALREADY_SENT' as const
				// LinkedIn's own weekly invitation limit: back off like any rate limit.
				if (error.body.includes('FUSE_LIMIT_EXCEEDED')) {
					throw new LinkedInRequestError(
						'RATE_LIMITED',
						'LinkedIn’s weekly invitation limit is reached',
						400,
						error.body,
					)
				}
			}
			throw error
		}
	}

	/** Into the conversation when known, else to the person (LinkedIn opens or reuses the 1:1 thread). */
	async function sendMessage({ profileUrn, conversationId, text }: Person & { text: string }) {
		const { profileUrn: mailboxUrn } = await getMe()
		if (!conversationId && !profileUrn) throw new Error('sendMessage needs a profileUrn or a conversationId')
		const body = await request<{ value?: Entity; data?: { value?: Entity } }>(
			'/voyagerMessagingDashMessengerMessages?action=createMessage',
			{
				method: 'POST',
				body: {
					message: {
						body: { attributes: [], text },
						originToken: crypto.randomUUID(),
						renderContentUnions: [],
						...(conversationId ? { conversationUrn: conversationId } : {}),
					},
					mailboxUrn,
					trackingId: trackingId(),
					dedupeByClientGeneratedToken: false,
					...(conversationId ? {} : { hostRecipientUrns: [profileUrn] }),
				},
				notFound: conversationId ? undefined : 'PROFILE_NOT_FOUND',
			},
		)
		const value = body.value ?? body.data?.value
		return { conversationId: str(value?.conversationUrn) ?? conversationId ?? null }
	}

	async function graphql<T>(queryId: string, variables: string) {
		return request<{ data?: T; errors?: unknown }>(
			`/voyagerMessagingGraphQL/graphql?queryId=${queryId}&variables=${variables}`,
			{ accept: 'graphql' },
		)
	}

	async function findConversation(mailboxUrn: string, profileUrn: string) {
		const body = await graphql<{ messengerConversationsByRecipients?: { elements?: Entity[] } }>(
			queryIds.conversations,
			`(mailboxUrn:${restliEncode(mailboxUrn)},recipients:List(${restliEncode(profileUrn)}))`,
		)
		const elements = body.data?.messengerConversationsByRecipients?.elements ?? []
		const direct = elements.find((e) => e.groupChat !== true) ?? elements[0]
		return str(direct?.entityUrn) ?? null
	}

	/** The 1:1 conversation with the person (found when not known), oldest message first. */
	async function listConversationMessages({ profileUrn, conversationId }: Person) {
		const { profileUrn: mailboxUrn } = await getMe()
		if (!conversationId && !profileUrn)
			throw new Error('listConversationMessages needs a profileUrn or a conversationId')
		const conversation = conversationId || (profileUrn && (await findConversation(mailboxUrn, profileUrn)))
		if (!conversation) return { conversationId: null, messages: [] as LinkedInMessage[] }
		const body = await graphql<Record<string, { elements?: Entity[] } | undefined>>(
			queryIds.messages,
			`(conversationUrn:${restliEncode(conversation)})`,
		)
		const elements =
			body.data?.messengerMessagesBySyncToken?.elements ??
			body.data?.messengerMessagesByAnchorTimestamp?.elements ??
			[]
		const messages: LinkedInMessage[] = []
		for (const element of elements) {
			const id = str(element.entityUrn) ?? str(element.backendUrn)
			const deliveredAt = element.deliveredAt
			if (!id || typeof deliveredAt !== 'number') continue
			const sender = element.sender as { hostIdentityUrn?: string } | undefined
			messages.push({
				id,
				text: str((element.body as { text?: unknown } | undefined)?.text) ?? '',
				date: new Date(deliveredAt).toISOString(),
				fromMe: sender?.hostIdentityUrn === mailboxUrn,
			})
		}
		messages.sort((a, b) => a.date.localeCompare(b.date))
		return { conversationId: conversation, messages }
	}

	type Paged = { elements?: Entity[]; paging?: { total?: number } }

	/** Up to `max` member actors from a paged feed list, in LinkedIn's order. */
	async function readActors(path: (start: number, count: number) => string, actorKey: string, max: number) {
		const actors: Entity[] = []
		for (let start = 0; actors.length < max;) {
			const count = Math.min(PAGE_SIZE, max - actors.length)
			const page = await request<Paged>(path(start, count), { accept: 'json' })
			const elements = page.elements ?? []
			for (const element of elements) {
				const actor = element[actorKey] as Record<string, { miniProfile?: Entity } | undefined> | undefined
				const mini = actor?.['com.linkedin.voyager.feed.MemberActor']?.miniProfile
				if (mini && actors.length < max) actors.push(mini)
			}
			start += elements.length
			if (elements.length === 0 || start >= (page.paging?.total ?? Infinity)) break
		}
		return actors
	}

	/** The people who commented on and reacted to a post (each once, comments first), and its text. */
	async function getPostAuthors({
		url,
		channel,
		maxComments,
		maxReactions,
	}: {
		url: string
		channel: 'all' | 'comments' | 'reactions'
		maxComments: number
		maxReactions: number
	}) {
		const threadUrn = linkedInPostUrn(url)
		if (!threadUrn) throw new LinkedInRequestError('UNKNOWN', 'The link is not a LinkedIn post')
		const post = await request<{ elements?: Entity[] }>(
			`/feed/updatesV2?q=backendUrnOrNss&urnOrNss=${encodeURIComponent(threadUrn)}&commentsCount=0&likesCount=0`,
			{ accept: 'json' },
		)
		const update = post.elements?.[0]
		if (!update) throw new LinkedInRequestError('UNKNOWN', 'LinkedIn has no such post', 404)
		const commentary = update.commentary as { text?: { text?: unknown } } | undefined
		const text = str(commentary?.text?.text) ?? ''

		const contacts: LinkedInPostContact[] = []
		const seen = new Set<string>()
		const add = (mini: Entity, source: LinkedInPostContact['source']) => {
			const username = str(mini.publicIdentifier)
			if (!username || seen.has(username)) return
			seen.add(username)
			contacts.push({
				firstName: str(mini.firstName) ?? '',
				lastName: str(mini.lastName) ?? '',
				linkedin: linkedInProfileUrl(username, profileBase),
				headline: str(mini.occupation) ?? null,
				source,
			})
		}
		const thread = threadUrn.replace(/^urn:li:/, '')
		if (channel !== 'reactions' && maxComments > 0) {
			const commenters = await readActors(
				(start, count) =>
					`/feed/comments?q=comments&sortOrder=RELEVANCE&updateId=${encodeURIComponent(thread)}&start=${start}&count=${count}`,
				'commenter',
				maxComments,
			)
			for (const mini of commenters) add(mini, 'comment')
		}
		if (channel !== 'comments' && maxReactions > 0) {
			const reactors = await readActors(
				(start, count) =>
					`/feed/reactions?q=reactionType&entityUrn=${encodeURIComponent(threadUrn)}&start=${start}&count=${count}`,
				'actor',
				maxReactions,
			)
			for (const mini of reactors) add(mini, 'reaction')
		}
		return { contacts, text }
	}

	type SearchEntity = {
		title?: { text?: string }
		primarySubtitle?: { text?: string }
		secondarySubtitle?: { text?: string }
		navigationUrl?: string
		entityUrn?: string
	}
	type SearchPage = {
		data?: {
			searchDashClustersByAll?: {
				elements?: Array<{ items?: Array<{ item?: { entityResult?: SearchEntity | null } }> }>
				paging?: { total?: number }
			}
		}
	}

	/**
	 * People who work at a company now (LinkedIn's people search filtered by current company: its
	 * universal name from /company/<name>, else the name as keywords), up to `max`, 10 a page.
	 */
	async function searchCompanyPeople({
		companyName,
		universalName,
		max,
	}: {
		companyName: string
		universalName?: string | null
		max: number
	}) {
		const people: LinkedInSearchPerson[] = []
		const queryId = options.peopleSearchQueryId ?? DEFAULT_PEOPLE_SEARCH_QUERY_ID
		const filters = [
			'(key:resultType,value:List(PEOPLE))',
			...(universalName ? [`(key:currentCompany,value:List(${restliEncode(universalName)}))`] : []),
		]
		const keywords = universalName ? '' : `keywords:${restliEncode(companyName)},`
		for (let start = 0; people.length < max; start += 10) {
			const variables = `(start:${start},origin:FACETED_SEARCH,query:(${keywords}flagshipSearchIntent:SEARCH_SRP,queryParameters:List(${filters.join(',')}),includeFiltersInResponse:false),count:10)`
			const page = await request<SearchPage>(
				`/graphql?includeWebMetadata=true&variables=${variables}&queryId=${queryId}`,
				{ accept: 'graphql' },
			)
			const clusters = page.data?.searchDashClustersByAll
			const results = (clusters?.elements ?? []).flatMap((e) => e.items ?? [])
			for (const { item } of results) {
				const entity = item?.entityResult
				const url = str(entity?.navigationUrl)
				const name = str(entity?.title?.text)
				// "LinkedIn Member": a profile out of the viewer's network, without a name or address.
				if (!entity || !url || !name || people.length >= max) continue
				const [firstName = '', ...rest] = name.split(/\s+/)
				people.push({
					firstName,
					lastName: rest.join(' '),
					headline: str(entity.primarySubtitle?.text) ?? null,
					location: str(entity.secondarySubtitle?.text) ?? null,
					linkedin: url.split('?')[0]!,
					profileUrn: str(entity.entityUrn) ?? null,
				})
			}
			if (results.length < 10 || start + 10 >= (clusters?.paging?.total ?? Infinity)) break
		}
		return people
	}

	return {
		getMe,
		getProfile,
		sendInvitation,
		sendMessage,
		listConversationMessages,
		getPostAuthors,
		searchCompanyPeople,
	}
}

/**
 * The viewer's relationship with a profile: `memberRelationshipUnion` holds `connection` (a
 * first-degree connection) or `noConnection`, whose `invitationUnion` points at an invitation.
 */
function connectionOf(
	relationship: Entity | undefined,
	byUrn: (urn: unknown) => Entity | undefined,
): 'CONNECTED' | 'PENDING' | 'NONE' {
	const union = relationship?.memberRelationshipUnion as Record<string, unknown> | undefined
	if (!union) return 'NONE'
	if ('connection' in union || '*connection' in union) return 'CONNECTED'
	const none = union.noConnection as { invitationUnion?: Record<string, unknown> } | undefined
	const ref = none?.invitationUnion?.['*invitation'] ?? none?.invitationUnion?.invitation
	if (!ref) return 'NONE'
	const invitation = typeof ref === 'object' ? (ref as Entity) : byUrn(ref)
	// An invitation the person sent us is theirs to wait on; ours is what "pending" means here.
	if (invitation?.invitationType === 'RECEIVED') return 'NONE'
	return !invitation?.invitationState || invitation.invitationState === 'PENDING' ? 'PENDING' : 'NONE'
}

function str(value: unknown) {
	return typeof value === 'string' && value !== '' ? value : undefined
}

/** LinkedIn's trackingId: 16 random bytes as a binary string. */
function trackingId() {
	return String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))
}
