-- Reply intent (issue 17): what a reply means, kept on the message; a paused sequence that resumes by itself.
CREATE TYPE "ReplyIntent" AS ENUM ('INTERESTED', 'NOT_NOW', 'REFERRAL', 'OUT_OF_OFFICE', 'UNSUBSCRIBE', 'BOUNCE', 'AUTO_REPLY', 'NEGATIVE');

ALTER TABLE "ConversationMessage"
	ADD COLUMN "intent" "ReplyIntent",
	ADD COLUMN "intentReason" TEXT,
	ADD COLUMN "intentDate" DATE,
	ADD COLUMN "intentReferral" JSONB,
	ADD COLUMN "intentSource" TEXT,
	ADD COLUMN "intentCorrectedAt" TIMESTAMP(3);

ALTER TABLE "Sequence"
	ADD COLUMN "resumeAt" TIMESTAMP(3),
	ADD COLUMN "resumeReason" TEXT;

CREATE INDEX "Sequence_resumeAt_idx" ON "Sequence"("resumeAt");
