-- Analytics (issue 16, decision 044). Every figure is an aggregate over "SequenceEvent"; the
-- pages group and filter it by campaign, mailbox and user, which live on "Sequence",
-- "SequenceGeneration" and "EmailStep". Copying the three ids onto the event when it is written
-- lets one index range per page answer its figures without a join (a campaign of 50,000 sends is
-- 50,000 index entries, not 50,000 sequence lookups). Events never move between sequences, so
-- the copies never go stale.
--
-- "botReason" is a click's classification, written when the click is recorded
-- (app/models/tracking/click-classification.ts): NULL for a person, else why it was counted as a
-- security scanner or link prefetcher ('user-agent', 'head', 'too-fast', 'burst').

ALTER TABLE "SequenceEvent" ADD COLUMN "campaignId" TEXT, ADD COLUMN "mailboxId" TEXT,
    ADD COLUMN "userId" TEXT, ADD COLUMN "botReason" TEXT;

-- Whoever writes an event (the sender's one statement, reply detection, unsubscribe, the click
-- redirect, LinkedIn replies) names its sequence and step; the copies are filled here so no
-- writer has to know about them. The mailbox is the step's (the address it went from), else the
-- sequence's; the user is the sequence's creator; the campaign that of its Generate Sequences run.
CREATE FUNCTION "sequence_event_fill_dimensions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT g."campaignId", coalesce(e."emailAddressId", s."mailboxId"), s."creatorId"
      INTO NEW."campaignId", NEW."mailboxId", NEW."userId"
      FROM "Sequence" s
      LEFT JOIN "SequenceGeneration" g ON g.id = s."generationId"
      LEFT JOIN "EmailStep" e ON e.id = NEW."emailStepId"
     WHERE s.id = NEW."sequenceId";
    RETURN NEW;
END $$;

CREATE TRIGGER "SequenceEvent_fill_dimensions" BEFORE INSERT ON "SequenceEvent"
    FOR EACH ROW EXECUTE FUNCTION "sequence_event_fill_dimensions"();

-- The events written before this migration.
UPDATE "SequenceEvent" ev
   SET "campaignId" = g."campaignId", "mailboxId" = s."mailboxId", "userId" = s."creatorId"
  FROM "Sequence" s
  LEFT JOIN "SequenceGeneration" g ON g.id = s."generationId"
 WHERE s.id = ev."sequenceId";
UPDATE "SequenceEvent" ev SET "mailboxId" = e."emailAddressId"
  FROM "EmailStep" e WHERE e.id = ev."emailStepId" AND e."emailAddressId" IS NOT NULL;

-- One range per page: the organization, the dimension, the period. The INCLUDE columns are what
-- the aggregates read, so the figures come from index-only scans.
CREATE INDEX "SequenceEvent_organizationId_campaignId_createdAt_idx" ON "SequenceEvent"
    ("organizationId", "campaignId", "createdAt") INCLUDE ("type", "emailStepId", "botReason");
CREATE INDEX "SequenceEvent_organizationId_mailboxId_createdAt_idx" ON "SequenceEvent"
    ("organizationId", "mailboxId", "createdAt") INCLUDE ("type", "emailStepId", "botReason");
CREATE INDEX "SequenceEvent_organizationId_userId_createdAt_idx" ON "SequenceEvent"
    ("organizationId", "userId", "createdAt") INCLUDE ("type", "emailStepId", "botReason");
-- The whole organization's figures (the Analytics and Sequences pages without a filter).
DROP INDEX "SequenceEvent_organizationId_createdAt_idx";
CREATE INDEX "SequenceEvent_organizationId_createdAt_idx" ON "SequenceEvent"
    ("organizationId", "createdAt") INCLUDE ("type", "emailStepId", "botReason", "campaignId", "mailboxId", "userId");
