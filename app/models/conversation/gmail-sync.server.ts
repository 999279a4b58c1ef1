import {
	googleErrorStatus,
	parseGmailMessage,
	type GmailAccess,
	type GmailMessage,
} from '#app/integrations/gmail/gmail-client.server.ts'
import { GMAIL_READONLY_SCOPE, GMAIL_SEND_SCOPE } from '#app/integrations/google/google-grant.ts'
import { gmailForUser, isGmailConnected } from '#app/models/user/gmail-access.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import {
	classifyInboundMessage,
	recordInboundMessage,
	type InboundOutcome,
} from './reply-detection.server.ts'
import { WATCHED_SEQUENCE_SQL, watchedSequenceWhere } from './watched-sequences.server.ts'

type WatchedSequence = {
	id: string
	organizationId: string
	mailboxId: string | null
	gmailUserId: string | null
	contactEmail: string | null
	threadIds: string[]
	/** When its first email went out: replies are searched from then on. */
	firstSentAt: Date | null
}

/** A sync's view of one mailbox: what is watched, and the threads already read in full. */
type MailboxScope = {
	mailboxId: string
	organizationId: string
	watched: WatchedSequence[]
	knownThreads: Set<string>
}

export type SyncResult = {
	skipped: boolean
	fetched: number
	outcomes: Partial<Record<InboundOutcome, number>>
}

/**
 * Reads the mailbox's Gmail history since the last sync (`Mailbox.gmailHistoryId`) and records
 * every new message of one of its sequences' threads, and every new inbox message outside them
 * that belongs to a sequence (recordUnthreaded): replies pause the sequence, bounces fail it,
 * automatic replies and delay notices are kept and stop nothing (decision 016). The first sync,
 * and one whose cursor Gmail no longer has (404), re-reads the watched threads and searches for
 * the rest instead. The cursor advances only after every message is recorded.
 */
export async function syncMailbox(mailboxId: string): Promise<SyncResult> {
	const mailbox = await prisma.mailbox.findUnique({
		where: { id: mailboxId },
		select: { id: true, kind: true, userId: true, organizationId: true, gmailHistoryId: true },
	})
	if (!mailbox?.userId || mailbox.kind !== 'USER' || !(await isGmailConnected(mailbox.userId)))
		return { skipped: true, fetched: 0, outcomes: {} }
	const gmail = await gmailForUser(mailbox.userId)
	const watched = await watchedSequences({ mailboxId: mailbox.id })
	const scope = mailboxScope(mailbox, watched)
	const result: SyncResult = { skipped: false, fetched: 0, outcomes: {} }

	let historyId: string | null = null
	let changes: Awaited<ReturnType<typeof readHistory>> | null = null
	if (mailbox.gmailHistoryId) {
		try {
			changes = await readHistory(gmail, mailbox.gmailHistoryId)
			historyId = changes.historyId
		} catch (error) {
			if (googleErrorStatus(error) !== 404) throw error // 404: the cursor is too old, re-read below
		}
	}
	if (changes) {
		const byThread = threadIndex(watched)
		for (const added of changes.messages) {
			const sequence = byThread.get(added.threadId)
			if (sequence) await fetchAndRecord(gmail, sequence, added.id, result)
			else if (added.labelIds.includes('INBOX')) await recordUnthreaded(gmail, scope, added.id, result)
		}
	}
	if (!historyId) {
		// Take the cursor before reading, so nothing that arrives meanwhile is missed.
		const { data: profile } = await gmail.call(() => gmail.api.users.getProfile({ userId: 'me' }))
		historyId = profile.historyId ?? null
		for (const sequence of watched) await syncThreads(gmail, sequence, result)
		// Replies in new threads and reports outside them: searched, since there is no history.
		await searchUnthreaded(gmail, scope, result)
	}
	await prisma.mailbox.update({
		where: { id: mailbox.id },
		data: { gmailHistoryId: historyId, lastSyncedAt: new Date() },
	})
	return result
}

/**
 * Mailboxes the cron syncs: users' own mailboxes with a working Gmail grant and a sequence
 * thread to watch (sending, or stopped within SYNC_RECENT_DAYS).
 */
export async function mailboxesToSync(): Promise<string[]> {
	const rows = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT m.id FROM "Mailbox" m
		JOIN "User" u ON u.id = m."userId"
		JOIN "GoogleAccount" g ON g."userId" = m."userId"
		WHERE m.kind = 'USER' AND NOT u."shouldResetGmailScope"
			AND position(${GMAIL_READONLY_SCOPE} in g.scope) > 0 AND position(${GMAIL_SEND_SCOPE} in g.scope) > 0
			AND EXISTS (
				SELECT 1 FROM "Sequence" s
				WHERE s."mailboxId" = m.id AND s."threadId" IS NOT NULL AND ${WATCHED_SEQUENCE_SQL})
		ORDER BY m.id`
	return rows.map((row) => row.id)
}

/**
 * Reads one sequence's Gmail thread now, searches for the contact's mail outside it, and records
 * what is new. The dispatcher calls it right before claiming a Gmail follow-up, so a reply that
 * arrived since the last mailbox sync — in the thread or in a new one — stops the follow-up.
 * `replied`: the contact has answered (now or before); `bounced` likewise. Automatic replies
 * and delay notices are neither.
 */
export async function syncSequenceThread(
	sequenceId: string,
): Promise<{ replied: boolean; bounced: boolean }> {
	const [sequence] = await watchedSequences({ sequenceId })
	if (sequence?.gmailUserId && sequence.mailboxId && (await isGmailConnected(sequence.gmailUserId))) {
		const gmail = await gmailForUser(sequence.gmailUserId)
		const result: SyncResult = { skipped: false, fetched: 0, outcomes: {} }
		await syncThreads(gmail, sequence, result)
		const scope = mailboxScope({ id: sequence.mailboxId, organizationId: sequence.organizationId }, [
			sequence,
		])
		await searchUnthreaded(gmail, scope, result, { reports: false })
	}
	const events = await prisma.sequenceEvent.groupBy({
		by: ['type'],
		where: { sequenceId, type: { in: ['REPLY', 'BOUNCE'] } },
	})
	return {
		replied: events.some((event) => event.type === 'REPLY'),
		bounced: events.some((event) => event.type === 'BOUNCE'),
	}
}

/** Sequences with a Gmail thread that are sending or stopped recently, with their thread ids. */
async function watchedSequences(where: { mailboxId: string } | { sequenceId: string }) {
	const sequences = await prisma.sequence.findMany({
		where: {
			...('mailboxId' in where ? { mailboxId: where.mailboxId } : { id: where.sequenceId }),
			...watchedSequenceWhere(),
		},
		select: {
			id: true,
			organizationId: true,
			threadId: true,
			mailboxId: true,
			mailbox: { select: { kind: true, userId: true } },
			contact: { select: { email: true } },
			emailSteps: {
				where: { sentAt: { not: null } },
				orderBy: { sentAt: 'asc' },
				select: { providerThreadId: true, sentAt: true },
			},
		},
	})
	return sequences
		.map((sequence): WatchedSequence => ({
			id: sequence.id,
			organizationId: sequence.organizationId,
			mailboxId: sequence.mailboxId,
			gmailUserId: sequence.mailbox?.kind === 'USER' ? sequence.mailbox.userId : null,
			contactEmail: sequence.contact.email?.toLowerCase() ?? null,
			firstSentAt: sequence.emailSteps[0]?.sentAt ?? null,
			threadIds: [
				...new Set(
					[sequence.threadId, ...sequence.emailSteps.map((step) => step.providerThreadId)].filter(
						(id): id is string => Boolean(id),
					),
				),
			],
		}))
		.filter((sequence) => sequence.threadIds.length > 0)
		.sort((a, b) => (a.firstSentAt?.getTime() ?? 0) - (b.firstSentAt?.getTime() ?? 0))
}

function threadIndex(sequences: WatchedSequence[]) {
	const index = new Map<string, WatchedSequence>()
	for (const sequence of sequences) for (const threadId of sequence.threadIds) index.set(threadId, sequence)
	return index
}

/** Every message added since `startHistoryId`, across pages, and the cursor to keep. */
async function readHistory(gmail: GmailAccess, startHistoryId: string) {
	const messages = new Map<string, { id: string; threadId: string; labelIds: string[] }>()
	let pageToken: string | undefined
	let historyId = startHistoryId
	do {
		const { data } = await gmail.call(() =>
			gmail.api.users.history.list({
				userId: 'me',
				startHistoryId,
				historyTypes: ['messageAdded'],
				maxResults: 500,
				...(pageToken ? { pageToken } : {}),
			}),
		)
		for (const record of data.history ?? []) {
			for (const added of record.messagesAdded ?? []) {
				const { id, threadId, labelIds } = added.message ?? {}
				if (id && threadId) messages.set(id, { id, threadId, labelIds: labelIds ?? [] })
			}
		}
		if (data.historyId) historyId = data.historyId
		pageToken = data.nextPageToken ?? undefined
	} while (pageToken)
	return { historyId, messages: [...messages.values()] }
}

async function syncThreads(gmail: GmailAccess, sequence: WatchedSequence, result: SyncResult) {
	for (const threadId of sequence.threadIds) {
		let thread
		try {
			;({ data: thread } = await gmail.call(() =>
				gmail.api.users.threads.get({ userId: 'me', id: threadId, format: 'full' }),
			))
		} catch (error) {
			if (googleErrorStatus(error) === 404) continue // the user deleted the thread
			throw error
		}
		for (const message of thread.messages ?? []) await record(sequence, message, result)
	}
}

async function fetchAndRecord(
	gmail: GmailAccess,
	sequence: WatchedSequence,
	messageId: string,
	result: SyncResult,
) {
	let message
	try {
		;({ data: message } = await gmail.call(() =>
			gmail.api.users.messages.get({ userId: 'me', id: messageId, format: 'full' }),
		))
	} catch (error) {
		if (googleErrorStatus(error) === 404) return // deleted since it arrived
		throw error
	}
	await record(sequence, message, result)
}

function mailboxScope(
	mailbox: { id: string; organizationId: string },
	watched: WatchedSequence[],
): MailboxScope {
	return {
		mailboxId: mailbox.id,
		organizationId: mailbox.organizationId,
		watched,
		knownThreads: new Set(watched.flatMap((sequence) => sequence.threadIds)),
	}
}

const ROUTING_HEADERS = [
	'From',
	'Subject',
	'Content-Type',
	'Message-ID',
	'In-Reply-To',
	'References',
	'Auto-Submitted',
	'X-Failed-Recipients',
	'Precedence',
	'X-Autoreply',
	'X-Autorespond',
]

/** Contacts per search: Gmail's query stays well under its length limit. */
const SEARCH_CONTACTS_PER_QUERY = 20
/** Messages read per search; a contact who wrote more since the first email is stopped by fewer. */
const SEARCH_MAX_MESSAGES = 200

/**
 * Searches the mailbox for mail outside the watched threads: from a watched sequence's contact
 * since its first email (a reply in a new thread: another subject, a client that starts one),
 * and — when there is no history to read — reports from mailer daemons. Each is routed like a
 * new inbox message (recordUnthreaded).
 */
async function searchUnthreaded(
	gmail: GmailAccess,
	scope: MailboxScope,
	result: SyncResult,
	{ reports = true }: { reports?: boolean } = {},
) {
	const withContact = scope.watched.filter((sequence) => sequence.contactEmail && sequence.firstSentAt)
	if (!withContact.length) return
	const since = Math.floor(Math.min(...withContact.map((sequence) => sequence.firstSentAt!.getTime())) / 1000)
	const senders = [...new Set(withContact.map((sequence) => sequence.contactEmail!))]
	if (reports) senders.push('mailer-daemon', 'postmaster')
	const seen = new Set<string>()
	for (let index = 0; index < senders.length; index += SEARCH_CONTACTS_PER_QUERY) {
		const group = senders.slice(index, index + SEARCH_CONTACTS_PER_QUERY)
		const from =
			group.length === 1 ? `from:${group[0]}` : `{${group.map((sender) => `from:${sender}`).join(' ')}}`
		for (const found of await searchMessages(gmail, `${from} after:${since} -in:sent`)) {
			if (seen.has(found.id) || scope.knownThreads.has(found.threadId)) continue
			seen.add(found.id)
			await recordUnthreaded(gmail, scope, found.id, result)
		}
	}
}

async function searchMessages(gmail: GmailAccess, q: string) {
	const found: Array<{ id: string; threadId: string }> = []
	let pageToken: string | undefined
	do {
		const { data } = await gmail.call(() =>
			gmail.api.users.messages.list({
				userId: 'me',
				q,
				maxResults: 100,
				...(pageToken ? { pageToken } : {}),
			}),
		)
		for (const message of data.messages ?? [])
			if (message.id && message.threadId) found.push({ id: message.id, threadId: message.threadId })
		pageToken = data.nextPageToken ?? undefined
	} while (pageToken && found.length < SEARCH_MAX_MESSAGES)
	return found
}

/**
 * A message outside the watched threads (Gmail put it in a thread of its own) belongs to a
 * sequence of this mailbox when its In-Reply-To / References name one of our Message-IDs (a
 * reply in a new thread, possibly from another address), when it comes from the contact of a
 * watched sequence (the latest one), or — for a report or an automatic message — when its text
 * quotes one of our Message-IDs (a bounce that does not reference the original). Anything else
 * is not ours and is left alone.
 */
async function recordUnthreaded(
	gmail: GmailAccess,
	scope: MailboxScope,
	messageId: string,
	result: SyncResult,
) {
	const metadata = await getMessage(gmail, messageId, 'metadata')
	if (!metadata) return
	const head = parseGmailMessage(metadata)
	if (head.labelIds.includes('SENT') || head.labelIds.includes('DRAFT')) return
	let sequence =
		(await sequenceOfMessageIds(scope, [head.inReplyTo, ...head.references])) ??
		// Mail from the contact counts from the sequence's first email on, not before.
		scope.watched
			.filter(
				(watched) =>
					watched.contactEmail === head.from && watched.firstSentAt && head.date >= watched.firstSentAt,
			)
			.at(-1)
	let full: GmailMessage | null = null
	if (!sequence && classifyInboundMessage(head).kind !== 'REPLY') {
		full = await getMessage(gmail, messageId, 'full')
		if (!full) return
		const parsed = parseGmailMessage(full)
		const quoted = [parsed.reportText, parsed.text, parsed.html].join('\n').match(/<[^<>\s]+@[^<>\s]+>/g)
		sequence = await sequenceOfMessageIds(scope, quoted ?? [])
	}
	if (!sequence) return
	full ??= await getMessage(gmail, messageId, 'full')
	if (full) await record(sequence, full, result)
}

/** The sequence of this mailbox that sent one of these Message-IDs (a step, or a reply from the drawer). */
async function sequenceOfMessageIds(
	scope: MailboxScope,
	ids: Array<string | null | undefined>,
): Promise<WatchedSequence | undefined> {
	const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))]
	if (!wanted.length) return undefined
	const where = { organizationId: scope.organizationId, mailboxId: scope.mailboxId }
	const step = await prisma.emailStep.findFirst({
		where: {
			messageId: { in: wanted },
			sentAt: { not: null },
			organizationId: scope.organizationId,
			sequence: where,
		},
		orderBy: { sentAt: 'desc' },
		select: { sequenceId: true },
	})
	const sequenceId =
		step?.sequenceId ??
		(
			await prisma.conversationMessage.findFirst({
				where: {
					messageIdHeader: { in: wanted },
					isFromUser: true,
					organizationId: scope.organizationId,
					sequence: where,
				},
				orderBy: { date: 'desc' },
				select: { sequenceId: true },
			})
		)?.sequenceId
	if (!sequenceId) return undefined
	return (
		scope.watched.find((watched) => watched.id === sequenceId) ?? {
			id: sequenceId,
			organizationId: scope.organizationId,
			mailboxId: scope.mailboxId,
			gmailUserId: null,
			contactEmail: null,
			threadIds: [],
			firstSentAt: null,
		}
	)
}

async function getMessage(gmail: GmailAccess, id: string, format: 'metadata' | 'full') {
	try {
		const { data } = await gmail.call(() =>
			gmail.api.users.messages.get({
				userId: 'me',
				id,
				format,
				...(format === 'metadata' ? { metadataHeaders: ROUTING_HEADERS } : {}),
			}),
		)
		return data
	} catch (error) {
		if (googleErrorStatus(error) === 404) return null // deleted since it arrived
		throw error
	}
}

async function record(
	sequence: WatchedSequence,
	message: Parameters<typeof parseGmailMessage>[0],
	result: SyncResult,
) {
	const parsed = parseGmailMessage(message)
	if (!parsed.id || parsed.labelIds.includes('DRAFT')) return
	result.fetched += 1
	const { outcome } = await recordInboundMessage({
		organizationId: sequence.organizationId,
		sequenceId: sequence.id,
		providerMessageId: parsed.id,
		from: parsed.from,
		to: parsed.to,
		date: parsed.date,
		subject: parsed.subject,
		html: parsed.html,
		text: parsed.text,
		messageIdHeader: parsed.messageIdHeader,
		inReplyTo: parsed.inReplyTo,
		references: parsed.references,
		headers: parsed.headers,
		contentType: parsed.contentType,
		reportText: parsed.reportText,
		sentByMailboxOwner: parsed.labelIds.includes('SENT'),
		conversationId: parsed.threadId,
	})
	result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1
}
