import { Prisma } from '#app/generated/prisma/client.ts'
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
import { prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { localDate, nextSendOpening, pickTimeZone, startOfNextLocalDay } from './send-window.ts'
import { cancelUnsentSteps } from './sequence-status.server.ts'
import { enqueueEmailStepJobs, SEND_EMAIL_STEP_MAX_ATTEMPTS } from './step-jobs.server.ts'
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

type Tx = Prisma.TransactionClient

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
	| { kind: 'send'; row: ClaimRow; messageId: string; recovering: boolean }

export async function sendEmailStep(
	stepId: string,
	{ attempt = 1, maxAttempts = SEND_EMAIL_STEP_MAX_ATTEMPTS }: { attempt?: number; maxAttempts?: number } = {},
): Promise<DispatchOutcome> {
	if (await stoppedByReplyBeforeFollowUp(stepId)) return 'stopped'
	const claim = await claimStep(stepId)
	if (claim.kind === 'done') return claim.outcome
	const { row, messageId, recovering } = claim
	let transport: MailTransport
	let sent: SentEmail | null = null
	try {
		transport = await transportForMailbox(row.mailboxId!)
		if (recovering) sent = await transport.findSent(messageId)
		if (!sent) sent = await transport.send(composeEmail(row, messageId))
	} catch (error) {
		return handleSendError(row, error, { attempt, maxAttempts })
	}
	await recordSent(row, sent)
	return recovering ? 'recovered' : 'sent'
}

/**
 * A follow-up of a Gmail thread asks Gmail for replies first, so a reply that arrived since
 * the last mailbox sync stops it. Outbox and SMTP replies arrive through their own paths.
 */
async function stoppedByReplyBeforeFollowUp(stepId: string) {
	const [peek] = await prisma.$queryRaw<
		Array<{ sequenceId: string; order: number; threadId: string | null; mailboxId: string | null; status: string }>
	>`
		SELECT s.id AS "sequenceId", e."order", s."threadId", COALESCE(e."emailAddressId", s."mailboxId") AS "mailboxId",
			e.status::text AS status
		FROM "EmailStep" e JOIN "Sequence" s ON s.id = e."sequenceId"
		WHERE e.id = ${stepId} AND s.status = 'ACTIVE'`
	if (!peek || peek.order <= 1 || !peek.threadId || !peek.mailboxId || peek.status !== 'SCHEDULED') return false
	const transport = await transportForMailbox(peek.mailboxId)
	if (transport.kind !== 'GMAIL') return false
	const { replied } = await syncSequenceThread(peek.sequenceId)
	return replied
}

async function claimStep(stepId: string): Promise<Claim> {
	return prisma.$transaction(async (tx) => {
		const now = new Date()
		const [row] = await tx.$queryRaw<ClaimRow[]>`
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
			WHERE e.id = ${stepId}
			FOR UPDATE OF s, e`
		if (!row) return { kind: 'done', outcome: 'skipped' }
		if (row.status === 'SENDING') return takeOverSending(tx, row, now)
		if (row.status !== 'SCHEDULED' || row.sequenceStatus !== 'ACTIVE' || row.earlierUnsent)
			return { kind: 'done', outcome: 'skipped' }
		if (row.scheduledFor && row.scheduledFor.getTime() > now.getTime() + 1000) {
			// Moved later since this job was added: wait for the new time.
			await enqueueEmailStepJobs(tx, [{ stepId, runAt: row.scheduledFor }])
			return { kind: 'done', outcome: 'deferred' }
		}
		const unreachable = unreachableReason(row)
		if (unreachable) {
			await stopSequence(tx, row, unreachable, row.contactEmail ? 'CANCELLED' : 'FAILED')
			return { kind: 'done', outcome: 'stopped' }
		}
		const timeZone = pickTimeZone(row.contactTimeZone, row.timeZone)
		const opening = nextSendOpening(now, sendWindowOf(row), timeZone)
		if (opening.getTime() > now.getTime()) return defer(tx, row, opening)
		if (!(await countAgainstDailyCap(tx, row, now))) {
			const tomorrow = startOfNextLocalDay(now, pickTimeZone(row.timeZone))
			return defer(tx, row, nextSendOpening(tomorrow, sendWindowOf(row), timeZone))
		}
		const messageId = row.messageId ?? `<${row.id}.${row.sequenceId}@${mailDomain()}>`
		await tx.$executeRaw`
			UPDATE "EmailStep" SET status = 'SENDING', "sendingStartedAt" = ${now}, "messageId" = ${messageId},
				"updatedAt" = now()
			WHERE id = ${row.id}`
		return { kind: 'send', row, messageId, recovering: false }
	})
}

/** A step left SENDING: by an attempt still running (wait out its lease) or by one that died. */
async function takeOverSending(tx: Tx, row: ClaimRow, now: Date): Promise<Claim> {
	const leaseMs = getEnv().EMAIL_SEND_LEASE_SECONDS * 1000
	const leaseEnds = (row.sendingStartedAt?.getTime() ?? 0) + leaseMs
	if (leaseEnds > now.getTime()) {
		await enqueueEmailStepJobs(tx, [{ stepId: row.id, runAt: new Date(leaseEnds + 1000) }])
		return { kind: 'done', outcome: 'deferred' }
	}
	await tx.$executeRaw`UPDATE "EmailStep" SET "sendingStartedAt" = ${now}, "updatedAt" = now() WHERE id = ${row.id}`
	return { kind: 'send', row, messageId: row.messageId!, recovering: true }
}

function unreachableReason(row: ClaimRow) {
	if (row.unsubscribedAt) return 'The contact unsubscribed'
	if (row.emailBouncedAt) return "The contact's address bounced"
	if (!row.contactEmail) return 'The contact has no email address'
	if (!row.mailboxId) return 'The sender mailbox was removed'
	return null
}

async function defer(tx: Tx, row: ClaimRow, until: Date): Promise<Claim> {
	await tx.$executeRaw`UPDATE "EmailStep" SET "scheduledFor" = ${until}, "updatedAt" = now() WHERE id = ${row.id}`
	await enqueueEmailStepJobs(tx, [{ stepId: row.id, runAt: until }])
	return { kind: 'done', outcome: 'deferred' }
}

/**
 * One conditional upsert on (mailbox, local day): it adds one only while the count is under
 * the cap, and the row lock it takes serializes every worker on that mailbox and day.
 */
async function countAgainstDailyCap(tx: Tx, row: ClaimRow, now: Date) {
	const limit = mailboxDailyLimit(row, now)
	if (limit <= 0) return false
	const day = localDate(now, pickTimeZone(row.timeZone))
	const counted = await tx.$queryRaw<Array<{ sentCount: number }>>`
		INSERT INTO "MailboxDailyUsage" ("mailboxId", day, "sentCount") VALUES (${row.mailboxId}, ${day}::date, 1)
		ON CONFLICT ("mailboxId", day) DO UPDATE SET "sentCount" = "MailboxDailyUsage"."sentCount" + 1
		WHERE "MailboxDailyUsage"."sentCount" < ${limit}
		RETURNING "sentCount"`
	return counted.length === 1
}

async function uncountDailyCap(row: ClaimRow, now: Date) {
	const day = localDate(now, pickTimeZone(row.timeZone))
	await prisma.$executeRaw`
		UPDATE "MailboxDailyUsage" SET "sentCount" = greatest(0, "sentCount" - 1)
		WHERE "mailboxId" = ${row.mailboxId} AND day = ${day}::date`
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
		// Nothing went out: hand the step back and stop until the user grants Gmail again.
		await prisma.$transaction(async (tx) => {
			await tx.$executeRaw`
				UPDATE "EmailStep" SET status = 'SCHEDULED', "sendingStartedAt" = NULL, "updatedAt" = now()
				WHERE id = ${row.id} AND status = 'SENDING'`
			await tx.$executeRaw`
				UPDATE "Sequence" SET status = 'PAUSED', "stoppedAt" = now(),
					"failureReason" = 'Gmail access is needed to send from this mailbox', "updatedAt" = now()
				WHERE id = ${row.sequenceId} AND status = 'ACTIVE'`
		})
		await uncountDailyCap(row, new Date())
		return 'stopped'
	}
	if (error instanceof PermanentDeliveryError) {
		await prisma.$transaction(async (tx) => {
			await tx.$executeRaw`UPDATE "Contact" SET "emailBouncedAt" = now() WHERE id =
				(SELECT "contactId" FROM "Sequence" WHERE id = ${row.sequenceId})`
			await tx.$executeRaw`
				INSERT INTO "SequenceEvent" (id, type, metadata, "organizationId", "sequenceId", "emailStepId")
				VALUES (gen_random_uuid()::text, 'BOUNCE', ${JSON.stringify({ reason: error.message })}::jsonb,
					${row.organizationId}, ${row.sequenceId}, ${row.id})`
			await failStep(tx, row, "The contact's address bounced")
		})
		return 'failed'
	}
	if (attempt >= maxAttempts) {
		const reason = error instanceof Error ? error.message : String(error)
		await prisma.$transaction((tx) => failStep(tx, row, `Sending failed: ${reason}`))
		return 'failed'
	}
	// Transient: the job is retried with backoff and finds the step SENDING.
	throw error
}

async function failStep(tx: Tx, row: ClaimRow, reason: string) {
	await tx.$executeRaw`
		UPDATE "EmailStep" SET status = 'FAILED', "failureReason" = ${reason}, "updatedAt" = now()
		WHERE id = ${row.id} AND status = 'SENDING'`
	await stopSequence(tx, row, reason, 'FAILED')
}

async function stopSequence(tx: Tx, row: ClaimRow, reason: string, status: 'CANCELLED' | 'FAILED') {
	await cancelUnsentSteps(tx, [row.sequenceId], reason)
	await tx.$executeRaw`
		UPDATE "Sequence" SET status = ${status}::"SequenceStatus", "failureReason" = ${reason}, "stoppedAt" = now(),
			"updatedAt" = now()
		WHERE id = ${row.sequenceId} AND status IN ('ACTIVE', 'PAUSED', 'PENDING')`
}

async function recordSent(row: ClaimRow, sent: SentEmail) {
	await prisma.$transaction(async (tx) => {
		const sentAt = new Date()
		const updated = await tx.$executeRaw`
			UPDATE "EmailStep" SET status = 'SENT', "sentAt" = ${sentAt}, "providerMessageId" = ${sent.providerMessageId},
				"providerThreadId" = ${sent.providerThreadId ?? null}, "updatedAt" = now()
			WHERE id = ${row.id} AND status = 'SENDING'`
		if (updated === 0) return
		await tx.$executeRaw`
			UPDATE "Sequence" SET "threadId" = COALESCE("threadId", ${sent.providerThreadId ?? null}), "updatedAt" = now()
			WHERE id = ${row.sequenceId}`
		await tx.$executeRaw`
			INSERT INTO "SequenceEvent" (id, type, "organizationId", "sequenceId", "emailStepId")
			VALUES (gen_random_uuid()::text, 'SENT', ${row.organizationId}, ${row.sequenceId}, ${row.id})`
		await tx.$executeRaw`
			UPDATE "Contact" SET "lastContactedAt" = ${sentAt}
			WHERE id = (SELECT "contactId" FROM "Sequence" WHERE id = ${row.sequenceId})`
		await scheduleFollowingSteps(tx, row, sentAt)
	})
}

/** Plans the rest from the real send time, adds the next step's job, or completes the sequence. */
async function scheduleFollowingSteps(tx: Tx, row: ClaimRow, sentAt: Date) {
	const rest = await tx.$queryRaw<Array<{ id: string; daysAfter: number; sequenceStatus: string }>>`
		SELECT e.id, e."daysAfter", s.status::text AS "sequenceStatus"
		FROM "EmailStep" e JOIN "Sequence" s ON s.id = e."sequenceId"
		WHERE e."sequenceId" = ${row.sequenceId} AND e."order" > ${row.order}
			AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		ORDER BY e."order"`
	if (rest.length === 0) {
		await tx.$executeRaw`
			UPDATE "Sequence" SET status = 'COMPLETED', "completedAt" = ${sentAt}, "updatedAt" = now()
			WHERE id = ${row.sequenceId} AND status = 'ACTIVE'
				AND NOT EXISTS (SELECT 1 FROM "EmailStep" WHERE "sequenceId" = ${row.sequenceId}
					AND status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING'))`
		return
	}
	const timeZone = pickTimeZone(row.contactTimeZone, row.timeZone)
	const times = planStepTimes(rest, sentAt, sendWindowOf(row), timeZone)
	await tx.$executeRaw`
		UPDATE "EmailStep" AS step SET status = 'SCHEDULED', "scheduledFor" = v.at, "updatedAt" = now()
		FROM unnest(${rest.map((step) => step.id)}::text[], ${times.map((time) => time.toISOString())}::timestamptz[])
			AS v(id, at)
		WHERE step.id = v.id`
	if (rest[0]!.sequenceStatus === 'ACTIVE') await enqueueEmailStepJobs(tx, [{ stepId: rest[0]!.id, runAt: times[0]! }])
}
