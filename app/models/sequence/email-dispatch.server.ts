import type pg from 'pg'
import { insertOutboxRowsSql, outboxRowValues } from '#app/integrations/mail/outbox-transport.server.ts'
import {
	GoogleScopeError,
	PermanentDeliveryError,
	SendRefusedError,
	ServerUnreachableError,
	type MailTransport,
	type OutgoingEmail,
	type SentEmail,
} from '#app/integrations/mail/transport.server.ts'
import { enqueueEmailStepJobs, enqueueSkippedEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { syncSequenceThread } from '#app/models/conversation/gmail-sync.server.ts'
import { syncImapSequence } from '#app/models/conversation/imap-sync.server.ts'
import { mailboxDailyLimit } from '#app/models/mailbox/mailbox.server.ts'
import { mailDomain, transportForMailbox } from '#app/models/mailbox/mail-transport.server.ts'
import { enqueueWebhookEvent } from '#app/models/webhook/webhook-events.server.ts'
import { rewriteLinksForTracking } from '#app/models/tracking/tracked-links.server.ts'
import { linkBaseUrl } from '#app/models/tracking/tracking-domain.server.ts'
import {
	addUnsubscribeFooter,
	listUnsubscribeHeaders,
	unsubscribeUrl,
} from '#app/models/unsubscribe/unsubscribe.server.ts'
import { lazyCommitSqlPool, sqlPool, withSqlTransaction } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { addressDomain, newMessageId } from '#app/utils/message-id.ts'
import { createMicroBatch } from '#app/utils/micro-batch.ts'
import { pgRun } from '#app/utils/sql-run.server.ts'
import { recordStoppedSteps, setStepNote, type StepNote } from '#app/models/step-ledger/step-note.server.ts'
import {
	CLAIM_ROW,
	COUNT_AND_MARK_SENDING,
	FAST_CLAIM_MANY,
	RECORD_SENT_MANY,
	type ClaimRow,
} from './email-dispatch-statements.server.ts'
import { cancelUnsentStepsWith } from './cancel-unsent-steps.server.ts'
import { assignReleaseSlots, type HeldRelease } from './release-slots.server.ts'
import { localDate, nextSendOpening, pickTimeZone } from './send-window.ts'
import { capDeferral, planStepSchedule, sendGapOf, sendWindowOf, type PlannedSend } from './step-plan.ts'
import { retryDelayMs } from './send-retry.ts'

/**
 * Sends one email step exactly once (decision 009):
 *   1. claim — under locks on the sequence and the step, check every rule (sequence ACTIVE,
 *      step due, contact reachable, send window open, mailbox under its daily cap, counted by
 *      a conditional upsert) and mark the step SENDING with a fixed Message-ID: one statement
 *      in the common case (FAST_CLAIM), else a transaction that decides in TypeScript;
 *   2. send — through the mailbox's transport; an attempt that finds the step already
 *      SENDING (a worker died mid-send) first asks the provider for that Message-ID;
 *   3. record — SENT with the provider's ids, the next step planned from the real send time
 *      and its job added, or the sequence COMPLETED after its last step.
 * A failed send (decision 013) fails the step at once when retrying cannot help, else puts it
 * back for later with exponential backoff, counting attempts on the step, up to the limit.
 */
export type DispatchOutcome =
	'sent' | 'recovered' | 'skipped' | 'deferred' | 'retrying' | 'stopped' | 'failed'

// The hot path runs on node-postgres (db.server.ts): Prisma's per-statement cost was most of a send.

type Claim =
	| { kind: 'done'; outcome: DispatchOutcome }
	| { kind: 'check-replies'; sequenceId: string; via: 'gmail' | 'imap' }
	| { kind: 'send'; row: ClaimRow; messageId: string; recovering: boolean }

export async function sendEmailStep(stepId: string): Promise<DispatchOutcome> {
	let claim =
		(await fastClaim(stepId)) ??
		(await withSqlTransaction((client) => claimStep(client, stepId, { repliesChecked: false })))
	if (claim.kind === 'check-replies') {
		const { sequenceId } = claim
		// A Gmail or IMAP follow-up reads the mailbox for replies first, so a reply that arrived
		// since the last mailbox sync stops it; then the claim runs again under its locks.
		try {
			const { replied, bounced } =
				claim.via === 'imap' ? await checkImapReplies(sequenceId) : await syncSequenceThread(sequenceId)
			if (replied || bounced) return 'stopped'
		} catch (error) {
			if (!(error instanceof GoogleScopeError)) throw error
			await withSqlTransaction((client) => pauseForGmailAccess(client, sequenceId))
			return 'stopped'
		}
		claim = await withSqlTransaction((client) => claimStep(client, stepId, { repliesChecked: true }))
	}
	if (claim.kind === 'done') return claim.outcome
	if (claim.kind !== 'send') return 'skipped'
	const { row, messageId, recovering } = claim
	let sent: SentEmail | null = null
	let transport: MailTransport
	try {
		transport = await transportForMailbox(row.mailboxId!)
		if (transport.kind === 'OUTBOX' && !recovering) {
			await deliverToOutbox({ row, email: composeEmail(row, messageId) })
			return 'sent'
		}
		if (recovering) sent = await transport.findSent(messageId)
		if (!sent) sent = await transport.send(composeEmail(row, messageId))
	} catch (error) {
		return handleSendError(row, error)
	}
	if (row.mailboxUnreachableAt) await clearUnreachableFlag(row.mailboxId!)
	// A provider that can say whether it has a Message-ID lets the record skip waiting for the
	// disk: if a database crash loses it, the step is found SENDING and the provider asked. SMTP
	// cannot answer, so its record waits.
	await recordSent(transport.kind === 'SMTP' ? 'durable' : 'lazy', row, sent, transport.kind)
	return recovering ? 'recovered' : 'sent'
}

/** FAST_CLAIM_MANY for this step and the others claimed in the same turn; null sends it the careful way. */
async function fastClaim(stepId: string): Promise<Claim | null> {
	const row = await claimBatch(stepId)
	if (!row?.claimedMessageId) return null
	return { kind: 'send', row, messageId: row.claimedMessageId, recovering: false }
}

type FastClaimRow = ClaimRow & { claimedMessageId: string | null }

// Waiting this long for the worker's other jobs to arrive lines them up: their claims, outbox
// inserts and records then travel together (about 2.4 steps per statement without it, 4–5 with
// 1–2 ms; longer waits cost more than they save).
const CLAIM_BATCH_WAIT_MS = 1

const claimBatch = createMicroBatch(
	async (stepIds: string[]): Promise<Array<FastClaimRow | null>> => {
		try {
			const { rows } = await sqlPool().query<FastClaimRow>({
				name: 'email-step-fast-claim-many',
				text: FAST_CLAIM_MANY,
				values: [[...new Set(stepIds)], mailDomain()],
			})
			const byId = new Map(rows.map((row) => [row.id, row]))
			// A step asked for twice in one batch (duplicate jobs) is claimed for one of them only.
			const handedOut = new Set<string>()
			return stepIds.map((id) => {
				if (handedOut.has(id)) return null
				handedOut.add(id)
				return byId.get(id) ?? null
			})
		} catch (error) {
			// An invalid time zone name, or a lock conflict: the careful path decides per step.
			if (error instanceof Error && 'code' in error && ['22023', '40P01'].includes(String(error.code)))
				return stepIds.map(() => null)
			throw error
		}
	},
	{ waitMs: CLAIM_BATCH_WAIT_MS },
)

/**
 * The IMAP mailbox's new mail, read now. An unreachable IMAP server does not hold the follow-up
 * back (the last sync stands; the settings page shows the error): a mail server that stays down
 * would otherwise stop every sequence of the mailbox without a word.
 */
async function checkImapReplies(sequenceId: string) {
	try {
		return await syncImapSequence(sequenceId)
	} catch (error) {
		console.warn(`IMAP check before a follow-up of sequence ${sequenceId} failed:`, error)
		return { replied: false, bounced: false }
	}
}

/**
 * The Message-ID a step is claimed with: the one fixed at activation when it is a random id on
 * the sender's domain (the sender may have changed since; steps of before decision 015 carried
 * their id in clear), else a new one. Stored with the claim, so every later attempt at the same
 * email carries it; FAST_CLAIM_MANY makes the same choice in SQL.
 */
function claimMessageId(row: ClaimRow) {
	const domain = addressDomain(row.mailboxAddress, mailDomain())
	const kept =
		row.messageId?.endsWith(`@${domain}>`) && row.messageId !== `<${row.id}@${domain}>` ? row.messageId : null
	return kept ?? newMessageId(row.mailboxAddress, mailDomain())
}

async function claimStep(
	client: pg.PoolClient,
	stepId: string,
	{ repliesChecked }: { repliesChecked: boolean },
) {
	const now = new Date()
	// Named statements: each pooled connection plans these once.
	const { rows } = await client.query<ClaimRow>({
		name: 'email-step-claim',
		text: CLAIM_ROW,
		values: [stepId],
	})
	const row = rows[0]
	if (!row) return done('skipped')
	if (row.status === 'SENDING') return takeOverSending(client, row, now)
	if (row.status !== 'SCHEDULED' || row.sequenceStatus !== 'ACTIVE' || row.earlierUnsent)
		return done('skipped')
	if (row.scheduledFor && row.scheduledFor.getTime() > now.getTime() + 1000) {
		// Moved later since this job was added: wait for the new time.
		await enqueueEmailStepJobs(pgRun(client), [{ stepId, runAt: row.scheduledFor }])
		return done('deferred')
	}
	const unreachable = unreachableReason(row)
	if (unreachable) {
		await setStepNote(pgRun(client), { reason: unreachable.code, decision: 'SKIPPED' })
		await stopSequence(client, row, unreachable.text, row.contactEmail ? 'CANCELLED' : 'FAILED')
		return done('stopped')
	}
	if (!repliesChecked && row.order > 1 && row.threadId) {
		const transport = await transportForMailbox(row.mailboxId!)
		if (transport.kind === 'GMAIL')
			return { kind: 'check-replies', sequenceId: row.sequenceId, via: 'gmail' } satisfies Claim
	}
	if (!repliesChecked && row.order > 1 && row.mailboxHasImap && row.previousMessageIds?.length)
		return { kind: 'check-replies', sequenceId: row.sequenceId, via: 'imap' } satisfies Claim
	const timeZone = pickTimeZone(row.contactTimeZone, row.timeZone)
	const opening = nextSendOpening(now, sendWindowOf(row), timeZone)
	if (opening.getTime() > now.getTime()) {
		// Planned inside the window, found outside it (the window changed, or the spread ran past its end).
		const dueAt = row.dueAt ?? row.scheduledFor ?? now
		return defer(client, row, { at: opening, dueAt, hold: 'WINDOW' }, { timeZone })
	}
	const limit = mailboxDailyLimit(row, now)
	const messageId = claimMessageId(row)
	const day = localDate(now, pickTimeZone(row.timeZone))
	const marked =
		limit > 0 &&
		(
			await client.query({
				name: 'email-step-mark-sending',
				text: COUNT_AND_MARK_SENDING,
				values: [row.mailboxId, day, limit, now.toISOString(), messageId, row.id],
			})
		).rowCount === 1
	if (!marked) {
		// Over today's cap: the window's first opening of the next day; never dropped.
		return defer(client, row, capDeferral(now, sendWindowOf(row), timeZone, pickTimeZone(row.timeZone)), {
			timeZone,
			cap: limit,
		})
	}
	// A retry after a failed attempt asks the provider first: that attempt may have gone out.
	return { kind: 'send', row, messageId, recovering: row.lastError !== null } satisfies Claim
}

function done(outcome: DispatchOutcome): Claim {
	return { kind: 'done', outcome }
}

/** A step left SENDING: by an attempt still running (wait out its lease) or by one that died. */
async function takeOverSending(client: pg.PoolClient, row: ClaimRow, now: Date): Promise<Claim> {
	const leaseMs = getEnv().EMAIL_SEND_LEASE_SECONDS * 1000
	const leaseEnds = (row.sendingStartedAt?.getTime() ?? 0) + leaseMs
	if (leaseEnds > now.getTime()) {
		await enqueueEmailStepJobs(pgRun(client), [{ stepId: row.id, runAt: new Date(leaseEnds + 1000) }])
		return done('deferred')
	}
	// A takeover is an attempt too, so a send that keeps dying still reaches the limit.
	if (row.sendAttempts >= getEnv().EMAIL_SEND_MAX_ATTEMPTS) {
		await failStep(
			client,
			row,
			row.lastError ?? `Sending was interrupted ${row.sendAttempts} times`,
			'GAVE_UP',
		)
		return done('failed')
	}
	await client.query(
		`UPDATE "EmailStep" SET "sendingStartedAt" = $1, "sendAttempts" = "sendAttempts" + 1, "updatedAt" = now()
		WHERE id = $2`,
		[now.toISOString(), row.id],
	)
	return { kind: 'send', row, messageId: row.messageId!, recovering: true }
}

/** Why the step cannot go: its ledger code and the words the drawer and the sequence show. */
function unreachableReason(row: ClaimRow) {
	if (row.unsubscribedAt) return { code: 'UNSUBSCRIBED', text: 'The contact unsubscribed' }
	if (row.emailBouncedAt) return { code: 'BOUNCED', text: "The contact's address bounced" }
	if (!row.contactEmail) return { code: 'NO_EMAIL', text: 'The contact has no email address' }
	if (!row.mailboxId) return { code: 'NO_MAILBOX', text: 'The sender mailbox was removed' }
	return null
}

/**
 * Holds the step (the reason is what the drawer shows) and queues it behind the others held until
 * then; the ledger keeps the zone it was decided in and the cap that held it.
 */
async function defer(
	client: pg.PoolClient,
	row: ClaimRow,
	send: PlannedSend,
	detail: { timeZone: string; cap?: number },
): Promise<Claim> {
	await setStepNote(pgRun(client), { reason: send.hold ?? 'WINDOW', detail })
	await client.query(
		`UPDATE "EmailStep" SET "scheduledFor" = $1, "dueAt" = $2, "holdReason" = $3::"SendHoldReason", "updatedAt" = now()
		WHERE id = $4`,
		[send.at.toISOString(), send.dueAt.toISOString(), send.hold, row.id],
	)
	await assignReleaseSlots(pgRun(client), [
		{ stepId: row.id, mailboxId: row.mailboxId!, opening: send.at, addJob: true, gap: sendGapOf(row) },
	])
	return done('deferred')
}

function composeEmail(row: ClaimRow, messageId: string) {
	const baseSubject = row.subject || row.sequenceSubject
	const subject = row.order > 1 && !/^re:/i.test(baseSubject) ? `Re: ${baseSubject}` : baseSubject
	// Links on the organization's tracking domain, if any; sealed tokens name nothing (decision 015).
	const linkBase = linkBaseUrl(row.trackingDomain)
	const unsubscribe = unsubscribeUrl(row.id, linkBase)
	const body = addUnsubscribeFooter(
		{ html: rewriteLinksForTracking(row.bodyHtml, row.id, linkBase), text: row.bodyText },
		unsubscribe,
	)
	const previous = row.previousMessageIds ?? []
	return {
		from: { address: row.mailboxAddress!, name: row.mailboxName },
		to: { address: row.contactEmail!, name: row.contactName || null },
		subject,
		html: body.html,
		text: body.text,
		messageId,
		inReplyTo: previous.at(-1) ?? null,
		references: previous,
		threadId: row.order > 1 ? row.threadId : null,
		// No header of our own: nothing in the email names the product or the step.
		headers: listUnsubscribeHeaders(unsubscribe),
	}
}

async function handleSendError(row: ClaimRow, error: unknown): Promise<DispatchOutcome> {
	if (error instanceof GoogleScopeError) {
		// Nothing went out: hand the step and its count back and stop until Gmail is granted again.
		await withSqlTransaction(async (client) => {
			await setStepNote(pgRun(client), { reason: 'GMAIL_ACCESS' })
			await client.query(
				`UPDATE "EmailStep" SET status = 'SCHEDULED', "sendingStartedAt" = NULL, "updatedAt" = now()
				WHERE id = $1 AND status = 'SENDING'`,
				[row.id],
			)
			await pauseForGmailAccess(client, row.sequenceId)
			await giveBackDailyCount(client, row)
		})
		return 'stopped'
	}
	if (error instanceof PermanentDeliveryError) {
		await withSqlTransaction(async (client) => {
			await client.query(
				`UPDATE "Contact" SET "emailBouncedAt" = now()
				WHERE id = (SELECT "contactId" FROM "Sequence" WHERE id = $1)`,
				[row.sequenceId],
			)
			await client.query(
				`INSERT INTO "SequenceEvent" (id, type, metadata, "organizationId", "sequenceId", "emailStepId")
				VALUES (gen_random_uuid()::text, 'BOUNCE', $1::jsonb, $2, $3, $4)`,
				[JSON.stringify({ reason: error.message }), row.organizationId, row.sequenceId, row.id],
			)
			await failStep(client, row, "The contact's address bounced", 'BOUNCED')
			await enqueueWebhookEvent(pgRun(client), row.organizationId, 'step.bounced', {
				sequenceId: row.sequenceId,
				stepId: row.id,
				reason: "The contact's address bounced",
				bounceClass: 'PERMANENT_RECIPIENT',
			})
		})
		return 'failed'
	}
	if (error instanceof SendRefusedError) {
		// Refused for good but not the recipient (login, sender, message, TLS): fail now, with
		// the server's words; the contact is not marked.
		await withSqlTransaction(async (client) => {
			await giveBackDailyCount(client, row)
			await failStep(client, row, error.message, 'REFUSED')
		})
		return 'failed'
	}
	return retryLater(row, error)
}

/** The error as the drawer shows it while the step waits, and in its failure after the limit. */
function errorReason(error: unknown) {
	const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()
	return message.length > 300 ? `${message.slice(0, 299)}…` : message || 'Sending failed'
}

/**
 * A temporary failure: back to SCHEDULED at a later time with the error, or FAILED once the
 * step used its attempts (and its mailbox flagged when the server could not be reached).
 * Nothing is left to Graphile's retries: the count lives on the step, whatever job runs it.
 */
async function retryLater(row: ClaimRow, error: unknown): Promise<DispatchOutcome> {
	const env = getEnv()
	const reason = errorReason(error)
	return withSqlTransaction(async (client) => {
		// The sequence first, then the step: the order the claim and reply detection lock in.
		await client.query(`SELECT 1 FROM "Sequence" WHERE id = $1 FOR UPDATE`, [row.sequenceId])
		const { rows } = await client.query<{ sendAttempts: number }>(
			`SELECT "sendAttempts" FROM "EmailStep" WHERE id = $1 AND status = 'SENDING' FOR UPDATE`,
			[row.id],
		)
		const attempts = rows[0]?.sendAttempts
		if (attempts === undefined) return 'skipped'
		await giveBackDailyCount(client, row)
		if (attempts >= env.EMAIL_SEND_MAX_ATTEMPTS) {
			if (error instanceof ServerUnreachableError) {
				await client.query(
					`UPDATE "Mailbox" SET "serverUnreachableAt" = now(), "serverError" = $2, "updatedAt" = now()
					WHERE id = $1`,
					[row.mailboxId, reason],
				)
			}
			await failStep(client, row, `${reason}; gave up after ${attempts} attempts`, 'GAVE_UP')
			return 'failed'
		}
		const delay = retryDelayMs(attempts, {
			baseMs: env.EMAIL_SEND_RETRY_BASE_SECONDS * 1000,
			maxMs: env.EMAIL_SEND_RETRY_MAX_SECONDS * 1000,
		})
		const retryAt = new Date(Date.now() + delay)
		await client.query(
			`UPDATE "EmailStep" SET status = 'SCHEDULED', "sendingStartedAt" = NULL, "scheduledFor" = $2,
				"lastError" = $3, "updatedAt" = now()
			WHERE id = $1`,
			[row.id, retryAt.toISOString(), reason],
		)
		await enqueueEmailStepJobs(pgRun(client), [{ stepId: row.id, runAt: retryAt }])
		return 'retrying'
	})
}

/** Nothing went out (or will be tried again): the claim's count goes back to the mailbox's day. */
async function giveBackDailyCount(client: pg.PoolClient, row: ClaimRow) {
	await client.query(
		`UPDATE "MailboxDailyUsage" SET "sentCount" = greatest(0, "sentCount" - 1)
		WHERE "mailboxId" = $1 AND day = $2::date`,
		[row.mailboxId, localDate(new Date(), pickTimeZone(row.timeZone))],
	)
}

/** The mailbox sent again: its server is reachable. */
async function clearUnreachableFlag(mailboxId: string) {
	await sqlPool().query(
		`UPDATE "Mailbox" SET "serverUnreachableAt" = NULL, "serverError" = NULL, "updatedAt" = now()
		WHERE id = $1 AND "serverUnreachableAt" IS NOT NULL`,
		[mailboxId],
	)
}

/** The user must grant Gmail again (the app asks); resuming the sequence carries on. */
async function pauseForGmailAccess(client: pg.PoolClient, sequenceId: string) {
	const { rowCount } = await client.query(
		`UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = now(), "failureReason" = $2, "updatedAt" = now()
		WHERE id = $1 AND status = 'ACTIVE'`,
		[sequenceId, 'Gmail access is needed to send from this mailbox'],
	)
	if (rowCount) await recordStoppedSteps(pgRun(client), [sequenceId], { reason: 'GMAIL_ACCESS' })
}

/** `code`: the ledger's reason for the failed step and for the steps its sequence will not send. */
async function failStep(client: pg.PoolClient, row: ClaimRow, reason: string, code: StepNote['reason']) {
	await setStepNote(pgRun(client), { reason: code, decision: 'STOPPED' })
	await client.query(
		`UPDATE "EmailStep" SET status = 'FAILED', "failureReason" = $2, "failedAt" = now(), "updatedAt" = now()
		WHERE id = $1 AND status = 'SENDING'`,
		[row.id, reason],
	)
	await stopSequence(client, row, reason, 'FAILED')
}

async function stopSequence(
	client: pg.PoolClient,
	row: ClaimRow,
	reason: string,
	status: 'CANCELLED' | 'FAILED',
) {
	await cancelUnsentStepsWith(pgRun(client), [row.sequenceId], reason)
	await client.query(
		`UPDATE "Sequence" SET status = $2::"SequenceStatus", "failureReason" = $3, "stoppedAt" = now(), "updatedAt" = now()
		WHERE id = $1 AND status IN ('ACTIVE', 'PAUSED', 'PENDING')`,
		[row.sequenceId, status, reason],
	)
}

type SentRecord = { row: ClaimRow; sent: SentEmail; transport: MailTransport['kind'] }

/** RECORD_SENT_MANY for this send and the others recorded in the same turn. */
function recordSent(
	pool: 'durable' | 'lazy',
	row: ClaimRow,
	sent: SentEmail,
	transport: MailTransport['kind'],
) {
	return (pool === 'lazy' ? recordLazily : recordDurably)({ row, sent, transport })
}

/**
 * RECORD_SENT_MANY's parameters: the sends, and their sequences' later steps planned from now;
 * with the next steps the window holds, to spread once recorded.
 */
function recordPlan(records: SentRecord[]) {
	const sentAt = new Date()
	const held: HeldRelease[] = []
	const rest = records.flatMap(({ row }) => {
		const later = row.rest ?? []
		const timeZone = pickTimeZone(row.contactTimeZone, row.timeZone)
		const plan = planStepSchedule(later, sentAt, sendWindowOf(row), timeZone)
		const next = later[0] && plan[0]
		if (next?.hold && row.mailboxId)
			held.push({
				stepId: later[0]!.id,
				mailboxId: row.mailboxId,
				opening: next.at,
				addJob: true,
				gap: sendGapOf(row),
			})
		return later.map((step, index) => ({ id: step.id, ...plan[index]!, next: index === 0 }))
	})
	const values = [
		records.map(({ row }) => row.id),
		records.map(({ sent }) => sent.providerMessageId),
		records.map(({ sent }) => sent.providerThreadId ?? null),
		sentAt.toISOString(),
		rest.map((step) => step.id),
		rest.map((step) => step.at.toISOString()),
		rest.map((step) => step.next),
		rest.map((step) => step.dueAt.toISOString()),
		rest.map((step) => step.hold),
		// The ledger's SENT rows name the transport (decision 050).
		records.map(({ transport }) => transport),
	]
	return { values, held }
}

/**
 * Next steps held for the window leave in a spread once their opening comes: one more statement
 * per recorded batch, only when it has such steps. The record already added their jobs at the
 * opening, so a failure here (a lock conflict) only loses the spread, never a send.
 */
async function spreadHeldNextSteps(pool: pg.Pool, held: HeldRelease[]) {
	if (held.length === 0) return
	try {
		await assignReleaseSlots((text, values) => pool.query(text, values).then((result) => result.rows), held)
	} catch (error) {
		console.warn('Could not spread held follow-ups', error)
	}
}

function recordSentBatchOn(pool: () => pg.Pool) {
	return async (records: SentRecord[]) => {
		const { values, held } = recordPlan(records)
		await runRecordStatement(pool(), { name: 'email-step-record-sent-many', text: RECORD_SENT_MANY, values })
		await spreadHeldNextSteps(pool(), held)
		return records.map(() => undefined)
	}
}

const RECORD_TRIES = 3

/**
 * Runs a statement built on RECORD_SENT_MANY. It is all or nothing, so one that lost a deadlock
 * (PostgreSQL 40P01) is simply run again; then the next steps whose job add_jobs skipped are added.
 */
async function runRecordStatement(pool: pg.Pool, query: pg.QueryConfig) {
	for (let attempt = 1; ; attempt++) {
		try {
			const { rows } = await pool.query(query)
			await enqueueSkippedEmailStepJobs(pgRun(pool), rows[0]?.skipped)
			return
		} catch (error) {
			if (attempt >= RECORD_TRIES || !isDeadlock(error)) throw error
		}
	}
}

function isDeadlock(error: unknown) {
	return error instanceof Error && 'code' in error && error.code === '40P01'
}

const recordLazily = createMicroBatch(recordSentBatchOn(lazyCommitSqlPool))
const recordDurably = createMicroBatch(recordSentBatchOn(sqlPool))

// The local outbox lives in this database: storing the email and recording it SENT are one
// statement, so the pair is all or nothing and needs no provider check.
const STORE_IN_OUTBOX_AND_RECORD = `WITH stored AS (${insertOutboxRowsSql(11)}), ${RECORD_SENT_MANY.replace(/^\s*WITH /, '')}`

/** Sends through the local outbox and records it, with the other outbox sends of this turn. */
const deliverToOutbox = createMicroBatch(async (sends: Array<{ row: ClaimRow; email: OutgoingEmail }>) => {
	const outbox = outboxRowValues(
		sends.map(({ row, email }) => ({ email, organizationId: row.organizationId, mailboxId: row.mailboxId })),
	)
	const records = sends.map(({ row, email }, index) => {
		const id = outbox.ids[index]!
		return {
			row,
			sent: { providerMessageId: id, providerThreadId: email.threadId ?? id },
			transport: 'OUTBOX' as const,
		}
	})
	const { values, held } = recordPlan(records)
	await runRecordStatement(lazyCommitSqlPool(), {
		name: 'email-step-outbox-and-record',
		text: STORE_IN_OUTBOX_AND_RECORD,
		values: [...values, ...outbox.values],
	})
	await spreadHeldNextSteps(lazyCommitSqlPool(), held)
	return sends.map(() => undefined)
})
