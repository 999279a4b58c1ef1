-- The admin area (issue 16, decision 043): a plan status per organization that platform
-- administrators set, an audit of their actions, and the indexes the admin tables' filters probe.
CREATE TYPE "PlanStatus" AS ENUM ('ACTIVE', 'TRIAL', 'NONE');

ALTER TABLE "Organization" ADD COLUMN "planStatus" "PlanStatus" NOT NULL DEFAULT 'NONE';

CREATE TABLE "AdminAuditEntry" (
    "id" TEXT NOT NULL,
    "actorUserId" TEXT NOT NULL,
    "actorEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetOrganizationId" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminAuditEntry_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AdminAuditEntry_createdAt_idx" ON "AdminAuditEntry"("createdAt");
CREATE INDEX "AdminAuditEntry_targetOrganizationId_createdAt_idx" ON "AdminAuditEntry"("targetOrganizationId", "createdAt");

-- Each organization's contact figures, recomputed by the refresh_admin_figures job (decision 043).
CREATE TABLE "OrganizationActivity" (
    "organizationId" TEXT NOT NULL,
    "contactsAdded" INTEGER NOT NULL DEFAULT 0,
    "leadsContacted" INTEGER NOT NULL DEFAULT 0,
    "lastContactAt" TIMESTAMP(3),
    "autoLeads" BOOLEAN NOT NULL DEFAULT false,
    "refreshedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrganizationActivity_pkey" PRIMARY KEY ("organizationId")
);

ALTER TABLE "OrganizationActivity" ADD CONSTRAINT "OrganizationActivity_organizationId_fkey"
    FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
