import {
	googleErrorStatus,
	parseGmailMessage,
	type GmailAccess,
} from '#app/integrations/gmail/gmail-client.server.ts'
import { GMAIL_READONLY_SCOPE, GMAIL_SEND_SCOPE } from '#app/integrations/google/google-grant.ts'
import { gmailForUser, isGmailConnected } from '#app/models/user/gmail-access.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { isBounce, recordInboundMessage, type InboundOutcome } from './reply-detection.server.ts'

/** Sequences whose threads a sync watches: still sending, or stopped within this many days. */
export const SYNC_RECENT_DAYS = 30

type WatchedSequence = { id: string; organizationId: string; gmailUserId: string | null; threadIds: string[] }

export type SyncResult = {
	skipped: boolean
	fetched: number
	outcomes: Partial<Record<InboundOutcome, number>>
}

/**
 * Reads the mailbox's Gmail history since the last sync (`Mailbox.gmailHistoryId`) and records
 * every new message of one of its sequences' threads: replies pause the sequence, bounces fail
 * it. The first sync, and one whose cursor Gmail no longer has (404), re-reads the watched
 * threads instead. The cursor advances only after every message is recorded.
 */
export async function syncMailbox(mailboxId: string): Promise<SyncResult> {
	const mailbox = await prisma.mailbox.findUnique({
		where: { id: mailboxId },
		select: { id: true, kind: true, userId: true, gmailHistoryId: true },
	})
	if (!mailbox?.userId || mailbox.kind !== 'USER' || !(await isGmailConnected(mailbox.userId)))
		return { skipped: true, fetched: 0, outcomes: {} }
	const gmail = await gmailForUser(mailbox.userId)
	const watched = await watchedSequences({ mailboxId: mailbox.id })
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
			else if (added.labelIds.includes('INBOX')) await recordStrayBounce(gmail, mailbox.id, added.id, result)
		}
	}
	if (!historyId) {
		// Take the cursor before reading, so nothing that arrives meanwhile is missed.
		const { data: profile } = await gmail.call(() => gmail.api.users.getProfile({ userId: 'me' }))
		historyId = profile.historyId ?? null
		for (const sequence of watched) await syncThreads(gmail, sequence, result)
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
				WHERE s."mailboxId" = m.id AND s."threadId" IS NOT NULL
					AND (s.status = 'ACTIVE' OR (s.status IN ('PAUSED', 'COMPLETED', 'FAILED', 'CANCELLED')
						AND s."updatedAt" > now() - make_interval(days => ${SYNC_RECENT_DAYS}))))
		ORDER BY m.id`
	return rows.map((row) => row.id)
}

/**
 * Reads one sequence's Gmail thread now and records what is new. The dispatcher calls it right
 * before claiming a Gmail follow-up, so a reply that arrived since the last mailbox sync stops
 * the follow-up. `replied`: the contact has answered (now or before); `bounced` likewise.
 */
export async function syncSequenceThread(
	sequenceId: string,
): Promise<{ replied: boolean; bounced: boolean }> {
	const [sequence] = await watchedSequences({ sequenceId })
	if (sequence?.gmailUserId && (await isGmailConnected(sequence.gmailUserId))) {
		const gmail = await gmailForUser(sequence.gmailUserId)
		await syncThreads(gmail, sequence, { skipped: false, fetched: 0, outcomes: {} })
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
	const since = new Date(Date.now() - SYNC_RECENT_DAYS * 86_400_000)
	const sequences = await prisma.sequence.findMany({
		where: {
			...('mailboxId' in where ? { mailboxId: where.mailboxId } : { id: where.sequenceId }),
			OR: [
				{ status: 'ACTIVE' },
				{ status: { in: ['PAUSED', 'COMPLETED', 'FAILED', 'CANCELLED'] }, updatedAt: { gte: since } },
			],
		},
		select: {
			id: true,
			organizationId: true,
			threadId: true,
			mailbox: { select: { kind: true, userId: true } },
			emailSteps: { where: { providerThreadId: { not: null } }, select: { providerThreadId: true } },
		},
	})
	return sequences
		.map((sequence): WatchedSequence => ({
			id: sequence.id,
			organizationId: sequence.organizationId,
			gmailUserId: sequence.mailbox?.kind === 'USER' ? sequence.mailbox.userId : null,
			threadIds: [
				...new Set(
					[sequence.threadId, ...sequence.emailSteps.map((step) => step.providerThreadId)].filter(
						(id): id is string => Boolean(id),
					),
				),
			],
		}))
		.filter((sequence) => sequence.threadIds.length > 0)
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

const BOUNCE_HEADERS = ['From', 'Subject', 'Content-Type', 'Auto-Submitted', 'X-Failed-Recipients']

/**
 * A new inbox message outside our threads may still be a bounce of one of our emails (some
 * servers' reports do not reference it): its headers are read, and a bounce is matched to the
 * step whose Message-ID it quotes.
 */
async function recordStrayBounce(
	gmail: GmailAccess,
	mailboxId: string,
	messageId: string,
	result: SyncResult,
) {
	let metadata
	try {
		;({ data: metadata } = await gmail.call(() =>
			gmail.api.users.messages.get({
				userId: 'me',
				id: messageId,
				format: 'metadata',
				metadataHeaders: BOUNCE_HEADERS,
			}),
		))
	} catch (error) {
		if (googleErrorStatus(error) === 404) return
		throw error
	}
	if (!isBounce(parseGmailMessage(metadata))) return
	const { data: message } = await gmail.call(() =>
		gmail.api.users.messages.get({ userId: 'me', id: messageId, format: 'full' }),
	)
	const parsed = parseGmailMessage(message)
	const quoted = [parsed.reportText, parsed.text, parsed.html, parsed.inReplyTo, ...parsed.references]
		.join('\n')
		.match(/<[^<>\s]+@[^<>\s]+>/g)
	if (!quoted) return
	const step = await prisma.emailStep.findFirst({
		where: { messageId: { in: [...new Set(quoted)] }, sentAt: { not: null }, sequence: { mailboxId } },
		orderBy: { order: 'desc' },
		select: { sequence: { select: { id: true, organizationId: true } } },
	})
	if (!step) return
	await record({ ...step.sequence, gmailUserId: null, threadIds: [] }, message, result)
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
