-- Generate Sequences runs, assistant token usage, the LinkedIn companion's connection, and
-- live generation progress (NOTIFY) for the sequences list and the progress view.
CREATE TABLE "SequenceGeneration" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "creatorId" TEXT,
    "campaignId" TEXT,
    "prompt" TEXT NOT NULL DEFAULT '',
    "orgPrompt" BOOLEAN NOT NULL DEFAULT true,
    "linkedin" BOOLEAN NOT NULL DEFAULT false,
    "phoneCall" BOOLEAN NOT NULL DEFAULT false,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SequenceGeneration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "SequenceGeneration_organizationId_createdAt_idx" ON "SequenceGeneration"("organizationId", "createdAt");
CREATE INDEX "SequenceGeneration_campaignId_idx" ON "SequenceGeneration"("campaignId");
CREATE INDEX "SequenceGeneration_creatorId_idx" ON "SequenceGeneration"("creatorId");
ALTER TABLE "SequenceGeneration" ADD CONSTRAINT "SequenceGeneration_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SequenceGeneration" ADD CONSTRAINT "SequenceGeneration_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "SequenceGeneration" ADD CONSTRAINT "SequenceGeneration_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "Sequence" ADD COLUMN "generationId" TEXT;
CREATE INDEX "Sequence_generationId_idx" ON "Sequence"("generationId");
ALTER TABLE "Sequence" ADD CONSTRAINT "Sequence_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "SequenceGeneration"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "AssistantUsage" (
    "organizationId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "model" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "AssistantUsage_pkey" PRIMARY KEY ("organizationId", "day", "model")
);
ALTER TABLE "AssistantUsage" ADD CONSTRAINT "AssistantUsage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "User" ADD COLUMN "linkedinConnectedAt" TIMESTAMP(3);
ALTER TABLE "User" ADD COLUMN "linkedinAuthEncrypted" TEXT;
ALTER TABLE "User" ADD COLUMN "linkedinProfile" JSONB;

-- Generation progress, live: a NOTIFY when a generating sequence's progress or status changes
-- (and when one is removed while generating). Sending never changes progress and never leaves
-- CREATING, so the dispatcher's updates skip the trigger by its WHEN clause.
CREATE FUNCTION "notify_sequence_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_data RECORD;
BEGIN
    IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
    PERFORM pg_notify('sequence_generation', json_build_object(
        'id', row_data."id",
        'organizationId', row_data."organizationId",
        'generationId', row_data."generationId",
        'status', CASE WHEN TG_OP = 'DELETE' THEN 'DELETED' ELSE row_data."status"::text END,
        'progress', row_data."progress"
    )::text);
    RETURN NULL;
END;
$$;
CREATE TRIGGER "Sequence_generation_progress"
    AFTER UPDATE OF "progress", "status" ON "Sequence"
    FOR EACH ROW
    WHEN (OLD."status" = 'CREATING' AND (OLD."progress" IS DISTINCT FROM NEW."progress" OR NEW."status" <> 'CREATING'))
    EXECUTE FUNCTION "notify_sequence_generation"();
CREATE TRIGGER "Sequence_generation_removed"
    AFTER DELETE ON "Sequence"
    FOR EACH ROW
    WHEN (OLD."status" = 'CREATING')
    EXECUTE FUNCTION "notify_sequence_generation"();
