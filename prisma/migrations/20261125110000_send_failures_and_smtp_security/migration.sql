-- Issue 20, items 2 and 3 (decision 013).

-- Attempts are counted on the step, so they survive lease takeovers and new jobs.
ALTER TABLE "EmailStep" ADD COLUMN "sendAttempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "EmailStep" ADD COLUMN "lastError" TEXT;
ALTER TABLE "EmailStep" ADD COLUMN "failedAt" TIMESTAMP(3);

-- A mailbox whose server could not be reached after the attempt limit, until it sends again.
ALTER TABLE "Mailbox" ADD COLUMN "serverUnreachableAt" TIMESTAMP(3);
ALTER TABLE "Mailbox" ADD COLUMN "serverError" TEXT;

-- How an SMTP server's connection is protected: STARTTLS (required), TLS from the start, or
-- none (a development server on this machine only).
CREATE TYPE "SmtpSecurity" AS ENUM ('STARTTLS', 'TLS', 'NONE');
ALTER TABLE "SmtpTransport" ADD COLUMN "security" "SmtpSecurity" NOT NULL DEFAULT 'STARTTLS';
UPDATE "SmtpTransport" SET "security" = CASE
	WHEN "secure" THEN 'TLS'::"SmtpSecurity"
	WHEN lower("host") IN ('127.0.0.1', 'localhost', '::1', '[::1]') THEN 'NONE'::"SmtpSecurity"
	ELSE 'STARTTLS'::"SmtpSecurity"
END;
ALTER TABLE "SmtpTransport" DROP COLUMN "secure";
