-- Issue 17, decision 049: what happens after each kind of reply is the organization's choice;
-- a referral becomes a task to contact the person named.
ALTER TABLE "Organization" ADD COLUMN "replyIntentActions" JSONB;

CREATE TYPE "FollowUpTaskKind" AS ENUM ('CONTACT_REFERRED_PERSON');
CREATE TYPE "FollowUpTaskStatus" AS ENUM ('OPEN', 'DONE');

CREATE TABLE "FollowUpTask" (
    "id" TEXT NOT NULL,
    "kind" "FollowUpTaskKind" NOT NULL,
    "status" "FollowUpTaskStatus" NOT NULL DEFAULT 'OPEN',
    "title" TEXT NOT NULL,
    "personName" TEXT,
    "personEmail" TEXT,
    "organizationId" TEXT NOT NULL,
    "assigneeId" TEXT,
    "contactId" TEXT,
    "sequenceId" TEXT,
    "messageId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),
    CONSTRAINT "FollowUpTask_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "FollowUpTask_organizationId_status_createdAt_idx" ON "FollowUpTask"("organizationId", "status", "createdAt");
CREATE INDEX "FollowUpTask_assigneeId_idx" ON "FollowUpTask"("assigneeId");
CREATE INDEX "FollowUpTask_contactId_idx" ON "FollowUpTask"("contactId");
CREATE INDEX "FollowUpTask_sequenceId_idx" ON "FollowUpTask"("sequenceId");
CREATE UNIQUE INDEX "FollowUpTask_messageId_key" ON "FollowUpTask"("messageId");

ALTER TABLE "FollowUpTask" ADD CONSTRAINT "FollowUpTask_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "FollowUpTask" ADD CONSTRAINT "FollowUpTask_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "FollowUpTask" ADD CONSTRAINT "FollowUpTask_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "FollowUpTask" ADD CONSTRAINT "FollowUpTask_sequenceId_fkey" FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "FollowUpTask" ADD CONSTRAINT "FollowUpTask_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "ConversationMessage"("id") ON DELETE SET NULL ON UPDATE CASCADE;
