-- Invitations that arrive (issue 19, decision 040): each invite is emailed with a link whose random
-- token is stored only as its SHA-256; the link and the invite expire 7 days after the last send.
ALTER TABLE "Invite" ADD COLUMN "tokenHash" TEXT;
ALTER TABLE "Invite" ADD COLUMN "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Invites made before this had no email: their 7 days count from their creation.
UPDATE "Invite" SET "sentAt" = "createdAt";

CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");
