import { addEmailStepJobsSql, skippedEmailStepJobsSql } from '#app/jobs/send-email-step.ts'
import { webhookEventsCtes } from '#app/models/webhook/webhook-events.server.ts'
import type { SchedulingSettings } from './step-plan.ts'

// The dispatcher's SQL (decision 009). The common send is three statements, each shared by the
// sends a worker runs at once: FAST_CLAIM_MANY (locks, checks, counts against the cap, marks
// SENDING), the transport's send, RECORD_SENT_MANY (SENT, event, thread, next step planned and
// its job added). Anything unusual takes the careful path in
// email-dispatch.server.ts, which reads CLAIM_ROW in a transaction and decides in TypeScript.

export type ClaimRow = SchedulingSettings & {
	id: string
	order: number
	status: string
	scheduledFor: Date | null
	dueAt: Date | null
	holdReason: string | null
	sendingStartedAt: Date | null
	messageId: string | null
	/** Attempts so far, this one included once claimed (decision 013). */
	sendAttempts: number
	/** The last attempt's error: set while the step waits to try again. */
	lastError: string | null
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
	/** The organization's tracking domain: the host of the email's links (decision 015). */
	trackingDomain: string | null
	mailboxId: string | null
	mailboxAddress: string | null
	mailboxName: string | null
	/** The mailbox reads its inbox over IMAP: its follow-ups check for replies first. */
	mailboxHasImap: boolean
	/** Set when the mailbox's server was unreachable; its next send clears it. */
	mailboxUnreachableAt: Date | null
	dailyLimitStart: number
	dailyLimitIncrement: number
	dailyLimitMax: number
	warmupStartedAt: Date
	earlierUnsent: boolean
	previousMessageIds: string[] | null
	/** The later unsent email steps, in order: planned again from the real send time. */
	rest: Array<{ id: string; daysAfter: number }> | null
}

const CLAIM_COLUMNS = `
	e.id, e."order", e.status::text AS status, e."scheduledFor", e."dueAt", e."holdReason"::text AS "holdReason",
	e."sendingStartedAt", e."messageId",
	e."sendAttempts", e."lastError", e.subject, e."bodyHtml", e."bodyText",
	s.id AS "sequenceId", s.status::text AS "sequenceStatus", s.subject AS "sequenceSubject", s."threadId",
	s."organizationId",
	c.email AS "contactEmail", trim(c."firstName" || ' ' || c."lastName") AS "contactName",
	c."unsubscribedAt", c."emailBouncedAt", c."timeZone" AS "contactTimeZone",
	o."timeZone", o."trackingDomain", o."sendWindowEnabled", o."sendWindowDays", o."sendWindowStart", o."sendWindowEnd",
	o."sendGapMinSeconds", o."sendGapMaxSeconds",
	m.id AS "mailboxId", m.address AS "mailboxAddress", COALESCE(m.name, u.name) AS "mailboxName",
	(m."imapHost" IS NOT NULL) IS TRUE AS "mailboxHasImap",
	m."serverUnreachableAt" AS "mailboxUnreachableAt",
	m."dailyLimitStart", m."dailyLimitIncrement", m."dailyLimitMax", m."warmupStartedAt",
	EXISTS (SELECT 1 FROM "EmailStep" p WHERE p."sequenceId" = s.id AND p."order" < e."order"
		AND p.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING')) AS "earlierUnsent",
	(SELECT array_agg(p."messageId" ORDER BY p."order") FROM "EmailStep" p
		WHERE p."sequenceId" = s.id AND p."order" < e."order" AND p."messageId" IS NOT NULL
		AND p.status IN ('SENT', 'REPLIED')) AS "previousMessageIds",
	(SELECT json_agg(json_build_object('id', p.id, 'daysAfter', p."daysAfter") ORDER BY p."order")
		FROM "EmailStep" p WHERE p."sequenceId" = s.id AND p."order" > e."order"
		AND p.status IN ('PENDING', 'DRAFT', 'SCHEDULED')) AS rest`

const CLAIM_FROM = `
	FROM "EmailStep" e
	JOIN "Sequence" s ON s.id = e."sequenceId"
	JOIN "Contact" c ON c.id = s."contactId"
	JOIN "Organization" o ON o.id = s."organizationId"
	LEFT JOIN "Mailbox" m ON m.id = COALESCE(e."emailAddressId", s."mailboxId")
	LEFT JOIN "User" u ON u.id = m."userId"
	WHERE e.id = $1
	FOR UPDATE OF s, e`

/** $1 step id. The careful path's read, inside its transaction. */
export const CLAIM_ROW = `SELECT ${CLAIM_COLUMNS} ${CLAIM_FROM}`

// Locks in id order, so two batches that share a step (duplicate jobs) cannot deadlock.
const CLAIM_FROM_MANY = CLAIM_FROM.replace('WHERE e.id = $1', 'WHERE e.id = ANY($1::text[])').replace(
	'FOR UPDATE OF s, e',
	'ORDER BY e.id FOR UPDATE OF s, e',
)

/**
 * Counts the send against the mailbox's cap and marks the step SENDING, or neither: one
 * conditional upsert on (mailbox, local day) whose row lock serializes every worker.
 * $1 mailbox, $2 day, $3 cap, $4 now, $5 Message-ID, $6 step.
 */
export const COUNT_AND_MARK_SENDING = `
	WITH counted AS (
		INSERT INTO "MailboxDailyUsage" ("mailboxId", day, "sentCount") VALUES ($1, $2::date, 1)
		ON CONFLICT ("mailboxId", day) DO UPDATE SET "sentCount" = "MailboxDailyUsage"."sentCount" + 1
		WHERE "MailboxDailyUsage"."sentCount" < $3
		RETURNING 1
	)
	UPDATE "EmailStep" SET status = 'SENDING', "sendingStartedAt" = $4, "messageId" = $5,
		"sendAttempts" = "sendAttempts" + 1, "updatedAt" = now()
	WHERE id = $6 AND EXISTS (SELECT 1 FROM counted)`

/**
 * The common case, for a batch of steps in one autocommitted statement: it claims a step only
 * when every rule of the careful path certainly holds — due, ACTIVE, no earlier step unsent,
 * contact reachable, window open now in the contact's (else the organization's) zone, under the
 * cap, for a follow-up a mailbox that neither sends through Gmail nor reads its inbox over IMAP
 * (such a follow-up checks for replies first), and no earlier failed attempt (a retry asks the
 * provider first) — and otherwise claims nothing, leaving that step to the careful path. A mailbox's steps
 * in the batch are counted together, all or none, against its cap. An invalid time zone makes
 * the statement fail, which sends its steps the careful way too. The cap and the local day are
 * the arithmetic of mailboxDailyLimit() and localDate(). The Message-ID fixed at activation is
 * kept when it is a random id on the sender's domain, else replaced (as claimMessageId() does).
 * $1 step ids, $2 the Message-ID domain of an address without one.
 */
export const FAST_CLAIM_MANY = `
	WITH target AS (
		SELECT ${CLAIM_COLUMNS},
			(now() AT TIME ZONE o."timeZone")::date AS "orgDay",
			GREATEST(0, LEAST(m."dailyLimitMax", m."dailyLimitStart" + m."dailyLimitIncrement"
				* floor(extract(epoch FROM now() - m."warmupStartedAt") / 86400)))::int AS "capToday",
			(NOT o."sendWindowEnabled" OR (
				extract(isodow FROM now() AT TIME ZONE COALESCE(c."timeZone", o."timeZone"))::int = ANY(o."sendWindowDays")
				AND extract(hour FROM now() AT TIME ZONE COALESCE(c."timeZone", o."timeZone")) * 60
					+ extract(minute FROM now() AT TIME ZONE COALESCE(c."timeZone", o."timeZone"))
					BETWEEN o."sendWindowStart" AND o."sendWindowEnd" - 1)) AS "windowOpen",
			-- isGmailConnected(): a user's own mailbox whose Google grant holds both Gmail scopes.
			(m.kind = 'USER' AND EXISTS (SELECT 1 FROM "GoogleAccount" g WHERE g."userId" = m."userId"
				AND ' ' || g.scope || ' ' LIKE '% https://www.googleapis.com/auth/gmail.readonly %'
				AND ' ' || g.scope || ' ' LIKE '% https://www.googleapis.com/auth/gmail.send %')) AS "sendsThroughGmail",
			COALESCE(NULLIF(lower(trim(substring(m.address FROM '@([^@]*)$'))), ''), $2) AS "senderDomain"
		${CLAIM_FROM_MANY}
	), eligible AS (
		SELECT t.id, t."mailboxId", t."orgDay", t."capToday", t."senderDomain" FROM target t
		WHERE t.status = 'SCHEDULED' AND t."sequenceStatus" = 'ACTIVE'
			AND t."scheduledFor" <= now() + interval '1 second' AND NOT t."earlierUnsent"
			AND t."contactEmail" IS NOT NULL AND t."unsubscribedAt" IS NULL AND t."emailBouncedAt" IS NULL
			AND t."mailboxId" IS NOT NULL AND t."windowOpen" AND t."capToday" > 0
			AND (t."order" = 1 OR t."threadId" IS NULL OR NOT t."sendsThroughGmail")
			AND (t."order" = 1 OR NOT t."mailboxHasImap")
			AND t."lastError" IS NULL
	), wanted AS (
		SELECT "mailboxId", "orgDay", "capToday", count(*)::int AS n FROM eligible
		GROUP BY "mailboxId", "orgDay", "capToday" HAVING count(*) <= "capToday"
	), counted AS (
		INSERT INTO "MailboxDailyUsage" ("mailboxId", day, "sentCount")
		-- In mailbox order: concurrent batches lock shared mailboxes in one order, never in a cycle.
		SELECT "mailboxId", "orgDay", n FROM wanted ORDER BY "mailboxId"
		ON CONFLICT ("mailboxId", day) DO UPDATE SET "sentCount" = "MailboxDailyUsage"."sentCount" + EXCLUDED."sentCount"
		WHERE "MailboxDailyUsage"."sentCount" + EXCLUDED."sentCount"
			<= (SELECT w."capToday" FROM wanted w WHERE w."mailboxId" = EXCLUDED."mailboxId")
		RETURNING "mailboxId"
	), marked AS (
		UPDATE "EmailStep" AS step SET status = 'SENDING', "sendingStartedAt" = now(),
			"messageId" = CASE
				WHEN right(step."messageId", length(eligible."senderDomain") + 2) = '@' || eligible."senderDomain" || '>'
					AND step."messageId" <> '<' || step.id || '@' || eligible."senderDomain" || '>'
				THEN step."messageId"
				ELSE '<' || replace(gen_random_uuid()::text, '-', '') || '@' || eligible."senderDomain" || '>' END,
			"sendAttempts" = step."sendAttempts" + 1, "updatedAt" = now()
		FROM eligible
		WHERE step.id = eligible.id AND eligible."mailboxId" IN (SELECT "mailboxId" FROM counted)
		RETURNING step.id, step."messageId"
	)
	SELECT t.*, marked."messageId" AS "claimedMessageId" FROM target t LEFT JOIN marked ON marked.id = t.id`

/**
 * For a batch of sent steps: SENT with the provider's ids, the thread, the SENT event and
 * lastContactedAt; the later steps planned from the send time and each sequence's next job added
 * while it is ACTIVE; a sequence COMPLETED when no other step of any channel is left. One
 * statement, so all or nothing.
 * $1 step ids, $2 provider message ids, $3 provider thread ids, $4 sent at, $5 later step ids,
 * $6 their planned times, $7 whether each is its sequence's next step, $8 when each is due and
 * $9 what holds it until its planned time (decision 014). Returns the next steps whose job was
 * skipped (`skipped`), for enqueueEmailStepJobs to add again. $10 the transport of each sent step: the
 * ledger's SENT rows name it (decision 050), through the transaction's step note, which the final
 * SELECT sets before the step tables' triggers run at the statement's end.
 */
export const RECORD_SENT_MANY = `
	WITH input AS (
		SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS i(id, "providerMessageId", "providerThreadId")
	), note AS (
		SELECT set_config('reachout.step_note', jsonb_build_object('transports', jsonb_object($1::text[], $10::text[]))::text, true) AS applied
	), step AS (
		UPDATE "EmailStep" AS e SET status = 'SENT', "sentAt" = $4, "providerMessageId" = input."providerMessageId",
			"providerThreadId" = input."providerThreadId", "lastError" = NULL, "updatedAt" = now()
		FROM input
		WHERE e.id = input.id AND e.status = 'SENDING'
		RETURNING e.id, e."sequenceId", e."organizationId", input."providerThreadId"
	), finished AS (
		SELECT step."sequenceId", step."providerThreadId", NOT EXISTS (
			SELECT 1 FROM "EmailStep" e WHERE e."sequenceId" = step."sequenceId" AND e.id <> step.id
				AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING')
			UNION ALL
			-- LinkedIn steps and calls still to do keep the sequence going (complete-finished-sequences).
			SELECT 1 FROM "LinkedInStep" l WHERE l."sequenceId" = step."sequenceId"
				AND l.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING')
			UNION ALL
			SELECT 1 FROM "PhoneCallStep" p WHERE p."sequenceId" = step."sequenceId"
				AND p.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING')) AS last
		FROM step
	), sequence AS (
		UPDATE "Sequence" s SET "threadId" = COALESCE(s."threadId", finished."providerThreadId"), "updatedAt" = now(),
			status = CASE WHEN s.status = 'ACTIVE' AND finished.last THEN 'COMPLETED'::"SequenceStatus" ELSE s.status END,
			"completedAt" = CASE WHEN s.status = 'ACTIVE' AND finished.last THEN $4::timestamp ELSE s."completedAt" END
		FROM finished WHERE s.id = finished."sequenceId"
		RETURNING s.id, s."contactId", s.status
	), event AS (
		INSERT INTO "SequenceEvent" (id, type, "organizationId", "sequenceId", "emailStepId")
		SELECT gen_random_uuid()::text, 'SENT', step."organizationId", step."sequenceId", step.id FROM step
	), contact AS (
		UPDATE "Contact" c SET "lastContactedAt" = $4 FROM sequence WHERE c.id = sequence."contactId"
	), planned AS (
		UPDATE "EmailStep" AS e SET status = 'SCHEDULED', "scheduledFor" = v.at, "dueAt" = v.due,
			"holdReason" = v.hold::"SendHoldReason", "updatedAt" = now()
		FROM unnest($5::text[], $6::timestamptz[], $7::boolean[], $8::timestamptz[], $9::text[]) AS v(id, at, next, due, hold)
		WHERE e.id = v.id AND e."sequenceId" IN (SELECT "sequenceId" FROM step)
			AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		RETURNING e.id, e."sequenceId", v.at, v.next
	), next_step AS (
		SELECT planned.id, planned.at AS run_at
		FROM planned JOIN sequence ON sequence.id = planned."sequenceId"
		WHERE sequence.status = 'ACTIVE' AND planned.next
	), job AS (
		${addEmailStepJobsSql('next_step AS v')}
	), hook_input AS (
		-- Webhook events (decision 042): each step sent, each sequence it completed.
		SELECT step."organizationId" AS organization_id, 'step.sent' AS type, jsonb_build_object('stepId', step.id,
			'sequenceId', step."sequenceId", 'contactId', sequence."contactId", 'channel', 'email', 'sentAt', $4::timestamptz) AS payload
		FROM step JOIN sequence ON sequence.id = step."sequenceId"
		UNION ALL
		SELECT step."organizationId", 'sequence.completed', jsonb_build_object('sequenceId', sequence.id,
			'contactId', sequence."contactId", 'completedAt', $4::timestamptz)
		FROM step JOIN sequence ON sequence.id = step."sequenceId" JOIN finished ON finished."sequenceId" = sequence.id
		WHERE sequence.status = 'COMPLETED' AND finished.last
	), ${webhookEventsCtes('hook_input AS src')}
	SELECT (SELECT count(*) FROM step)::int AS recorded, (SELECT count(*) FROM next_step)::int AS jobs,
		(SELECT count(*) FROM note)::int AS noted,
		(SELECT count(*) FROM hook_job)::int AS webhooks,
		-- Next steps whose job add_jobs skipped (a worker was locking that key's job): added again after.
		${skippedEmailStepJobsSql('next_step', 'w.run_at')}`
