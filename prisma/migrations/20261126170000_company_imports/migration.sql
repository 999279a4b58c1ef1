-- CreateEnum
CREATE TYPE "CompanyImportState" AS ENUM ('MAPPING', 'PARSING', 'PROCESSING', 'PREVIEWING', 'SAVING', 'COMPLETED', 'FAILED', 'CANCELLING', 'REJECTED');

-- CreateEnum
CREATE TYPE "CompanyImportSource" AS ENUM ('CSV', 'TEXT');

-- CreateEnum
CREATE TYPE "CompanyImportRowOutcome" AS ENUM ('SAVED', 'DUPLICATE', 'FAILED');

-- CreateTable
CREATE TABLE "CompanyImport" (
    "id" TEXT NOT NULL,
    "source" "CompanyImportSource" NOT NULL,
    "state" "CompanyImportState" NOT NULL,
    "fileName" TEXT,
    "fileId" TEXT,
    "text" TEXT,
    "instructions" TEXT,
    "skipEnrichment" BOOLEAN NOT NULL DEFAULT false,
    "manualMapping" BOOLEAN NOT NULL DEFAULT false,
    "headers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sampleRows" JSONB NOT NULL DEFAULT '[]',
    "columnMapping" JSONB,
    "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "totalRows" INTEGER NOT NULL DEFAULT 0,
    "ignoredRows" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "filterInstructions" TEXT,
    "successCount" INTEGER,
    "errorCount" INTEGER,
    "duplicateCount" INTEGER,
    "queueableId" TEXT,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "CompanyImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyImportRow" (
    "id" TEXT NOT NULL,
    "importId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "errors" JSONB NOT NULL DEFAULT '{}',
    "slug" TEXT,
    "processed" BOOLEAN NOT NULL DEFAULT false,
    "duplicateOfPosition" INTEGER,
    "duplicateOfCompanyId" TEXT,
    "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "filteredOut" BOOLEAN NOT NULL DEFAULT false,
    "outcome" "CompanyImportRowOutcome",
    "savedCompanyId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CompanyImportRow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CompanyImport_queueableId_key" ON "CompanyImport"("queueableId");

-- CreateIndex
CREATE INDEX "CompanyImport_organizationId_createdAt_idx" ON "CompanyImport"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "CompanyImport_userId_idx" ON "CompanyImport"("userId");

-- CreateIndex
CREATE INDEX "CompanyImport_fileId_idx" ON "CompanyImport"("fileId");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyImportRow_importId_position_key" ON "CompanyImportRow"("importId", "position");

-- AddForeignKey
ALTER TABLE "CompanyImport" ADD CONSTRAINT "CompanyImport_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "UploadedFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyImport" ADD CONSTRAINT "CompanyImport_queueableId_fkey" FOREIGN KEY ("queueableId") REFERENCES "Queueable"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyImport" ADD CONSTRAINT "CompanyImport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyImport" ADD CONSTRAINT "CompanyImport_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyImportRow" ADD CONSTRAINT "CompanyImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "CompanyImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
