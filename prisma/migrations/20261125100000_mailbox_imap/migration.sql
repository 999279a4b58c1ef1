-- AlterTable
ALTER TABLE "Mailbox" ADD COLUMN     "imapHost" TEXT,
ADD COLUMN     "imapPort" INTEGER,
ADD COLUMN     "imapSecure" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "imapUsername" TEXT,
ADD COLUMN     "imapPasswordEncrypted" TEXT,
ADD COLUMN     "imapUidValidity" BIGINT,
ADD COLUMN     "imapLastUid" BIGINT,
ADD COLUMN     "imapLastError" TEXT;
