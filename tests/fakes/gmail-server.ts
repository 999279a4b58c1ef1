import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import { findBody, headerValue, parseRfc822, type Header, type ParsedPart } from './rfc822.ts'

/**
 * A small, real Gmail API and Google token endpoint over HTTP, for googleapis to talk to in tests
 * (GMAIL_API_URL = url, GOOGLE_TOKEN_URL = url + '/token'). It implements what Reachout calls:
 * messages.send / list / get, threads.get, history.list, getProfile and the refresh-token grant,
 * with Gmail's threading rules and error shapes. Tests steer it in process (`startFakeGmail()`)
 * or, when it runs as its own process (`node --import tsx tests/fakes/gmail-server.ts --port N`),
 * through the control API under `/__fake/` (`connectFakeGmail(url)` wraps it).
 */

export const FULL_GMAIL_SCOPE =
	'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.send'

type Part = {
	partId: string
	mimeType: string
	filename: string
	headers: Header[]
	body: { size: number; data?: string }
	parts?: Part[]
}

type StoredMessage = {
	id: string
	threadId: string
	historyId: number
	internalDate: number
	labelIds: string[]
	raw: string
	payload: Part
	snippet: string
	messageIdHeader: string
}

type Account = {
	email: string
	scope: string
	refreshTokens: Set<string>
	accessTokens: Set<string>
	messages: Map<string, StoredMessage>
	threads: Map<string, string[]>
	history: Array<{ id: number; messageId: string; threadId: string; labelIds: string[] }>
	historyId: number
	/** History before this id is gone: a start below it answers 404, as Gmail does after about a week. */
	historyFloor: number
}

/** A message Reachout sent through the fake, as the tests count them. */
export type FakeSentMessage = {
	id: string
	threadId: string
	account: string
	from: string
	to: string
	subject: string
	messageId: string
	inReplyTo: string | null
	references: string[]
	headers: Record<string, string>
	text: string
	html: string
	at: string
}

export type InjectReplyInput = {
	/** The mailbox (account email) the reply arrives in; defaults to the only account. */
	account?: string
	threadId?: string
	from: string
	to?: string
	subject?: string
	body?: string
	html?: string
	/** Defaults to the Message-ID of the thread's latest message. */
	inReplyTo?: string
	references?: string[]
	date?: string
	/** Labels; a message the user sent from Gmail's own UI has SENT. */
	labelIds?: string[]
}

export type InjectBounceInput = {
	account?: string
	/** The bounced message's Message-ID (it is quoted in the report, and the bounce joins its thread). */
	originalMessageId: string
	recipient?: string
	/** Put the bounce in no thread (some servers' reports do not reference the original). */
	outsideThread?: boolean
}

export type InjectRawInput = {
	account?: string
	/** The whole message, headers and body, CRLF or LF line ends. */
	raw: string
	/** Put it in this thread (Gmail threads some reports with the original); else as Gmail would. */
	threadId?: string
	labelIds?: string[]
}

export type FakeSendFailure = { status: number; message?: string; reason?: string }

export type FakeGmailCounters = {
	sendAttempts: number
	sends: number
	failedSends: number
	lostResponses: number
	tokenRefreshes: number
	requests: number
}

export type FakeGmailConfig = {
	/** Wait this long before answering each send (widens races in tests). */
	sendDelayMs?: number
	/** The next N accepted sends record the message, then drop the connection before answering. */
	loseResponses?: number
	/** Recipients (lower case) whose mail is accepted and then bounces back into the thread. */
	bounceRecipients?: string[]
}

const HEX_BASE = 0x18f0_0000_0000_0000n

export function createFakeGmailState() {
	const accounts = new Map<string, Account>()
	const accessTokenOwners = new Map<string, Account>()
	const refreshTokenOwners = new Map<string, Account>()
	const sent: FakeSentMessage[] = []
	const sendFailures: FakeSendFailure[] = []
	const counters: FakeGmailCounters = {
		sendAttempts: 0,
		sends: 0,
		failedSends: 0,
		lostResponses: 0,
		tokenRefreshes: 0,
		requests: 0,
	}
	const config: Required<FakeGmailConfig> = { sendDelayMs: 0, loseResponses: 0, bounceRecipients: [] }
	let historyCounter = 1000
	let idCounter = 0n
	let tokenError: string | null = null

	function nextId() {
		idCounter += 1n
		return (HEX_BASE + idCounter * 0x1_0001n).toString(16)
	}

	function addAccount({
		email,
		scope = FULL_GMAIL_SCOPE,
		accessToken = `ya29.fake-${randomUUID()}`,
		refreshToken = `1//fake-refresh-${randomUUID()}`,
	}: {
		email: string
		scope?: string
		accessToken?: string
		refreshToken?: string
	}) {
		const key = email.toLowerCase()
		let account = accounts.get(key)
		if (!account) {
			historyCounter += 1
			account = {
				email: key,
				scope,
				refreshTokens: new Set(),
				accessTokens: new Set(),
				messages: new Map(),
				threads: new Map(),
				history: [],
				historyId: historyCounter,
				historyFloor: 0,
			}
			accounts.set(key, account)
		}
		account.scope = scope
		account.accessTokens.add(accessToken)
		account.refreshTokens.add(refreshToken)
		accessTokenOwners.set(accessToken, account)
		refreshTokenOwners.set(refreshToken, account)
		return { email: key, accessToken, refreshToken }
	}

	function accountFor(email?: string) {
		if (email) {
			const account = accounts.get(email.toLowerCase())
			if (!account) throw new Error(`fake Gmail has no account ${email}`)
			return account
		}
		if (accounts.size !== 1) throw new Error('fake Gmail: name the account (there are ' + accounts.size + ')')
		return [...accounts.values()][0]!
	}

	/**
	 * Stores a message in the account, threads it and writes the history record. Received mail
	 * joins the thread it references; a send joins only the thread it names (threadForSend).
	 */
	function store(
		account: Account,
		raw: string,
		labelIds: string[],
		{ threadId, byReferences, receivedAt }: { threadId?: string; byReferences: boolean; receivedAt?: Date },
	) {
		const parsed = parseRfc822(raw)
		const messageIdHeader = headerValue(parsed.headers, 'message-id') ?? `<${randomUUID()}@mail.gmail.com>`
		if (!headerValue(parsed.headers, 'message-id')) {
			raw = `Message-ID: ${messageIdHeader}\r\n${raw}`
			parsed.headers.unshift({ name: 'Message-ID', value: messageIdHeader })
		}
		const id = nextId()
		const thread =
			threadId ?? (byReferences ? findThreadByReferences(account, parsed.headers) : undefined) ?? id
		historyCounter += 1
		const message: StoredMessage = {
			id,
			threadId: thread,
			historyId: historyCounter,
			// When Google accepted it (milliseconds), not the Date header (seconds, set by the sender).
			internalDate: (receivedAt ?? new Date()).getTime(),
			labelIds,
			raw,
			payload: toGmailPart(parsed, ''),
			snippet: snippetOf(parsed),
			messageIdHeader,
		}
		account.messages.set(id, message)
		account.threads.set(thread, [...(account.threads.get(thread) ?? []), id])
		account.history.push({ id: historyCounter, messageId: id, threadId: thread, labelIds })
		account.historyId = historyCounter
		return message
	}

	/**
	 * Received mail joins the thread of a message it references when the subjects match, as in
	 * Gmail: a reply under another subject starts a thread of its own.
	 */
	function findThreadByReferences(account: Account, headers: Header[]) {
		const referenced = referencedIds(headers)
		if (!referenced.length) return undefined
		const subject = normalizeSubject(headerValue(headers, 'subject') ?? '')
		for (const message of account.messages.values()) {
			if (!referenced.includes(message.messageIdHeader)) continue
			const first = account.messages.get(account.threads.get(message.threadId)![0]!)!
			if (normalizeSubject(headerValue(first.payload.headers, 'subject') ?? '') === subject)
				return message.threadId
		}
		return undefined
	}

	/** Gmail adds a sent message to `threadId` only when it references that thread and the subjects match. */
	function threadForSend(account: Account, threadId: string | undefined, headers: Header[]) {
		if (!threadId) return undefined
		const ids = account.threads.get(threadId)
		if (!ids) return null
		const referenced = referencedIds(headers)
		const messages = ids.map((id) => account.messages.get(id)!)
		const references = messages.some((message) => referenced.includes(message.messageIdHeader))
		const subject = normalizeSubject(headerValue(headers, 'subject') ?? '')
		const first = messages[0]!
		const sameSubject = normalizeSubject(headerValue(first.payload.headers, 'subject') ?? '') === subject
		return references && sameSubject ? threadId : undefined
	}

	async function injectReply(input: InjectReplyInput) {
		const account = accountFor(input.account)
		const threadIds = input.threadId ? account.threads.get(input.threadId) : undefined
		if (input.threadId && !threadIds) throw new Error(`fake Gmail: no thread ${input.threadId}`)
		const last = threadIds ? account.messages.get(threadIds[threadIds.length - 1]!) : undefined
		const inReplyTo = input.inReplyTo ?? last?.messageIdHeader
		const references =
			input.references ??
			(threadIds
				? threadIds.map((id) => account.messages.get(id)!.messageIdHeader)
				: inReplyTo
					? [inReplyTo]
					: [])
		const firstSubject = threadIds
			? headerValue(account.messages.get(threadIds[0]!)!.payload.headers, 'subject')
			: undefined
		const raw = await composeRaw({
			from: input.from,
			to: input.to ?? account.email,
			subject: input.subject ?? `Re: ${normalizeSubject(firstSubject ?? '')}`,
			text: input.body ?? '',
			html: input.html,
			messageId: `<reply-${randomUUID()}@fake-mail.example>`,
			inReplyTo,
			references,
			date: input.date ? new Date(input.date) : new Date(),
		})
		const message = store(account, raw, input.labelIds ?? ['INBOX', 'UNREAD'], {
			threadId: input.threadId,
			byReferences: true,
			receivedAt: input.date ? new Date(input.date) : undefined,
		})
		return { id: message.id, threadId: message.threadId, messageId: message.messageIdHeader }
	}

	function injectBounce(input: InjectBounceInput) {
		const account = accountFor(input.account)
		const original = [...account.messages.values()].find(
			(message) => message.messageIdHeader === input.originalMessageId,
		)
		const recipient =
			input.recipient ??
			(original ? headerValue(original.payload.headers, 'to') : null) ??
			'unknown@example.com'
		const originalHeaders = original
			? original.raw.split(/\r?\n\r?\n/)[0]!
			: `Message-ID: ${input.originalMessageId}\r\nTo: ${recipient}`
		const boundary = `bounce-${randomUUID()}`
		const bounceId = `<bounce-${randomUUID()}@mx.google.com>`
		const headers = [
			`Return-Path: <>`,
			`From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>`,
			`To: ${account.email}`,
			`Subject: Delivery Status Notification (Failure)`,
			`Message-ID: ${bounceId}`,
			`Date: ${new Date().toUTCString()}`,
			`Auto-Submitted: auto-replied`,
			`X-Failed-Recipients: ${recipient}`,
			...(input.outsideThread
				? []
				: [`In-Reply-To: ${input.originalMessageId}`, `References: ${input.originalMessageId}`]),
			`MIME-Version: 1.0`,
			`Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
		]
		const raw = [
			headers.join('\r\n'),
			'',
			`--${boundary}`,
			'Content-Type: text/plain; charset=utf-8',
			'',
			`Address not found. Your message wasn't delivered to ${recipient} because the address couldn't be found.`,
			`--${boundary}`,
			'Content-Type: message/delivery-status',
			'',
			'Reporting-MTA: dns; googlemail.com',
			'',
			`Final-Recipient: rfc822; ${recipient}`,
			'Action: failed',
			'Status: 5.1.1',
			`--${boundary}`,
			'Content-Type: text/rfc822-headers',
			'',
			originalHeaders,
			`--${boundary}--`,
			'',
		].join('\r\n')
		const threadId = input.outsideThread ? undefined : original?.threadId
		const message = store(account, raw, ['INBOX', 'UNREAD'], { threadId, byReferences: !input.outsideThread })
		return { id: message.id, threadId: message.threadId, messageId: message.messageIdHeader }
	}

	/**
	 * Delivers a raw RFC 822 message (an auto-reply, a report as some server writes it) to the
	 * account's inbox; it joins a thread as received mail does, or the one named.
	 */
	function injectRaw(input: InjectRawInput) {
		const account = accountFor(input.account)
		if (input.threadId && !account.threads.get(input.threadId))
			throw new Error(`fake Gmail: no thread ${input.threadId}`)
		const message = store(account, input.raw, input.labelIds ?? ['INBOX', 'UNREAD'], {
			threadId: input.threadId,
			byReferences: true,
		})
		return { id: message.id, threadId: message.threadId, messageId: message.messageIdHeader }
	}

	function reset() {
		accounts.clear()
		accessTokenOwners.clear()
		refreshTokenOwners.clear()
		sent.length = 0
		sendFailures.length = 0
		Object.assign(counters, {
			sendAttempts: 0,
			sends: 0,
			failedSends: 0,
			lostResponses: 0,
			tokenRefreshes: 0,
			requests: 0,
		})
		Object.assign(config, { sendDelayMs: 0, loseResponses: 0, bounceRecipients: [] })
		tokenError = null
	}

	const controls = {
		addAccount,
		injectReply,
		injectBounce,
		injectRaw,
		reset,
		sent: () => [...sent],
		counters: () => ({ ...counters }),
		/** The next `count` sends fail with this status (500: transient, 400 "Invalid To header": permanent). */
		failSends(count: number, failure: FakeSendFailure = { status: 500 }) {
			for (let i = 0; i < count; i++) sendFailures.push(failure)
		},
		configure(next: FakeGmailConfig) {
			Object.assign(config, next)
		},
		/** Refresh tokens of the account stop working (the user revoked access): invalid_grant. */
		revokeGrant(email?: string) {
			const account = accountFor(email)
			for (const token of account.refreshTokens) refreshTokenOwners.delete(token)
			for (const token of account.accessTokens) accessTokenOwners.delete(token)
			account.refreshTokens.clear()
			account.accessTokens.clear()
		},
		/** Every access token of the account is expired: the next call gets 401 and must refresh. */
		expireAccessTokens(email?: string) {
			const account = accountFor(email)
			for (const token of account.accessTokens) accessTokenOwners.delete(token)
			account.accessTokens.clear()
		},
		setScope(scope: string, email?: string) {
			accountFor(email).scope = scope
		},
		/** Every token request answers this OAuth error (e.g. 'invalid_grant') until cleared with null. */
		setTokenError(error: string | null) {
			tokenError = error
		},
		/** History before now is gone: history.list from an older id answers 404. */
		expireHistory(email?: string) {
			const account = accountFor(email)
			account.historyFloor = account.historyId
		},
		profile(email?: string) {
			const account = accountFor(email)
			return { emailAddress: account.email, historyId: String(account.historyId) }
		},
		thread(threadId: string, email?: string) {
			const account = accountFor(email)
			return (account.threads.get(threadId) ?? []).map((id) => {
				const message = account.messages.get(id)!
				return {
					id,
					threadId,
					labelIds: message.labelIds,
					messageId: message.messageIdHeader,
					from: headerValue(message.payload.headers, 'from'),
				}
			})
		},
	}

	async function handle(request: IncomingMessage, response: ServerResponse) {
		counters.requests += 1
		const url = new URL(request.url ?? '/', 'http://fake')
		const body = await readBody(request)
		const path = url.pathname.replace(/\/+/g, '/')

		if (path.startsWith('/__fake/')) return handleControl(path, request.method ?? 'GET', body, response)
		if (request.method === 'POST' && path === '/token') return handleToken(body, response)

		const match = /^\/gmail\/v1\/users\/([^/]+)\/(.+)$/.exec(path)
		if (!match) return gmailError(response, 404, 'Not Found', 'notFound')
		const account = accessTokenOwners.get((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''))
		if (!account)
			return gmailError(
				response,
				401,
				'Request had invalid authentication credentials.',
				'authError',
				'UNAUTHENTICATED',
			)
		const userId = decodeURIComponent(match[1]!)
		if (userId !== 'me' && userId.toLowerCase() !== account.email)
			return gmailError(response, 403, 'Delegation denied for ' + account.email, 'forbidden')
		const resource = match[2]!
		const method = request.method ?? 'GET'
		const needs = method === 'POST' ? 'gmail.send' : 'gmail.readonly'
		if (!account.scope.split(/\s+/).some((scope) => scope.endsWith(needs)))
			return gmailError(
				response,
				403,
				'Request had insufficient authentication scopes.',
				'insufficientPermissions',
				'PERMISSION_DENIED',
			)

		if (method === 'POST' && resource === 'messages/send') return handleSend(account, body, request, response)
		if (method !== 'GET') return gmailError(response, 405, 'Method not allowed', 'badRequest')
		if (resource === 'profile')
			return json(response, 200, {
				emailAddress: account.email,
				messagesTotal: account.messages.size,
				threadsTotal: account.threads.size,
				historyId: String(account.historyId),
			})
		if (resource === 'messages') return json(response, 200, listMessages(account, url.searchParams))
		if (resource === 'history') return handleHistory(account, url.searchParams, response)
		const messageMatch = /^messages\/([^/]+)$/.exec(resource)
		if (messageMatch) {
			const message = account.messages.get(messageMatch[1]!)
			if (!message)
				return gmailError(response, 404, 'Requested entity was not found.', 'notFound', 'NOT_FOUND')
			return json(response, 200, formatMessage(message, url.searchParams))
		}
		const threadMatch = /^threads\/([^/]+)$/.exec(resource)
		if (threadMatch) {
			const ids = account.threads.get(threadMatch[1]!)
			if (!ids) return gmailError(response, 404, 'Requested entity was not found.', 'notFound', 'NOT_FOUND')
			const messages = ids.map((id) => account.messages.get(id)!)
			return json(response, 200, {
				id: threadMatch[1],
				historyId: String(Math.max(...messages.map((message) => message.historyId))),
				messages: messages.map((message) => formatMessage(message, url.searchParams)),
			})
		}
		return gmailError(response, 404, 'Not Found', 'notFound')
	}

	function handleToken(body: string, response: ServerResponse) {
		const form = new URLSearchParams(body)
		if (form.get('grant_type') !== 'refresh_token')
			return json(response, 400, {
				error: 'unsupported_grant_type',
				error_description: 'Only refresh_token here',
			})
		counters.tokenRefreshes += 1
		const account = refreshTokenOwners.get(form.get('refresh_token') ?? '')
		if (tokenError || !account)
			return json(response, 400, {
				error: tokenError ?? 'invalid_grant',
				error_description: 'Token has been expired or revoked.',
			})
		if (!form.get('client_id'))
			return json(response, 401, {
				error: 'invalid_client',
				error_description: 'The OAuth client was not found.',
			})
		const accessToken = `ya29.fake-${randomUUID()}`
		account.accessTokens.add(accessToken)
		accessTokenOwners.set(accessToken, account)
		return json(response, 200, {
			access_token: accessToken,
			expires_in: 3599,
			scope: account.scope,
			token_type: 'Bearer',
		})
	}

	async function handleSend(
		account: Account,
		body: string,
		request: IncomingMessage,
		response: ServerResponse,
	) {
		counters.sendAttempts += 1
		if (config.sendDelayMs) await new Promise((resolve) => setTimeout(resolve, config.sendDelayMs))
		const failure = sendFailures.shift()
		if (failure) {
			counters.failedSends += 1
			return gmailError(
				response,
				failure.status,
				failure.message ?? 'Backend Error',
				failure.reason ?? 'backendError',
			)
		}
		let input: { raw?: string; threadId?: string }
		try {
			input = JSON.parse(body) as typeof input
		} catch {
			return gmailError(response, 400, 'Invalid JSON payload received.', 'invalid')
		}
		if (!input.raw)
			return gmailError(
				response,
				400,
				"'raw' RFC822 payload message string or uploading message via /upload/* URL required",
				'invalidArgument',
			)
		const raw = Buffer.from(input.raw, 'base64url').toString('utf8')
		const parsed = parseRfc822(raw)
		const to = headerValue(parsed.headers, 'to') ?? ''
		if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(extractAddress(to)))
			return gmailError(response, 400, 'Invalid To header', 'invalidArgument', 'INVALID_ARGUMENT')
		const threadId = threadForSend(account, input.threadId, parsed.headers)
		if (threadId === null)
			return gmailError(response, 404, 'Requested entity was not found.', 'notFound', 'NOT_FOUND')
		// A sent message without a usable threadId starts its own thread, as in Gmail.
		const message = store(account, raw, ['SENT'], { threadId, byReferences: false })
		counters.sends += 1
		const record = toSentRecord(account, message, parsed)
		sent.push(record)
		if (config.bounceRecipients.includes(extractAddress(to).toLowerCase()))
			injectBounce({ account: account.email, originalMessageId: message.messageIdHeader })
		if (config.loseResponses > 0) {
			config.loseResponses -= 1
			counters.lostResponses += 1
			request.socket.destroy()
			return
		}
		return json(response, 200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds })
	}

	function listMessages(account: Account, params: URLSearchParams) {
		const labels = params.getAll('labelIds')
		const matches = searchMatcher(params.get('q') ?? '')
		let messages = [...account.messages.values()].reverse().filter(matches)
		if (labels.length)
			messages = messages.filter((message) => labels.every((label) => message.labelIds.includes(label)))
		const { page, nextPageToken } = paginate(messages, params)
		return {
			...(page.length
				? { messages: page.map((message) => ({ id: message.id, threadId: message.threadId })) }
				: {}),
			...(nextPageToken ? { nextPageToken } : {}),
			resultSizeEstimate: messages.length,
		}
	}

	function handleHistory(account: Account, params: URLSearchParams, response: ServerResponse) {
		const start = Number(params.get('startHistoryId'))
		if (!params.get('startHistoryId') || !Number.isFinite(start))
			return gmailError(response, 400, 'Invalid startHistoryId', 'invalidArgument')
		if (start < account.historyFloor)
			return gmailError(response, 404, 'Requested entity was not found.', 'notFound', 'NOT_FOUND')
		const types = params.getAll('historyTypes')
		const records = account.history
			.filter((record) => record.id > start)
			.filter(() => !types.length || types.includes('messageAdded'))
		const { page, nextPageToken } = paginate(records, params)
		return json(response, 200, {
			...(page.length
				? {
						history: page.map((record) => ({
							id: String(record.id),
							messages: [{ id: record.messageId, threadId: record.threadId }],
							messagesAdded: [
								{ message: { id: record.messageId, threadId: record.threadId, labelIds: record.labelIds } },
							],
						})),
					}
				: {}),
			...(nextPageToken ? { nextPageToken } : {}),
			historyId: String(account.historyId),
		})
	}

	async function handleControl(path: string, method: string, body: string, response: ServerResponse) {
		const input = body ? (JSON.parse(body) as Record<string, unknown>) : {}
		try {
			switch (`${method} ${path}`) {
				case 'GET /__fake/sent':
					return json(response, 200, controls.sent())
				case 'GET /__fake/counters':
					return json(response, 200, controls.counters())
				case 'POST /__fake/accounts':
					return json(response, 200, addAccount(input as Parameters<typeof addAccount>[0]))
				case 'POST /__fake/reply':
					return json(response, 200, await injectReply(input as InjectReplyInput))
				case 'POST /__fake/bounce':
					return json(response, 200, injectBounce(input as InjectBounceInput))
				case 'POST /__fake/raw':
					return json(response, 200, injectRaw(input as InjectRawInput))
				case 'POST /__fake/fail-sends':
					controls.failSends(Number(input.count ?? 1), (input.failure as FakeSendFailure) ?? { status: 500 })
					return json(response, 200, {})
				case 'POST /__fake/config':
					controls.configure(input as FakeGmailConfig)
					return json(response, 200, {})
				case 'POST /__fake/revoke':
					controls.revokeGrant(input.email as string | undefined)
					return json(response, 200, {})
				case 'POST /__fake/expire-tokens':
					controls.expireAccessTokens(input.email as string | undefined)
					return json(response, 200, {})
				case 'POST /__fake/expire-history':
					controls.expireHistory(input.email as string | undefined)
					return json(response, 200, {})
				case 'POST /__fake/reset':
					reset()
					return json(response, 200, {})
				default:
					return json(response, 404, { error: `no control ${method} ${path}` })
			}
		} catch (error) {
			return json(response, 400, { error: error instanceof Error ? error.message : String(error) })
		}
	}

	function toSentRecord(account: Account, message: StoredMessage, parsed: ParsedPart): FakeSentMessage {
		const headers: Record<string, string> = {}
		for (const header of parsed.headers) headers[header.name.toLowerCase()] = header.value
		return {
			id: message.id,
			threadId: message.threadId,
			account: account.email,
			from: headers.from ?? '',
			to: headers.to ?? '',
			subject: headers.subject ?? '',
			messageId: message.messageIdHeader,
			inReplyTo: headers['in-reply-to'] ?? null,
			references: (headers.references ?? '').match(/<[^>]+>/g) ?? [],
			headers,
			text: findBody(parsed, 'text/plain'),
			html: findBody(parsed, 'text/html'),
			at: new Date().toISOString(),
		}
	}

	return { controls, handle }
}

export type FakeGmail = ReturnType<typeof createFakeGmailState>['controls'] & {
	url: string
	/** GMAIL_API_URL and GOOGLE_TOKEN_URL for this fake. */
	env: { GMAIL_API_URL: string; GOOGLE_TOKEN_URL: string }
	close(): Promise<void>
}

/** Starts the fake on a free port of 127.0.0.1 in this process. */
export async function startFakeGmail({ port = 0 }: { port?: number } = {}): Promise<FakeGmail> {
	const { controls, handle } = createFakeGmailState()
	const server = createServer((request, response) => {
		handle(request, response).catch((error: unknown) => {
			if (!response.headersSent) json(response, 500, { error: { code: 500, message: String(error) } })
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		...controls,
		url,
		env: fakeGmailEnv(url),
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export function fakeGmailEnv(url: string) {
	return { GMAIL_API_URL: `${url}/`, GOOGLE_TOKEN_URL: `${url}/token` }
}

/** The control API of a fake running in another process. */
export function connectFakeGmail(url: string) {
	async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${url}/__fake/${path}`, {
			method,
			headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		})
		const result = (await response.json()) as T
		if (!response.ok) throw new Error(`fake Gmail control ${path}: ${JSON.stringify(result)}`)
		return result
	}
	return {
		url,
		env: fakeGmailEnv(url),
		sent: () => call<FakeSentMessage[]>('GET', 'sent'),
		counters: () => call<FakeGmailCounters>('GET', 'counters'),
		addAccount: (input: { email: string; scope?: string; accessToken?: string; refreshToken?: string }) =>
			call<{ email: string; accessToken: string; refreshToken: string }>('POST', 'accounts', input),
		injectReply: (input: InjectReplyInput) =>
			call<{ id: string; threadId: string; messageId: string }>('POST', 'reply', input),
		injectBounce: (input: InjectBounceInput) =>
			call<{ id: string; threadId: string; messageId: string }>('POST', 'bounce', input),
		injectRaw: (input: InjectRawInput) =>
			call<{ id: string; threadId: string; messageId: string }>('POST', 'raw', input),
		failSends: (count: number, failure?: FakeSendFailure) => call('POST', 'fail-sends', { count, failure }),
		configure: (config: FakeGmailConfig) => call('POST', 'config', config),
		revokeGrant: (email?: string) => call('POST', 'revoke', { email }),
		expireAccessTokens: (email?: string) => call('POST', 'expire-tokens', { email }),
		expireHistory: (email?: string) => call('POST', 'expire-history', { email }),
		reset: () => call('POST', 'reset', {}),
	}
}

/** Runs the fake as a child process (so it outlives workers a test kills) and connects to it. */
export async function spawnFakeGmail({ port = 0 }: { port?: number } = {}) {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', fileURLToPath(import.meta.url), '--port', String(port)],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	)
	const url = await new Promise<string>((resolve, reject) => {
		const lines = createInterface({ input: child.stdout! })
		lines.on('line', (line) => {
			const found = /listening on (http:\/\/\S+)/.exec(line)
			if (found) resolve(found[1]!)
		})
		child.once('exit', (code) => reject(new Error(`fake Gmail exited with ${code}`)))
	})
	return {
		...connectFakeGmail(url),
		pid: child.pid!,
		close: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null) return resolve()
				child.once('exit', () => resolve())
				child.kill('SIGTERM')
			}),
	}
}

// ─── Gmail search (the operators Reachout uses) ─────────────────────────────

/**
 * A matcher for Gmail's query syntax as far as Reachout uses it: terms are ANDed, `{a b}` ORs its
 * terms, `-term` negates; operators `from:` (address or part of the From header), `rfc822msgid:`,
 * `in:inbox|sent|drafts`, `after:`/`before:` (epoch seconds or yyyy/mm/dd, on the received time).
 * Any other term is refused, so a query the fake does not understand fails the test.
 */
function searchMatcher(query: string): (message: StoredMessage) => boolean {
	const tokens = query.match(/-?\{[^}]*\}|\S+/g) ?? []
	const predicates = tokens.map((token) => {
		const negated = token.startsWith('-')
		const body = negated ? token.slice(1) : token
		const predicate = body.startsWith('{')
			? anyOf(body.slice(1, -1).split(/\s+/).filter(Boolean).map(searchTerm))
			: searchTerm(body)
		return negated ? (message: StoredMessage) => !predicate(message) : predicate
	})
	return (message) => predicates.every((predicate) => predicate(message))
}

function anyOf(predicates: Array<(message: StoredMessage) => boolean>) {
	return (message: StoredMessage) => predicates.some((predicate) => predicate(message))
}

function searchTerm(term: string): (message: StoredMessage) => boolean {
	const index = term.indexOf(':')
	const key = term.slice(0, index).toLowerCase()
	const value = term.slice(index + 1).toLowerCase()
	const labelOf = { inbox: 'INBOX', sent: 'SENT', drafts: 'DRAFT', draft: 'DRAFT' } as Record<string, string>
	switch (key) {
		case 'rfc822msgid': {
			const wanted = value.startsWith('<') ? value : `<${value}>`
			return (message) => message.messageIdHeader.toLowerCase() === wanted
		}
		case 'in':
			if (!labelOf[value]) break
			return (message) => message.labelIds.includes(labelOf[value]!)
		case 'from':
			return (message) => (headerValue(message.payload.headers, 'from') ?? '').toLowerCase().includes(value)
		case 'after':
		case 'before': {
			const at = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value.replace(/\//g, '-'))
			if (!Number.isFinite(at)) break
			return key === 'after'
				? (message) => message.internalDate >= at
				: (message) => message.internalDate < at
		}
	}
	throw new Error(`fake Gmail: unsupported search term ${term}`)
}

// ─── HTTP helpers ────────────────────────────────────────────────────────────

function readBody(request: IncomingMessage) {
	return new Promise<string>((resolve, reject) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
		request.on('error', reject)
	})
}

function json(response: ServerResponse, status: number, body: unknown) {
	response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' })
	response.end(JSON.stringify(body))
}

function gmailError(
	response: ServerResponse,
	code: number,
	message: string,
	reason: string,
	status?: string,
) {
	json(response, code, {
		error: { code, message, errors: [{ message, domain: 'global', reason }], ...(status ? { status } : {}) },
	})
}

function paginate<T>(items: T[], params: URLSearchParams) {
	const size = Math.min(Number(params.get('maxResults')) || 100, 500)
	const offset = Number(params.get('pageToken') ?? 0) || 0
	const page = items.slice(offset, offset + size)
	return { page, nextPageToken: offset + size < items.length ? String(offset + size) : undefined }
}

function formatMessage(message: StoredMessage, params: URLSearchParams) {
	const format = params.get('format') ?? 'full'
	const base = {
		id: message.id,
		threadId: message.threadId,
		labelIds: message.labelIds,
		snippet: message.snippet,
		historyId: String(message.historyId),
		internalDate: String(message.internalDate),
		sizeEstimate: message.raw.length,
	}
	if (format === 'minimal') return base
	if (format === 'raw') return { ...base, raw: Buffer.from(message.raw, 'utf8').toString('base64url') }
	if (format === 'metadata') {
		const wanted = params.getAll('metadataHeaders').map((name) => name.toLowerCase())
		const headers = wanted.length
			? message.payload.headers.filter((header) => wanted.includes(header.name.toLowerCase()))
			: message.payload.headers
		return { ...base, payload: { ...message.payload, headers, body: { size: 0 }, parts: undefined } }
	}
	return { ...base, payload: message.payload }
}

// ─── Gmail-style payloads from the MIME reader (rfc822.ts) ──────

function toGmailPart(part: ParsedPart, partId: string): Part {
	const disposition = headerValue(part.headers, 'content-disposition') ?? ''
	const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? ''
	return {
		partId,
		mimeType: part.mimeType,
		filename,
		headers: part.headers,
		body: part.parts.length ? { size: 0 } : { size: part.body.length, data: part.body.toString('base64url') },
		...(part.parts.length
			? {
					parts: part.parts.map((child, index) =>
						toGmailPart(child, partId ? `${partId}.${index}` : String(index)),
					),
				}
			: {}),
	}
}

function snippetOf(part: ParsedPart) {
	return findBody(part, 'text/plain').replace(/\s+/g, ' ').trim().slice(0, 200)
}

function referencedIds(headers: Header[]): string[] {
	return (
		`${headerValue(headers, 'in-reply-to') ?? ''} ${headerValue(headers, 'references') ?? ''}`.match(
			/<[^>]+>/g,
		) ?? []
	)
}

function normalizeSubject(subject: string) {
	return subject
		.replace(/^\s*((re|fwd?|aw|sv)\s*:\s*)+/i, '')
		.trim()
		.toLowerCase()
}

function extractAddress(value: string) {
	return (/<([^>]+)>/.exec(value)?.[1] ?? value).trim()
}

async function composeRaw(input: {
	from: string
	to: string
	subject: string
	text: string
	html?: string
	messageId: string
	inReplyTo?: string
	references: string[]
	date: Date
}) {
	const composer = new MailComposer({
		from: input.from,
		to: input.to,
		subject: input.subject,
		text: input.text,
		...(input.html ? { html: input.html } : {}),
		messageId: input.messageId,
		...(input.inReplyTo ? { inReplyTo: input.inReplyTo } : {}),
		...(input.references.length ? { references: input.references } : {}),
		date: input.date,
	})
	return (await composer.compile().build()).toString('utf8')
}

// ─── Standalone: node --import tsx tests/fakes/gmail-server.ts --port N ──────

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const portIndex = process.argv.indexOf('--port')
	const port = portIndex > 0 ? Number(process.argv[portIndex + 1]) : 0
	const fake = await startFakeGmail({ port })
	console.log(`fake Gmail listening on ${fake.url}`)
	const stop = () => void fake.close().then(() => process.exit(0))
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
}
