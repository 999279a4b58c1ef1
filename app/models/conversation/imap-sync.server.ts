import {
	describeImapError,
	withInbox,
	type ImapHeaders,
	type ImapMessage,
} from '#app/integrations/imap/imap-client.server.ts'
import { imapConfigForMailbox } from '#app/models/mailbox/imap-settings.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { type SyncResult } from './gmail-sync.server.ts'
import { WATCHED_SEQUENCE_SQL, watchedSequenceWhere } from './watched-sequences.server.ts'
import { isBounce, recordInboundMessage } from './reply-detection.server.ts'

/**
 * The reply sync of a mailbox that sends through SMTP and reads its inbox over IMAP, as
 * gmail-sync does for Gmail: every INBOX message after the stored cursor (UIDVALIDITY + last
 * UID) is checked — headers first, whole messages only for the few that matter — and fed to
 * the same `recordInboundMessage`:
 *   - a reply: In-Reply-To or References names one of the mailbox's sent Message-IDs (a reply
 *     in the thread, or one that starts a new thread but still references ours);
 *   - a reply in a new thread without those headers, from a watched contact, that quotes one
 *     of our Message-IDs in its body;
 *   - a bounce (mailer-daemon, multipart/report delivery-status…) whose report quotes one of
 *     our Message-IDs;
 *   - mail from the mailbox's own address is the user's own (OWN: kept, stops nothing).
 * The cron (jobs/crontab.ts) runs it every IMAP_SYNC_INTERVAL_MINUTES, and the dispatcher runs
 * it right before each follow-up of an IMAP mailbox.
 */
export const IMAP_SYNC_INTERVAL_MINUTES = 2

/** Whole messages fetched per IMAP FETCH. */
const FETCH_CHUNK = 100
/** Sequences recorded at once (one pooled connection each). */
const RECORD_CONCURRENCY = 6

type Watched = { sequenceId: string; organizationId: string }

/** In-flight syncs per mailbox: a burst of follow-ups of one mailbox shares one IMAP session. */
const inFlight = new Map<string, Promise<SyncResult>>()

export function syncImapMailbox(mailboxId: string): Promise<SyncResult> {
	const running = inFlight.get(mailboxId)
	if (running) return running
	const sync = runSync(mailboxId).finally(() => inFlight.delete(mailboxId))
	inFlight.set(mailboxId, sync)
	return sync
}

async function runSync(mailboxId: string): Promise<SyncResult> {
	const mailbox = await prisma.mailbox.findUnique({
		where: { id: mailboxId },
		select: { id: true, address: true, imapUsername: true, imapUidValidity: true, imapLastUid: true },
	})
	const config = mailbox ? await imapConfigForMailbox(mailbox.id) : null
	if (!mailbox || !config) return { skipped: true, fetched: 0, outcomes: {} }
	const result: SyncResult = { skipped: false, fetched: 0, outcomes: {} }
	const own = new Set([mailbox.address, mailbox.imapUsername].filter(Boolean).map((a) => a!.toLowerCase()))
	const cursor =
		mailbox.imapUidValidity !== null && mailbox.imapLastUid !== null
			? { uidValidity: mailbox.imapUidValidity, lastUid: mailbox.imapLastUid }
			: null
	try {
		const next = await withInbox(config, cursor, async (inbox) => {
			const headers = await inbox.newHeaders()
			if (headers.length === 0) return inbox.cursorAfter(0)
			const watch = await watchIndex(mailbox.id)
			const { inThread, maybe } = triage(headers, watch)
			const uids = [...inThread.keys(), ...maybe].sort((a, b) => a - b)
			const bySequence = new Map<string, { sequence: Watched; messages: ImapMessage[] }>()
			for (let start = 0; start < uids.length; start += FETCH_CHUNK) {
				for (const message of await inbox.messages(uids.slice(start, start + FETCH_CHUNK))) {
					const sequence = inThread.get(message.uid) ?? quotedSequence(message, watch)
					if (!sequence) continue
					const entry = bySequence.get(sequence.sequenceId) ?? { sequence, messages: [] }
					entry.messages.push(message)
					bySequence.set(sequence.sequenceId, entry)
				}
			}
			// Sequences side by side (each records under its own row lock), a sequence's mail in order.
			await inParallel([...bySequence.values()], RECORD_CONCURRENCY, async ({ sequence, messages }) => {
				for (const message of messages) await record(sequence, message, inbox.uidValidity, own, result)
			})
			return inbox.cursorAfter(Math.max(...headers.map((header) => header.uid)))
		})
		await prisma.mailbox.update({
			where: { id: mailbox.id },
			data: {
				imapUidValidity: next.uidValidity,
				imapLastUid: next.lastUid,
				imapLastError: null,
				lastSyncedAt: new Date(),
			},
		})
	} catch (error) {
		await prisma.mailbox.update({
			where: { id: mailbox.id },
			data: { imapLastError: describeImapError(error, config) },
		})
		throw error
	}
	return result
}

/**
 * Syncs the IMAP mailbox of a sequence now (the dispatcher's check before a follow-up) and
 * says whether the contact has replied or bounced (now or before).
 */
export async function syncImapSequence(sequenceId: string) {
	const sequence = await prisma.sequence.findUnique({
		where: { id: sequenceId },
		select: { mailboxId: true },
	})
	if (sequence?.mailboxId) await syncImapMailbox(sequence.mailboxId)
	const events = await prisma.sequenceEvent.groupBy({
		by: ['type'],
		where: { sequenceId, type: { in: ['REPLY', 'BOUNCE'] } },
	})
	return {
		replied: events.some((event) => event.type === 'REPLY'),
		bounced: events.some((event) => event.type === 'BOUNCE'),
	}
}

/** Mailboxes with IMAP settings and a sequence to watch (sending, or stopped within SYNC_RECENT_DAYS). */
export async function imapMailboxesToSync(): Promise<string[]> {
	const rows = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT m.id FROM "Mailbox" m
		WHERE m."imapHost" IS NOT NULL AND m."imapPasswordEncrypted" IS NOT NULL
			AND EXISTS (
				SELECT 1 FROM "Sequence" s
				WHERE s."mailboxId" = m.id AND ${WATCHED_SEQUENCE_SQL})
		ORDER BY m.id`
	return rows.map((row) => row.id)
}

type WatchIndex = { byMessageId: Map<string, Watched>; contacts: Set<string> }

/** The mailbox's sent Message-IDs (of sequences it watches) and their contacts' addresses. */
async function watchIndex(mailboxId: string): Promise<WatchIndex> {
	const sequences = await prisma.sequence.findMany({
		where: {
			mailboxId,
			...watchedSequenceWhere(),
		},
		select: {
			id: true,
			organizationId: true,
			contact: { select: { email: true } },
			emailSteps: { where: { sentAt: { not: null }, messageId: { not: null } }, select: { messageId: true } },
		},
	})
	const byMessageId = new Map<string, Watched>()
	const contacts = new Set<string>()
	for (const sequence of sequences) {
		if (sequence.emailSteps.length === 0) continue
		if (sequence.contact.email) contacts.add(sequence.contact.email.toLowerCase())
		for (const step of sequence.emailSteps)
			byMessageId.set(step.messageId!, { sequenceId: sequence.id, organizationId: sequence.organizationId })
	}
	return { byMessageId, contacts }
}

/**
 * From headers alone: messages that reference one of our Message-IDs (their sequence), and
 * the ones worth opening to look for a quoted Message-ID (bounces, mail from a watched contact).
 */
function triage(headers: ImapHeaders[], watch: WatchIndex) {
	const inThread = new Map<number, Watched>()
	const maybe: number[] = []
	for (const header of headers) {
		// In-Reply-To first, then the latest reference: the step answered.
		const named = [header.inReplyTo, ...[...header.references].reverse()]
			.map((id) => (id ? watch.byMessageId.get(id) : undefined))
			.find(Boolean)
		if (named) inThread.set(header.uid, named)
		else if (watch.contacts.has(header.from) || isBounce({ ...header, reportText: null }))
			maybe.push(header.uid)
	}
	return { inThread, maybe }
}

/** The sequence whose Message-ID a message quotes (a report's returned headers, a quoted reply). */
function quotedSequence(message: ImapMessage, watch: WatchIndex) {
	const quoted = [message.reportText, message.text, message.html].join('\n').match(/<[^<>\s]+@[^<>\s]+>/g)
	for (const id of [...(quoted ?? [])].reverse()) {
		const found = watch.byMessageId.get(id.replace(/&gt;|&lt;/g, ''))
		if (found) return found
	}
	return null
}

async function record(
	sequence: Watched,
	message: ImapMessage,
	uidValidity: bigint,
	own: Set<string>,
	result: SyncResult,
) {
	result.fetched += 1
	const { outcome } = await recordInboundMessage({
		organizationId: sequence.organizationId,
		sequenceId: sequence.sequenceId,
		// The Message-ID is stable across folders and UIDVALIDITY changes; the UID is the fallback.
		providerMessageId: message.messageId ?? `imap:${uidValidity}:${message.uid}`,
		from: message.from,
		to: message.to,
		date: message.date,
		subject: message.subject,
		html: message.html,
		text: message.text,
		messageIdHeader: message.messageId,
		inReplyTo: message.inReplyTo,
		references: message.references,
		headers: message.headers,
		contentType: message.contentType,
		reportText: message.reportText,
		sentByMailboxOwner: own.has(message.from),
	})
	result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1
}

async function inParallel<T>(items: T[], concurrency: number, run: (item: T) => Promise<void>) {
	let next = 0
	const worker = async () => {
		while (next < items.length) await run(items[next++]!)
	}
	await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}
