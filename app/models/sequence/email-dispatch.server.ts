import type pg from 'pg'
import {
	GoogleScopeError,
	PermanentDeliveryError,
	type MailTransport,
	type SentEmail,
} from '#app/integrations/mail/transport.server.ts'
import { syncSequenceThread } from '#app/models/conversation/gmail-sync.server.ts'
import { mailboxDailyLimit } from '#app/models/mailbox/mailbox.server.ts'
import { mailDomain, transportForMailbox } from '#app/models/mailbox/mail-transport.server.ts'
import { rewriteLinksForTracking } from '#app/models/tracking/tracked-links.server.ts'
import {
	addUnsubscribeFooter,
	listUnsubscribeHeaders,
	unsubscribeUrl,
} from '#app/models/unsubscribe/unsubscribe.server.ts'
import { withSqlTransaction } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { localDate, nextSendOpening, pickTimeZone, startOfNextLocalDay } from './send-window.ts'
import {
	cancelUnsentStepsWith,
	enqueueEmailStepJobs,
	pgRun,
	SEND_EMAIL_STEP_MAX_ATTEMPTS,
} from './step-jobs.server.ts'
import { planStepTimes, sendWindowOf } from './step-plan.ts'

/**
 * Sends one email step exactly once (decision 009):
 *   1. claim — one transaction locks the sequence and the step, checks every rule (sequence
 *      ACTIVE, step due, contact reachable, send window open, mailbox under its daily cap,
 *      counted by a conditional upsert) and marks the step SENDING with a fixed Message-ID;
 *   2. send — through the mailbox's transport; an attempt that finds the step already
 *      SENDING (a worker died mid-send) first asks the provider for that Message-ID;
 *   3. record — SENT with the provider's ids, the next step planned from the real send time
 *      and its job added, or the sequence COMPLETED after its last step.
 */
export type DispatchOutcome = 'sent' | 'recovered' | 'skipped' | 'deferred' | 'stopped' | 'failed'

// The hot path runs on node-postgres (sqlPool in db.server.ts): Prisma's per-statement cost was most of a send.

type ClaimRow = {
	id: string
	order: number
	status: string
	scheduledFor: Date | null
	sendingStartedAt: Date | null
	messageId: string | null
	subject: string
	bodyHtml: string
	bodyText: string
	sequenceId: string
	sequenceStatus: string
	sequenceSubject: string
	threadId: string | null
	organizationId: string
	contactEmail: string | null
	contactName: string
	unsubscribedAt: Date | null
	emailBouncedAt: Date | null
	contactTimeZone: string | null
	timeZone: string
	sendWindowEnabled: boolean
	sendWindowDays: number[] | null
	sendWindowStart: number
	sendWindowEnd: number
	mailboxId: string | null
	mailboxAddress: string | null
	mailboxName: string | null
	dailyLimitStart: number
	dailyLimitIncrement: number
	dailyLimitMax: number
	warmupStartedAt: Date
	earlierUnsent: boolean
	previousMessageIds: string[] | null
}

type Claim =
	| { kind: 'done'; outcome: DispatchOutcome }
	| { kind: 'check-replies'; sequenceId: string }
	| { kind: 'send'; row: ClaimRow; messageId: string; recovering: boolean }

export async function sendEmailStep(
	stepId: string,
	{
		attempt = 1,
		maxAttempts = SEND_EMAIL_STEP_MAX_ATTEMPTS,
	}: { attempt?: number; maxAttempts?: number } = {},
): Promise<DispatchOutcome> {
	let claim = await withSqlTransaction((client) => claimStep(client, stepId, { repliesChecked: false }))
	if (claim.kind === 'check-replies') {
		const { sequenceId } = claim
		// A Gmail follow-up asks Gmail for replies first, so a reply that arrived since the last
		// mailbox sync stops it; then the claim runs again under its locks.
		try {
			const { replied, bounced } = await syncSequenceThread(sequenceId)
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
	try {
		const transport: MailTransport = await transportForMailbox(row.mailboxId!)
		if (recovering) sent = await transport.findSent(messageId)
		if (!sent) sent = await transport.send(composeEmail(row, messageId))
	} catch (error) {
		return handleSendError(row, error, { attempt, maxAttempts })
	}
	await withSqlTransaction((client) => recordSent(client, row, sent))
	return recovering ? 'recovered' : 'sent'
}

const CLAIM_ROW = `
	SELECT e.id, e."order", e.status::text AS status, e."scheduledFor", e."sendingStartedAt", e."messageId",
		e.subject, e."bodyHtml", e."bodyText",
		s.id AS "sequenceId", s.status::text AS "sequenceStatus", s.subject AS "sequenceSubject", s."threadId",
		s."organizationId",
		c.email AS "contactEmail", trim(c."firstName" || ' ' || c."lastName") AS "contactName",
		c."unsubscribedAt", c."emailBouncedAt", c."timeZone" AS "contactTimeZone",
		o."timeZone", o."sendWindowEnabled", o."sendWindowDays", o."sendWindowStart", o."sendWindowEnd",
		m.id AS "mailboxId", m.address AS "mailboxAddress", COALESCE(m.name, u.name) AS "mailboxName",
		m."dailyLimitStart", m."dailyLimitIncrement", m."dailyLimitMax", m."warmupStartedAt",
		EXISTS (SELECT 1 FROM "EmailStep" p WHERE p."sequenceId" = s.id AND p."order" < e."order"
			AND p.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING')) AS "earlierUnsent",
		(SELECT array_agg(p."messageId" ORDER BY p."order") FROM "EmailStep" p
			WHERE p."sequenceId" = s.id AND p."order" < e."order" AND p."messageId" IS NOT NULL
			AND p.status IN ('SENT', 'REPLIED')) AS "previousMessageIds"
	FROM "EmailStep" e
	JOIN "Sequence" s ON s.id = e."sequenceId"
	JOIN "Contact" c ON c.id = s."contactId"
	JOIN "Organization" o ON o.id = s."organizationId"
	LEFT JOIN "Mailbox" m ON m.id = COALESCE(e."emailAddressId", s."mailboxId")
	LEFT JOIN "User" u ON u.id = m."userId"
	WHERE e.id = $1
	FOR UPDATE OF s, e`

// Counts the send against the mailbox's cap and marks the step SENDING, or neither: one
// conditional upsert on (mailbox, local day) whose row lock serializes every worker.
const COUNT_AND_MARK_SENDING = `
	WITH counted AS (
		INSERT INTO "MailboxDailyUsage" ("mailboxId", day, "sentCount") VALUES ($1, $2::date, 1)
		ON CONFLICT ("mailboxId", day) DO UPDATE SET "sentCount" = "MailboxDailyUsage"."sentCount" + 1
		WHERE "MailboxDailyUsage"."sentCount" < $3
		RETURNING 1
	)
	UPDATE "EmailStep" SET status = 'SENDING', "sendingStartedAt" = $4, "messageId" = $5, "updatedAt" = now()
	WHERE id = $6 AND EXISTS (SELECT 1 FROM counted)`

async function claimStep(
	client: pg.PoolClient,
	stepId: string,
	{ repliesChecked }: { repliesChecked: boolean },
) {
	const now = new Date()
	const { rows } = await client.query<ClaimRow>(CLAIM_ROW, [stepId])
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
		await stopSequence(client, row, unreachable, row.contactEmail ? 'CANCELLED' : 'FAILED')
		return done('stopped')
	}
	if (!repliesChecked && row.order > 1 && row.threadId) {
		const transport = await transportForMailbox(row.mailboxId!)
		if (transport.kind === 'GMAIL')
			return { kind: 'check-replies', sequenceId: row.sequenceId } satisfies Claim
	}
	const timeZone = pickTimeZone(row.contactTimeZone, row.timeZone)
	const opening = nextSendOpening(now, sendWindowOf(row), timeZone)
	if (opening.getTime() > now.getTime()) return defer(client, row, opening)
	const limit = mailboxDailyLimit(row, now)
	const messageId = row.messageId ?? `<${row.id}.${row.sequenceId}@${mailDomain()}>`
	const day = localDate(now, pickTimeZone(row.timeZone))
	const marked =
		limit > 0 &&
		(
			await client.query(COUNT_AND_MARK_SENDING, [
				row.mailboxId,
				day,
				limit,
				now.toISOString(),
				messageId,
				row.id,
			])
		).rowCount === 1
	if (!marked) {
		// Over today's cap: the first opening of the next day; never dropped.
		const tomorrow = startOfNextLocalDay(now, pickTimeZone(row.timeZone))
		return defer(client, row, nextSendOpening(tomorrow, sendWindowOf(row), timeZone))
	}
	return { kind: 'send', row, messageId, recovering: false } satisfies Claim
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
	await client.query(`UPDATE "EmailStep" SET "sendingStartedAt" = $1, "updatedAt" = now() WHERE id = $2`, [
		now.toISOString(),
		row.id,
	])
	return { kind: 'send', row, messageId: row.messageId!, recovering: true }
}

function unreachableReason(row: ClaimRow) {
	if (row.unsubscribedAt) return 'The contact unsubscribed'
	if (row.emailBouncedAt) return "The contact's address bounced"
	if (!row.contactEmail) return 'The contact has no email address'
	if (!row.mailboxId) return 'The sender mailbox was removed'
	return null
}

async function defer(client: pg.PoolClient, row: ClaimRow, until: Date): Promise<Claim> {
	await client.query(`UPDATE "EmailStep" SET "scheduledFor" = $1, "updatedAt" = now() WHERE id = $2`, [
		until.toISOString(),
		row.id,
	])
	await enqueueEmailStepJobs(pgRun(client), [{ stepId: row.id, runAt: until }])
	return done('deferred')
}

function composeEmail(row: ClaimRow, messageId: string) {
	const baseSubject = row.subject || row.sequenceSubject
	const subject = row.order > 1 && !/^re:/i.test(baseSubject) ? `Re: ${baseSubject}` : baseSubject
	const body = addUnsubscribeFooter(
		{ html: rewriteLinksForTracking(row.bodyHtml, row.id), text: row.bodyText },
		unsubscribeUrl(row.id),
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
		headers: { ...listUnsubscribeHeaders(row.id), 'X-Reachout-Step': row.id },
	}
}

async function handleSendError(
	row: ClaimRow,
	error: unknown,
	{ attempt, maxAttempts }: { attempt: number; maxAttempts: number },
): Promise<DispatchOutcome> {
	if (error instanceof GoogleScopeError) {
		// Nothing went out: hand the step and its count back and stop until Gmail is granted again.
		await withSqlTransaction(async (client) => {
			await client.query(
				`UPDATE "EmailStep" SET status = 'SCHEDULED', "sendingStartedAt" = NULL, "updatedAt" = now()
				WHERE id = $1 AND status = 'SENDING'`,
				[row.id],
			)
			await pauseForGmailAccess(client, row.sequenceId)
			await client.query(
				`UPDATE "MailboxDailyUsage" SET "sentCount" = greatest(0, "sentCount" - 1)
				WHERE "mailboxId" = $1 AND day = $2::date`,
				[row.mailboxId, localDate(new Date(), pickTimeZone(row.timeZone))],
			)
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
			await failStep(client, row, "The contact's address bounced")
		})
		return 'failed'
	}
	if (attempt >= maxAttempts) {
		const reason = error instanceof Error ? error.message : String(error)
		await withSqlTransaction((client) => failStep(client, row, `Sending failed: ${reason}`))
		return 'failed'
	}
	// Transient: the job is retried with backoff and finds the step SENDING.
	throw error
}

/** The user must grant Gmail again (the app asks); resuming the sequence carries on. */
async function pauseForGmailAccess(client: pg.PoolClient, sequenceId: string) {
	await client.query(
		`UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = now(), "failureReason" = $2, "updatedAt" = now()
		WHERE id = $1 AND status = 'ACTIVE'`,
		[sequenceId, 'Gmail access is needed to send from this mailbox'],
	)
}

async function failStep(client: pg.PoolClient, row: ClaimRow, reason: string) {
	await client.query(
		`UPDATE "EmailStep" SET status = 'FAILED', "failureReason" = $2, "updatedAt" = now()
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

// SENT, the thread, the SENT event and lastContactedAt in one statement; the sequence is
// COMPLETED when no other email step is left to send. Returns the steps still to plan.
const RECORD_SENT = `
	WITH step AS (
		UPDATE "EmailStep" SET status = 'SENT', "sentAt" = $2, "providerMessageId" = $3, "providerThreadId" = $4,
			"updatedAt" = now()
		WHERE id = $1 AND status = 'SENDING'
		RETURNING id, "sequenceId", "order"
	), finished AS (
		SELECT step."sequenceId", NOT EXISTS (
			SELECT 1 FROM "EmailStep" e WHERE e."sequenceId" = step."sequenceId" AND e.id <> step.id
				AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING')) AS last
		FROM step
	), sequence AS (
		UPDATE "Sequence" s SET "threadId" = COALESCE(s."threadId", $4), "updatedAt" = now(),
			status = CASE WHEN s.status = 'ACTIVE' AND finished.last THEN 'COMPLETED'::"SequenceStatus" ELSE s.status END,
			"completedAt" = CASE WHEN s.status = 'ACTIVE' AND finished.last THEN $2::timestamp ELSE s."completedAt" END
		FROM finished WHERE s.id = finished."sequenceId"
		RETURNING s.id, s."contactId", s.status::text AS status
	), event AS (
		INSERT INTO "SequenceEvent" (id, type, "organizationId", "sequenceId", "emailStepId")
		SELECT gen_random_uuid()::text, 'SENT', $5, step."sequenceId", step.id FROM step
	), contact AS (
		UPDATE "Contact" c SET "lastContactedAt" = $2 FROM sequence WHERE c.id = sequence."contactId"
	)
	SELECT sequence.status AS "sequenceStatus",
		(SELECT json_agg(json_build_object('id', e.id, 'daysAfter', e."daysAfter") ORDER BY e."order")
			FROM "EmailStep" e, step
			WHERE e."sequenceId" = step."sequenceId" AND e."order" > step."order"
				AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED')) AS rest
	FROM sequence`

async function recordSent(client: pg.PoolClient, row: ClaimRow, sent: SentEmail) {
	const sentAt = new Date()
	const { rows } = await client.query<{
		sequenceStatus: string
		rest: Array<{ id: string; daysAfter: number }> | null
	}>(RECORD_SENT, [
		row.id,
		sentAt.toISOString(),
		sent.providerMessageId,
		sent.providerThreadId ?? null,
		row.organizationId,
	])
	const rest = rows[0]?.rest ?? []
	if (rest.length === 0) return
	// The rest, planned from the real send time; the next one gets its job.
	const times = planStepTimes(
		rest,
		sentAt,
		sendWindowOf(row),
		pickTimeZone(row.contactTimeZone, row.timeZone),
	)
	await client.query(
		`UPDATE "EmailStep" AS step SET status = 'SCHEDULED', "scheduledFor" = v.at, "updatedAt" = now()
		FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE step.id = v.id`,
		[rest.map((step) => step.id), times.map((time) => time.toISOString())],
	)
	if (rows[0]!.sequenceStatus === 'ACTIVE') {
		await enqueueEmailStepJobs(pgRun(client), [{ stepId: rest[0]!.id, runAt: times[0]! }])
	}
}
