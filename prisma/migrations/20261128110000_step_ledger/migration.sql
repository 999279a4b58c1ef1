-- The step ledger (issue 17, item 3; decision 050): every decision the scheduler takes about a
-- step is one row, appended in the transaction that changes the step. Triggers on the three step
-- tables write it, so no code path can change a step's status or time without a row; the code
-- that decides adds its reason and details through a transaction-local note
-- (`reachout.step_note`, JSON: reason, decision, detail, transports).
CREATE TYPE "StepChannel" AS ENUM ('EMAIL', 'LINKEDIN', 'CALL');
CREATE TYPE "StepDecision" AS ENUM ('SCHEDULED', 'DEFERRED', 'SKIPPED', 'STOPPED', 'SENDING', 'SENT', 'ACCEPTED', 'REPLIED', 'DONE', 'FAILED', 'RETRYING', 'CANCELED');

CREATE TABLE "StepLedgerEntry" (
	"id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
	"organizationId" TEXT NOT NULL,
	"sequenceId" TEXT NOT NULL,
	"stepId" TEXT NOT NULL,
	"channel" "StepChannel" NOT NULL,
	"decision" "StepDecision" NOT NULL,
	"reason" TEXT NOT NULL,
	"detail" JSONB NOT NULL DEFAULT '{}',
	-- Several decisions of one transaction fold into the last in the drawer (a deferral, then its spread).
	"transactionId" BIGINT NOT NULL DEFAULT txid_current(),
	"createdAt" TIMESTAMP(3) NOT NULL DEFAULT (clock_timestamp() AT TIME ZONE 'UTC'),
	-- The order of appending: rows of one transaction often share their millisecond.
	"position" BIGSERIAL NOT NULL,
	CONSTRAINT "StepLedgerEntry_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "StepLedgerEntry_sequenceId_position_idx" ON "StepLedgerEntry"("sequenceId", "position");

-- The organization's rows go with its sequences (Organization → Sequence cascades): one foreign key
-- to check per appended row, not two.
ALTER TABLE "StepLedgerEntry" ADD CONSTRAINT "StepLedgerEntry_sequenceId_fkey"
	FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Append-only: UPDATE, DELETE and TRUNCATE are refused, except the cascade of a deleted sequence
-- (or organization): by then the sequence row is gone.
CREATE FUNCTION step_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "Sequence" WHERE id = OLD."sequenceId") THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'The step ledger is append-only: % refused', TG_OP USING ERRCODE = '55000';
END $$;

CREATE TRIGGER step_ledger_append_only BEFORE UPDATE OR DELETE ON "StepLedgerEntry"
	FOR EACH ROW EXECUTE FUNCTION step_ledger_append_only();
CREATE TRIGGER step_ledger_no_truncate BEFORE TRUNCATE ON "StepLedgerEntry"
	FOR EACH STATEMENT EXECUTE FUNCTION step_ledger_append_only();

-- The note the deciding code left for this transaction, or {}.
CREATE FUNCTION step_ledger_note() RETURNS jsonb LANGUAGE sql STABLE AS $$
	SELECT COALESCE(NULLIF(current_setting('reachout.step_note', true), '')::jsonb, '{}'::jsonb)
$$;

-- Email steps: one row per step whose status, planned time or attempt count changed. The decision
-- follows from the change; the note names the reason where the row cannot.
CREATE FUNCTION step_ledger_email() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	note jsonb := step_ledger_note();
BEGIN
	INSERT INTO "StepLedgerEntry" ("organizationId", "sequenceId", "stepId", channel, decision, reason, detail)
	SELECT c."organizationId", c."sequenceId", c.id, 'EMAIL', c.decision::"StepDecision",
		COALESCE(CASE WHEN c.decision NOT IN ('SENDING', 'SENT', 'RETRYING') THEN note->>'reason' END, c.reason),
		jsonb_strip_nulls(c.detail || COALESCE(note->'detail', '{}'::jsonb))
	FROM (
		SELECT n.id, n."organizationId", n."sequenceId", d.decision, d.reason,
			jsonb_build_object(
				'until', CASE WHEN d.decision IN ('SCHEDULED', 'DEFERRED', 'RETRYING') THEN to_char(n."scheduledFor", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
				'attempt', CASE WHEN d.decision IN ('SENDING', 'RETRYING', 'FAILED') THEN n."sendAttempts" END,
				'messageId', CASE WHEN d.decision IN ('SENDING', 'SENT') THEN n."messageId" END,
				'providerMessageId', CASE WHEN d.decision = 'SENT' THEN n."providerMessageId" END,
				'transport', CASE WHEN d.decision = 'SENT' THEN note->'transports'->>n.id END,
				'message', CASE WHEN d.decision = 'RETRYING' THEN n."lastError"
					WHEN d.decision IN ('FAILED', 'CANCELED', 'SKIPPED', 'STOPPED') THEN n."failureReason" END
			) AS detail
		FROM new_rows n JOIN old_rows o ON o.id = n.id
		CROSS JOIN LATERAL (SELECT
			CASE
				WHEN n.status = 'SENDING' THEN 'SENDING'
				WHEN n.status = 'SENT' THEN 'SENT'
				WHEN n.status = 'REPLIED' THEN 'REPLIED'
				WHEN n.status = 'FAILED' THEN 'FAILED'
				WHEN n.status = 'CANCELED' THEN COALESCE(note->>'decision', 'CANCELED')
				WHEN n.status = 'SCHEDULED' AND o.status = 'SENDING' AND n."lastError" IS NOT NULL THEN 'RETRYING'
				WHEN n.status = 'SCHEDULED' AND o.status = 'SENDING' THEN 'DEFERRED'
				WHEN n.status = 'SCHEDULED' AND n."holdReason" IS NOT NULL
					AND (n."scheduledFor" > n."dueAt" OR n."holdReason" = 'DAILY_CAP') THEN 'DEFERRED'
				WHEN n.status IN ('SCHEDULED', 'PENDING', 'DRAFT') THEN 'SCHEDULED'
				ELSE 'CANCELED'
			END AS decision,
			CASE
				WHEN n.status = 'SENDING' THEN CASE WHEN o.status = 'SENDING' THEN 'LEASE_TAKEOVER' ELSE 'CLAIMED' END
				WHEN n.status = 'SENT' THEN 'SENT'
				WHEN n.status = 'REPLIED' THEN 'REPLY'
				WHEN n.status = 'FAILED' THEN 'SEND_FAILED'
				WHEN n.status = 'SCHEDULED' AND o.status = 'SENDING' AND n."lastError" IS NOT NULL THEN 'TEMPORARY_FAILURE'
				WHEN n.status = 'SCHEDULED' AND o.status = 'SENDING' THEN 'HANDED_BACK'
				WHEN n.status = 'SCHEDULED' AND n."holdReason" IS NOT NULL
					AND (n."scheduledFor" > n."dueAt" OR n."holdReason" = 'DAILY_CAP') THEN n."holdReason"::text
				WHEN n.status = 'SCHEDULED' AND (o.status IS NULL OR o.status IN ('PENDING', 'DRAFT')) THEN 'ACTIVATED'
				WHEN n.status = 'SCHEDULED' THEN 'REPLANNED'
				WHEN n.status IN ('PENDING', 'DRAFT') THEN 'UNPLANNED'
				ELSE n.status::text
			END AS reason) d
		WHERE o.status IS DISTINCT FROM n.status
			OR o."scheduledFor" IS DISTINCT FROM n."scheduledFor"
			OR o."sendAttempts" IS DISTINCT FROM n."sendAttempts"
	) c;
	RETURN NULL;
END $$;

-- LinkedIn steps and calls: status and planned time.
CREATE FUNCTION step_ledger_other() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	note jsonb := step_ledger_note();
	step_channel text := CASE TG_TABLE_NAME WHEN 'LinkedInStep' THEN 'LINKEDIN' ELSE 'CALL' END;
BEGIN
	INSERT INTO "StepLedgerEntry" ("organizationId", "sequenceId", "stepId", channel, decision, reason, detail)
	SELECT n."organizationId", n."sequenceId", n.id, step_channel::"StepChannel", d.decision::"StepDecision",
		COALESCE(CASE WHEN d.decision NOT IN ('SENDING', 'SENT', 'ACCEPTED', 'RETRYING') THEN note->>'reason' END, d.reason),
		jsonb_strip_nulls(jsonb_build_object(
			'until', CASE WHEN d.decision IN ('SCHEDULED', 'DEFERRED') THEN to_char(n."scheduledFor", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
			'message', CASE WHEN d.decision IN ('FAILED', 'CANCELED', 'SKIPPED', 'STOPPED') THEN n."failureReason"
				WHEN d.decision = 'RETRYING' THEN n."lastError" END,
			'outcome', n.outcome
		) || COALESCE(note->'detail', '{}'::jsonb))
	FROM (SELECT n.id, n."organizationId", n."sequenceId", n.status, n."scheduledFor",
			to_jsonb(n)->>'failureReason' AS "failureReason", to_jsonb(n)->>'lastError' AS "lastError",
			to_jsonb(n)->>'outcome' AS outcome
		FROM new_rows n) n
	JOIN (SELECT o.id, o.status, o."scheduledFor" FROM old_rows o) o ON o.id = n.id
	CROSS JOIN LATERAL (SELECT
		CASE n.status
			WHEN 'SCHEDULED' THEN CASE WHEN o.status = 'SENDING' AND n."lastError" IS NOT NULL THEN 'RETRYING'
				WHEN o.status = 'SENDING' THEN 'DEFERRED' ELSE 'SCHEDULED' END
			WHEN 'PENDING' THEN 'SCHEDULED' WHEN 'DRAFT' THEN 'SCHEDULED'
			WHEN 'SENDING' THEN 'SENDING' WHEN 'SENT' THEN 'SENT' WHEN 'ACCEPTED' THEN 'ACCEPTED'
			WHEN 'REPLIED' THEN 'REPLIED' WHEN 'SUCCESS' THEN 'DONE' WHEN 'FAILED' THEN 'FAILED'
			WHEN 'CANCELED' THEN COALESCE(note->>'decision', 'CANCELED')
			ELSE 'CANCELED'
		END AS decision,
		CASE
			WHEN n.status = 'SCHEDULED' AND o.status = 'SENDING' AND n."lastError" IS NOT NULL THEN 'TEMPORARY_FAILURE'
			WHEN n.status = 'SCHEDULED' AND o.status = 'SENDING' THEN 'HANDED_BACK'
			WHEN n.status IN ('PENDING', 'DRAFT') THEN 'UNPLANNED'
			WHEN n.status = 'SCHEDULED' AND (o.status IS NULL OR o.status IN ('PENDING', 'DRAFT')) THEN 'ACTIVATED'
			WHEN n.status = 'SCHEDULED' THEN 'REPLANNED'
			WHEN n.status = 'SENDING' THEN 'CLAIMED'
			WHEN n.status = 'SUCCESS' THEN 'CALL_LOGGED'
			WHEN n.status = 'REPLIED' THEN 'REPLY'
			ELSE n.status::text
		END AS reason) d
	WHERE o.status IS DISTINCT FROM n.status
		OR o."scheduledFor" IS DISTINCT FROM n."scheduledFor";
	RETURN NULL;
END $$;

CREATE TRIGGER step_ledger_email_update AFTER UPDATE ON "EmailStep"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION step_ledger_email();
CREATE TRIGGER step_ledger_linkedin_update AFTER UPDATE ON "LinkedInStep"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION step_ledger_other();
CREATE TRIGGER step_ledger_call_update AFTER UPDATE ON "PhoneCallStep"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION step_ledger_other();
