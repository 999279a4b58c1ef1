-- Contact search signals (issue 15, decision 037): what users kept or dropped from a search's
-- results, read back (the organization's latest ~500) by the ranker of later searches.
CREATE TYPE "ContactSearchSignalKind" AS ENUM ('ACCEPTED', 'REJECTED');

CREATE TABLE "ContactSearchSignal" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT,
    "queueableId" TEXT NOT NULL,
    "resultId" TEXT NOT NULL,
    "kind" "ContactSearchSignalKind" NOT NULL,
    "lookingFor" TEXT NOT NULL,
    "role" TEXT,
    "roleDetails" TEXT,
    "linkedinUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactSearchSignal_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ContactSearchSignal_queueableId_resultId_key" ON "ContactSearchSignal"("queueableId", "resultId");
CREATE INDEX "ContactSearchSignal_organizationId_createdAt_idx" ON "ContactSearchSignal"("organizationId", "createdAt");

ALTER TABLE "ContactSearchSignal" ADD CONSTRAINT "ContactSearchSignal_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
