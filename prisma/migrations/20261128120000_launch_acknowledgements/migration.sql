-- Pre-flight check (issue 17, decision 051): a launch that went ahead with its problems acknowledged.
CREATE TYPE "LaunchKind" AS ENUM ('SEQUENCE', 'GENERATION_RUN');

CREATE TABLE "LaunchAcknowledgement" (
	"id" TEXT NOT NULL,
	"organizationId" TEXT NOT NULL,
	"userId" TEXT NOT NULL,
	"userEmail" TEXT NOT NULL,
	"kind" "LaunchKind" NOT NULL,
	"targetId" TEXT NOT NULL,
	"problems" JSONB NOT NULL,
	"createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
	CONSTRAINT "LaunchAcknowledgement_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "LaunchAcknowledgement_organizationId_createdAt_idx" ON "LaunchAcknowledgement"("organizationId", "createdAt");
CREATE INDEX "LaunchAcknowledgement_organizationId_targetId_idx" ON "LaunchAcknowledgement"("organizationId", "targetId");

ALTER TABLE "LaunchAcknowledgement" ADD CONSTRAINT "LaunchAcknowledgement_organizationId_fkey"
	FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
