-- The lead scraper (issue 14): one LeadImport per source, its leads under review.
CREATE TYPE "LeadImportSource" AS ENUM ('FILE', 'TEXT', 'LINK', 'LINKEDIN_POST');
CREATE TYPE "LeadImportState" AS ENUM ('PARSING', 'READY', 'SAVED', 'FAILED');

CREATE TABLE "LeadImport" (
    "id" TEXT NOT NULL,
    "source" "LeadImportSource" NOT NULL,
    "state" "LeadImportState" NOT NULL DEFAULT 'PARSING',
    "name" TEXT NOT NULL,
    "fileId" TEXT,
    "text" TEXT,
    "url" TEXT,
    "urlClassification" TEXT,
    "instructions" TEXT,
    "givenContacts" JSONB,
    "postFilter" JSONB,
    "extractor" TEXT,
    "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "totalRows" INTEGER NOT NULL DEFAULT 0,
    "droppedRows" INTEGER NOT NULL DEFAULT 0,
    "leadCount" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "savedCount" INTEGER,
    "existingCount" INTEGER,
    "duplicateCount" INTEGER,
    "skippedCount" INTEGER,
    "errorCount" INTEGER,
    "queueableId" TEXT,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    CONSTRAINT "LeadImport_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "LeadImportLead" (
    "id" TEXT NOT NULL,
    "leadImportId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "firstName" TEXT NOT NULL,
    "middleName" TEXT,
    "lastName" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "linkedin" TEXT,
    "role" TEXT,
    "roleDetails" TEXT,
    "companyName" TEXT,
    "companyDescription" TEXT,
    "contactId" TEXT,
    CONSTRAINT "LeadImportLead_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "LeadImport_queueableId_key" ON "LeadImport"("queueableId");
CREATE INDEX "LeadImport_organizationId_createdAt_idx" ON "LeadImport"("organizationId", "createdAt");
CREATE INDEX "LeadImport_userId_idx" ON "LeadImport"("userId");
CREATE INDEX "LeadImport_fileId_idx" ON "LeadImport"("fileId");
CREATE UNIQUE INDEX "LeadImportLead_leadImportId_position_key" ON "LeadImportLead"("leadImportId", "position");

ALTER TABLE "LeadImport" ADD CONSTRAINT "LeadImport_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "UploadedFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "LeadImport" ADD CONSTRAINT "LeadImport_queueableId_fkey" FOREIGN KEY ("queueableId") REFERENCES "Queueable"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "LeadImport" ADD CONSTRAINT "LeadImport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LeadImport" ADD CONSTRAINT "LeadImport_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "LeadImportLead" ADD CONSTRAINT "LeadImportLead_leadImportId_fkey" FOREIGN KEY ("leadImportId") REFERENCES "LeadImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
