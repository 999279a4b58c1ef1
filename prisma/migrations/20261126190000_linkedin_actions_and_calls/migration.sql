-- LinkedIn steps carried out (decision 029) and phone-call steps as a call list (decision 030).

-- CreateEnum
CREATE TYPE "PhoneCallOutcome" AS ENUM ('CONNECTED', 'NO_ANSWER', 'VOICEMAIL', 'WRONG_NUMBER');
CREATE TYPE "LinkedInActionKind" AS ENUM ('CONNECT', 'MESSAGE', 'CHECK_ACCEPTANCE', 'SYNC_CONVERSATION');
CREATE TYPE "LinkedInActionStatus" AS ENUM ('CLAIMED', 'DONE', 'FAILED', 'RELEASED', 'EXPIRED');
CREATE TYPE "LinkedInExecutor" AS ENUM ('COMPANION', 'SERVER');

-- AlterTable
ALTER TABLE "LinkedInStep" ADD COLUMN "acceptedAt" TIMESTAMP(3),
ADD COLUMN "nextCheckAt" TIMESTAMP(3),
ADD COLUMN "checkCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "failureReason" TEXT,
ADD COLUMN "lastError" TEXT;

CREATE INDEX "LinkedInStep_status_nextCheckAt_idx" ON "LinkedInStep"("status", "nextCheckAt");
CREATE INDEX "LinkedInStep_status_scheduledFor_idx" ON "LinkedInStep"("status", "scheduledFor");

-- AlterTable
ALTER TABLE "PhoneCallStep" ADD COLUMN "outcome" "PhoneCallOutcome",
ADD COLUMN "notes" TEXT NOT NULL DEFAULT '',
ADD COLUMN "completedById" TEXT;

CREATE INDEX "PhoneCallStep_organizationId_status_scheduledFor_idx" ON "PhoneCallStep"("organizationId", "status", "scheduledFor");
CREATE INDEX "PhoneCallStep_completedById_idx" ON "PhoneCallStep"("completedById");
ALTER TABLE "PhoneCallStep" ADD CONSTRAINT "PhoneCallStep_completedById_fkey" FOREIGN KEY ("completedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "LinkedInAccount" (
    "userId" TEXT NOT NULL,
    "allowServerActions" BOOLEAN NOT NULL DEFAULT false,
    "premium" BOOLEAN NOT NULL DEFAULT false,
    "pausedAt" TIMESTAMP(3),
    "pauseReason" TEXT,
    "backoffUntil" TIMESTAMP(3),
    "backoffCount" INTEGER NOT NULL DEFAULT 0,
    "nextActionAt" TIMESTAMP(3),
    "activeHoursStart" INTEGER NOT NULL DEFAULT 8,
    "activeHoursEnd" INTEGER NOT NULL DEFAULT 20,
    "paceMinSeconds" INTEGER NOT NULL DEFAULT 45,
    "paceMaxSeconds" INTEGER NOT NULL DEFAULT 180,
    "companionTokenHash" TEXT,
    "companionSeenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LinkedInAccount_pkey" PRIMARY KEY ("userId")
);

CREATE UNIQUE INDEX "LinkedInAccount_companionTokenHash_key" ON "LinkedInAccount"("companionTokenHash");
ALTER TABLE "LinkedInAccount" ADD CONSTRAINT "LinkedInAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "LinkedInAction" (
    "id" TEXT NOT NULL,
    "kind" "LinkedInActionKind" NOT NULL,
    "status" "LinkedInActionStatus" NOT NULL DEFAULT 'CLAIMED',
    "executor" "LinkedInExecutor" NOT NULL,
    "claimToken" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "withNote" BOOLEAN NOT NULL DEFAULT false,
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "outcome" TEXT,
    "error" TEXT,
    "accountUserId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,

    CONSTRAINT "LinkedInAction_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "LinkedInAction_accountUserId_kind_claimedAt_idx" ON "LinkedInAction"("accountUserId", "kind", "claimedAt");
CREATE INDEX "LinkedInAction_stepId_idx" ON "LinkedInAction"("stepId");
CREATE INDEX "LinkedInAction_organizationId_idx" ON "LinkedInAction"("organizationId");
CREATE INDEX "LinkedInAction_status_leaseUntil_idx" ON "LinkedInAction"("status", "leaseUntil");
ALTER TABLE "LinkedInAction" ADD CONSTRAINT "LinkedInAction_accountUserId_fkey" FOREIGN KEY ("accountUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LinkedInAction" ADD CONSTRAINT "LinkedInAction_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "LinkedInStep"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LinkedInAction" ADD CONSTRAINT "LinkedInAction_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The invariants the limits rest on, held by the database whatever number of workers and
-- companions race: one action in flight per LinkedIn account (one at a time, like a person),
-- and a connection request or message sent at most once per step.
CREATE UNIQUE INDEX "LinkedInAction_one_in_flight_per_account" ON "LinkedInAction"("accountUserId") WHERE "status" = 'CLAIMED';
CREATE UNIQUE INDEX "LinkedInAction_one_send_per_step" ON "LinkedInAction"("stepId", "kind")
    WHERE "status" IN ('CLAIMED', 'DONE') AND "kind" IN ('CONNECT', 'MESSAGE');
