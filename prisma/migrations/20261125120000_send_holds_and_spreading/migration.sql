-- Decision 014: planned times, holds and spreading.
-- New organizations send on weekdays 08:00–18:00 in their time zone; existing ones keep theirs
-- (a column default only applies to rows inserted from now on).
ALTER TABLE "Organization" ALTER COLUMN "sendWindowEnabled" SET DEFAULT true;
ALTER TABLE "Organization" ALTER COLUMN "sendWindowStart" SET DEFAULT 480;
ALTER TABLE "Organization" ALTER COLUMN "sendWindowEnd" SET DEFAULT 1080;
-- Random gap between held sends released at the same opening, per mailbox.
ALTER TABLE "Organization" ADD COLUMN "sendGapMinSeconds" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "Organization" ADD COLUMN "sendGapMaxSeconds" INTEGER NOT NULL DEFAULT 180;

CREATE TYPE "SendHoldReason" AS ENUM ('WINDOW', 'DAILY_CAP');

-- No index on these: planning and sending update them, and steps must stay HOT-updatable (migration 20261121160000).
ALTER TABLE "EmailStep" ADD COLUMN "dueAt" TIMESTAMP(3);
ALTER TABLE "EmailStep" ADD COLUMN "holdReason" "SendHoldReason";

CREATE TABLE "MailboxReleaseSlot" (
    "mailboxId" TEXT NOT NULL,
    "opening" TIMESTAMP(3) NOT NULL,
    "lastSlotAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailboxReleaseSlot_pkey" PRIMARY KEY ("mailboxId", "opening")
);

ALTER TABLE "MailboxReleaseSlot" ADD CONSTRAINT "MailboxReleaseSlot_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;
