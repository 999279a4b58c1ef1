-- Sequences, their steps, events and conversations; mailboxes, SMTP transports and the outbox.

CREATE TYPE "SequenceStatus" AS ENUM ('CREATING', 'PENDING', 'ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELLED', 'FAILED');
CREATE TYPE "StepStatus" AS ENUM ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'SUCCESS', 'ACCEPTED', 'REPLIED', 'FAILED', 'CANCELED', 'DELETED');
CREATE TYPE "SequenceEventType" AS ENUM ('SENT', 'LINK_CLICK', 'REPLY', 'BOUNCE', 'UNSUBSCRIBE');
CREATE TYPE "ConversationMessageType" AS ENUM ('EMAIL', 'LINKEDIN');
CREATE TYPE "MailboxKind" AS ENUM ('USER', 'SENDER');

ALTER TABLE "Organization"
    ADD COLUMN "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    ADD COLUMN "sendWindowEnabled" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "sendWindowDays" INTEGER[] DEFAULT ARRAY[1, 2, 3, 4, 5]::INTEGER[],
    ADD COLUMN "sendWindowStart" INTEGER NOT NULL DEFAULT 540,
    ADD COLUMN "sendWindowEnd" INTEGER NOT NULL DEFAULT 1020;

ALTER TABLE "Contact"
    ADD COLUMN "timeZone" TEXT,
    ADD COLUMN "unsubscribedAt" TIMESTAMP(3),
    ADD COLUMN "emailBouncedAt" TIMESTAMP(3);

CREATE TABLE "Mailbox" (
    "id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "name" TEXT,
    "kind" "MailboxKind" NOT NULL DEFAULT 'USER',
    "organizationId" TEXT NOT NULL,
    "userId" TEXT,
    "smtpTransportId" TEXT,
    "verifiedAt" TIMESTAMP(3),
    "verificationToken" TEXT,
    "dailyLimitStart" INTEGER NOT NULL DEFAULT 50,
    "dailyLimitIncrement" INTEGER NOT NULL DEFAULT 5,
    "dailyLimitMax" INTEGER NOT NULL DEFAULT 200,
    "warmupStartedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gmailHistoryId" TEXT,
    "lastSyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Mailbox_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MailboxDailyUsage" (
    "mailboxId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "sentCount" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "MailboxDailyUsage_pkey" PRIMARY KEY ("mailboxId", "day")
);

CREATE TABLE "SmtpTransport" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL DEFAULT 587,
    "secure" BOOLEAN NOT NULL DEFAULT false,
    "username" TEXT,
    "passwordEncrypted" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "organizationId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "SmtpTransport_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "inReplyTo" TEXT,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "organizationId" TEXT NOT NULL,
    "mailboxId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Sequence" (
    "id" TEXT NOT NULL,
    "status" "SequenceStatus" NOT NULL DEFAULT 'PENDING',
    "subject" TEXT NOT NULL DEFAULT '',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "shouldStartImmediately" BOOLEAN NOT NULL DEFAULT false,
    "failureReason" TEXT,
    "generatedBy" TEXT,
    "threadId" TEXT,
    "activatedAt" TIMESTAMP(3),
    "stoppedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "organizationId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "mailboxId" TEXT,
    "creatorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Sequence_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "EmailStep" (
    "id" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "bodyJson" JSONB,
    "bodyHtml" TEXT NOT NULL DEFAULT '',
    "bodyText" TEXT NOT NULL DEFAULT '',
    "daysAfter" INTEGER NOT NULL DEFAULT 0,
    "status" "StepStatus" NOT NULL DEFAULT 'PENDING',
    "scheduledFor" TIMESTAMP(3),
    "sendingStartedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "repliedAt" TIMESTAMP(3),
    "failureReason" TEXT,
    "messageId" TEXT,
    "providerMessageId" TEXT,
    "providerThreadId" TEXT,
    "organizationId" TEXT NOT NULL,
    "sequenceId" TEXT NOT NULL,
    "emailAddressId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "EmailStep_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "LinkedInStep" (
    "id" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "username" TEXT,
    "linkedinUrl" TEXT,
    "requestNote" TEXT,
    "message" TEXT,
    "daysAfter" INTEGER NOT NULL DEFAULT 0,
    "status" "StepStatus" NOT NULL DEFAULT 'PENDING',
    "scheduledFor" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "repliedAt" TIMESTAMP(3),
    "repliedContent" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "organizationId" TEXT NOT NULL,
    "sequenceId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "LinkedInStep_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PhoneCallStep" (
    "id" TEXT NOT NULL,
    "order" INTEGER NOT NULL,
    "talkingPoints" TEXT NOT NULL DEFAULT '',
    "daysAfter" INTEGER NOT NULL DEFAULT 0,
    "status" "StepStatus" NOT NULL DEFAULT 'PENDING',
    "scheduledFor" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "organizationId" TEXT NOT NULL,
    "sequenceId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "PhoneCallStep_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "SequenceEvent" (
    "id" TEXT NOT NULL,
    "type" "SequenceEventType" NOT NULL,
    "url" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "organizationId" TEXT NOT NULL,
    "sequenceId" TEXT NOT NULL,
    "emailStepId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SequenceEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ConversationMessage" (
    "id" TEXT NOT NULL,
    "type" "ConversationMessageType" NOT NULL DEFAULT 'EMAIL',
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT,
    "subject" TEXT,
    "bodyHtml" TEXT NOT NULL DEFAULT '',
    "bodyText" TEXT NOT NULL DEFAULT '',
    "isFromUser" BOOLEAN NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "providerMessageId" TEXT NOT NULL,
    "messageIdHeader" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "organizationId" TEXT NOT NULL,
    "sequenceId" TEXT NOT NULL,
    "emailStepId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConversationMessage_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Mailbox_verificationToken_key" ON "Mailbox"("verificationToken");
CREATE UNIQUE INDEX "Mailbox_organizationId_address_key" ON "Mailbox"("organizationId", "address");
CREATE INDEX "Mailbox_userId_idx" ON "Mailbox"("userId");
CREATE INDEX "Mailbox_smtpTransportId_idx" ON "Mailbox"("smtpTransportId");
CREATE INDEX "SmtpTransport_organizationId_idx" ON "SmtpTransport"("organizationId");
CREATE UNIQUE INDEX "OutboxMessage_messageId_key" ON "OutboxMessage"("messageId");
CREATE INDEX "OutboxMessage_organizationId_createdAt_idx" ON "OutboxMessage"("organizationId", "createdAt");
CREATE INDEX "OutboxMessage_mailboxId_idx" ON "OutboxMessage"("mailboxId");
CREATE INDEX "Sequence_organizationId_createdAt_idx" ON "Sequence"("organizationId", "createdAt");
CREATE INDEX "Sequence_organizationId_status_idx" ON "Sequence"("organizationId", "status");
CREATE INDEX "Sequence_contactId_idx" ON "Sequence"("contactId");
CREATE INDEX "Sequence_mailboxId_idx" ON "Sequence"("mailboxId");
CREATE INDEX "Sequence_creatorId_idx" ON "Sequence"("creatorId");
CREATE UNIQUE INDEX "EmailStep_messageId_key" ON "EmailStep"("messageId");
CREATE INDEX "EmailStep_sequenceId_order_idx" ON "EmailStep"("sequenceId", "order");
CREATE INDEX "EmailStep_organizationId_status_idx" ON "EmailStep"("organizationId", "status");
CREATE INDEX "EmailStep_emailAddressId_idx" ON "EmailStep"("emailAddressId");
CREATE INDEX "LinkedInStep_sequenceId_order_idx" ON "LinkedInStep"("sequenceId", "order");
CREATE INDEX "PhoneCallStep_sequenceId_order_idx" ON "PhoneCallStep"("sequenceId", "order");
CREATE INDEX "SequenceEvent_sequenceId_type_idx" ON "SequenceEvent"("sequenceId", "type");
CREATE INDEX "SequenceEvent_emailStepId_idx" ON "SequenceEvent"("emailStepId");
CREATE INDEX "SequenceEvent_organizationId_createdAt_idx" ON "SequenceEvent"("organizationId", "createdAt");
CREATE UNIQUE INDEX "ConversationMessage_sequenceId_providerMessageId_key" ON "ConversationMessage"("sequenceId", "providerMessageId");
CREATE INDEX "ConversationMessage_emailStepId_idx" ON "ConversationMessage"("emailStepId");
CREATE INDEX "ConversationMessage_organizationId_idx" ON "ConversationMessage"("organizationId");

ALTER TABLE "Mailbox" ADD CONSTRAINT "Mailbox_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Mailbox" ADD CONSTRAINT "Mailbox_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Mailbox" ADD CONSTRAINT "Mailbox_smtpTransportId_fkey" FOREIGN KEY ("smtpTransportId") REFERENCES "SmtpTransport"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "MailboxDailyUsage" ADD CONSTRAINT "MailboxDailyUsage_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SmtpTransport" ADD CONSTRAINT "SmtpTransport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OutboxMessage" ADD CONSTRAINT "OutboxMessage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OutboxMessage" ADD CONSTRAINT "OutboxMessage_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Sequence" ADD CONSTRAINT "Sequence_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Sequence" ADD CONSTRAINT "Sequence_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Sequence" ADD CONSTRAINT "Sequence_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Sequence" ADD CONSTRAINT "Sequence_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "EmailStep" ADD CONSTRAINT "EmailStep_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EmailStep" ADD CONSTRAINT "EmailStep_sequenceId_fkey" FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EmailStep" ADD CONSTRAINT "EmailStep_emailAddressId_fkey" FOREIGN KEY ("emailAddressId") REFERENCES "Mailbox"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "LinkedInStep" ADD CONSTRAINT "LinkedInStep_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LinkedInStep" ADD CONSTRAINT "LinkedInStep_sequenceId_fkey" FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PhoneCallStep" ADD CONSTRAINT "PhoneCallStep_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PhoneCallStep" ADD CONSTRAINT "PhoneCallStep_sequenceId_fkey" FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SequenceEvent" ADD CONSTRAINT "SequenceEvent_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SequenceEvent" ADD CONSTRAINT "SequenceEvent_sequenceId_fkey" FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SequenceEvent" ADD CONSTRAINT "SequenceEvent_emailStepId_fkey" FOREIGN KEY ("emailStepId") REFERENCES "EmailStep"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_sequenceId_fkey" FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_emailStepId_fkey" FOREIGN KEY ("emailStepId") REFERENCES "EmailStep"("id") ON DELETE SET NULL ON UPDATE CASCADE;
