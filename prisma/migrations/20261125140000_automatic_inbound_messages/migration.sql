-- Automatic mail in a sequence's conversation (decision 016): out-of-office and other automatic
-- replies, and delivery-delay notices, are recorded as what they are and never as the contact's reply.
ALTER TYPE "SequenceEventType" ADD VALUE 'AUTO_REPLY';
ALTER TYPE "SequenceEventType" ADD VALUE 'DELIVERY_DELAY';

-- CreateEnum
CREATE TYPE "AutomaticMessageKind" AS ENUM ('AUTO_REPLY', 'DELAY_NOTICE');

-- AlterTable
ALTER TABLE "ConversationMessage" ADD COLUMN "automatic" "AutomaticMessageKind";
