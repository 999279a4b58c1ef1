-- Issue 20, items 5 and 6 (decision 015).
-- An organization's own host name for the links in its emails (a CNAME to the app).
ALTER TABLE "Organization" ADD COLUMN "trackingDomain" TEXT;

-- Verification links expire 24 hours after they are sent, and only their SHA-256 is stored.
ALTER TABLE "Mailbox" ADD COLUMN "verificationSentAt" TIMESTAMP(3);
-- Links already in inboxes keep working for 24 hours from now, then can be re-sent.
UPDATE "Mailbox"
SET "verificationToken" = encode(sha256(convert_to("verificationToken", 'UTF8')), 'hex'),
	"verificationSentAt" = CURRENT_TIMESTAMP
WHERE "verificationToken" IS NOT NULL;
