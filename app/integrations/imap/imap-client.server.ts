import { ImapFlow } from 'imapflow'
import PostalMime, { addressParser, decodeWords, type Address } from 'postal-mime'

/**
 * The IMAP side of a sender address's inbox, with imapflow: a login test for the settings
 * page, and reading INBOX incrementally (UIDVALIDITY + last UID) for the reply sync. Headers
 * are read for every new message; whole messages only for the few the caller asks for.
 * Knows nothing of sequences: app/models/conversation/imap-sync.server.ts decides.
 */

export type ImapConfig = {
	host: string
	port: number
	/** Implicit TLS (993); false means STARTTLS when offered (143), plain only without it. */
	secure: boolean
	username: string
	password: string
}

/** Where the last sync stopped: INBOX's UIDVALIDITY and the highest UID read under it. */
export type ImapCursor = { uidValidity: bigint; lastUid: bigint }

/** The header fields the sync needs to pick replies and bounces out of an inbox. */
export type ImapHeaders = {
	uid: number
	from: string
	to: string | null
	subject: string | null
	date: Date
	messageId: string | null
	inReplyTo: string | null
	references: string[]
	contentType: string | null
	/** Header values by lower-case name (Auto-Submitted, X-Failed-Recipients…). */
	headers: Record<string, string>
}

export type ImapMessage = ImapHeaders & {
	text: string | null
	html: string | null
	/** Text of a report's delivery-status and returned-message/headers parts. */
	reportText: string | null
}

const HEADER_FIELDS = [
	'from',
	'to',
	'subject',
	'date',
	'message-id',
	'in-reply-to',
	'references',
	'content-type',
	'auto-submitted',
	'x-failed-recipients',
]

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }

function newClient(config: ImapConfig) {
	return new ImapFlow({
		host: config.host,
		port: config.port,
		secure: config.secure,
		auth: { user: config.username, pass: config.password },
		logger: false,
		// Loopback test servers (and self-hosted ones) commonly present self-signed certificates.
		tls: { rejectUnauthorized: !isLoopback(config.host) },
		...TIMEOUTS,
	})
}

export type ImapTestResult = { ok: true } | { ok: false; message: string }

/** Connects and logs in (the settings page's test before saving). */
export async function testImapLogin(config: ImapConfig): Promise<ImapTestResult> {
	const client = newClient(config)
	client.on('error', () => undefined) // reported by connect() below
	try {
		await client.connect()
		await client.logout()
		return { ok: true }
	} catch (error) {
		client.close()
		return { ok: false, message: describeImapError(error, config) }
	}
}

/** A user-facing reason for a failed connection or login. */
export function describeImapError(error: unknown, config: Pick<ImapConfig, 'host' | 'port'>) {
	const details = error as {
		authenticationFailed?: boolean
		code?: string
		responseText?: string
		message?: string
	}
	if (details.authenticationFailed || details.code === 'AUTHENTICATIONFAILED')
		return `The IMAP server refused the user name or password${details.responseText ? ` (${details.responseText})` : ''}`
	if (details.code === 'ECONNREFUSED')
		return `Could not connect to ${config.host}:${config.port} (connection refused)`
	if (details.code === 'ENOTFOUND' || details.code === 'EAI_AGAIN') return `Unknown host ${config.host}`
	if (
		details.code === 'ETIMEDOUT' ||
		details.code === 'CONNECT_TIMEOUT' ||
		details.code === 'GREETING_TIMEOUT'
	)
		return `${config.host}:${config.port} did not answer in time`
	return details.responseText || details.message || 'The IMAP server could not be reached'
}

export type InboxReader = {
	uidValidity: bigint
	/** Headers of every message after the cursor (all of INBOX when the cursor is null or stale). */
	newHeaders(): Promise<ImapHeaders[]>
	/** Whole messages, parsed, for the UIDs given. */
	messages(uids: number[]): Promise<ImapMessage[]>
	/** The cursor to keep after reading up to `lastUid`. */
	cursorAfter(lastUid: number): ImapCursor
}

/** Opens INBOX read-only (flags stay as the user left them) for one sync, then logs out. */
export async function withInbox<T>(
	config: ImapConfig,
	cursor: ImapCursor | null,
	read: (inbox: InboxReader) => Promise<T>,
): Promise<T> {
	const client = newClient(config)
	let failure: unknown = null
	client.on('error', (error: unknown) => (failure = error))
	await client.connect()
	try {
		const opened = await client.mailboxOpen('INBOX', { readOnly: true })
		const uidValidity = BigInt(opened.uidValidity)
		const sameFolder = cursor !== null && cursor.uidValidity === uidValidity
		const after = sameFolder ? Number(cursor.lastUid) : 0
		const reader: InboxReader = {
			uidValidity,
			async newHeaders() {
				if (opened.exists === 0 || (sameFolder && Number(opened.uidNext) <= after + 1)) return []
				const found: ImapHeaders[] = []
				// `n:*` always matches the last message, even when its UID is below n: filtered out.
				for await (const message of client.fetch(
					`${after + 1}:*`,
					{ uid: true, headers: HEADER_FIELDS },
					{ uid: true },
				)) {
					if (message.uid > after && message.headers) found.push(parseHeaders(message.uid, message.headers))
				}
				return found
			},
			async messages(uids) {
				if (uids.length === 0) return []
				const parsed: ImapMessage[] = []
				for await (const message of client.fetch(uids, { uid: true, source: true }, { uid: true })) {
					if (message.source) parsed.push(await parseMessage(message.uid, message.source))
				}
				return parsed
			},
			cursorAfter(lastUid) {
				return { uidValidity, lastUid: BigInt(Math.max(lastUid, after)) }
			},
		}
		return await read(reader)
	} finally {
		if (failure) client.close()
		else await client.logout().catch(() => client.close())
	}
}

/**
 * The few header fields FETCHed for every message, parsed by hand: a full MIME parse of 10,000
 * header blocks costs seconds, this costs milliseconds.
 */
export function parseHeaders(uid: number, raw: Buffer): ImapHeaders {
	const headers: Record<string, string> = {}
	const unfolded = raw.toString('utf8').replace(/\r?\n[ \t]+/g, ' ')
	for (const line of unfolded.split(/\r?\n/)) {
		const colon = line.indexOf(':')
		if (colon <= 0) continue
		const name = line.slice(0, colon).trim().toLowerCase()
		if (!(name in headers)) headers[name] = line.slice(colon + 1).trim()
	}
	const from = headers.from ? addressParser(headers.from, { flatten: true })[0] : undefined
	const to = headers.to ? addressParser(headers.to, { flatten: true }) : []
	const date = headers.date ? new Date(headers.date) : new Date()
	return {
		uid,
		from: from?.address?.toLowerCase() ?? '',
		to:
			to
				.map((address) => address.address?.toLowerCase())
				.filter(Boolean)
				.join(', ') || null,
		subject: headers.subject ? decodeWords(headers.subject) : null,
		date: Number.isNaN(date.getTime()) ? new Date() : date,
		messageId: messageIds(headers['message-id'])[0] ?? null,
		inReplyTo: messageIds(headers['in-reply-to'])[0] ?? null,
		references: messageIds(headers.references),
		contentType: headers['content-type'] ?? null,
		headers,
	}
}

async function parseMessage(uid: number, source: Buffer): Promise<ImapMessage> {
	const email = await PostalMime.parse(source, { forceRfc822Attachments: true, attachmentEncoding: 'utf8' })
	const report = email.attachments
		.filter((part) =>
			/^(message\/(global-)?delivery-status|text\/rfc822-headers|message\/rfc822|message\/global-headers)$/i.test(
				part.mimeType,
			),
		)
		.map((part) =>
			typeof part.content === 'string'
				? part.content
				: Buffer.from(part.content as ArrayBuffer).toString('utf8'),
		)
		.join('\n')
	return {
		...toHeaders(uid, email),
		text: email.text ?? null,
		html: email.html ?? null,
		reportText: report || null,
	}
}

function toHeaders(uid: number, email: Awaited<ReturnType<typeof PostalMime.parse>>): ImapHeaders {
	const headers: Record<string, string> = {}
	for (const header of email.headers) if (!(header.key in headers)) headers[header.key] = header.value
	const date = email.date ? new Date(email.date) : new Date()
	return {
		uid,
		from: firstAddress(email.from),
		to: (email.to ?? []).map(firstAddress).filter(Boolean).join(', ') || null,
		subject: email.subject ?? null,
		date: Number.isNaN(date.getTime()) ? new Date() : date,
		messageId: messageIds(email.messageId)[0] ?? null,
		inReplyTo: messageIds(email.inReplyTo)[0] ?? null,
		references: messageIds(email.references),
		contentType: headers['content-type'] ?? null,
		headers,
	}
}

function firstAddress(address: Address | undefined): string {
	if (!address) return ''
	if (address.address) return address.address.toLowerCase()
	return address.group?.[0]?.address?.toLowerCase() ?? ''
}

/** `<a@b> <c@d>` → ['<a@b>', '<c@d>'], as the dispatcher writes Message-IDs. */
export function messageIds(value: string | undefined | null) {
	return value ? (value.match(/<[^<>\s]+>/g) ?? []) : []
}

function isLoopback(host: string) {
	return host === 'localhost' || host === '::1' || /^127\./.test(host)
}
