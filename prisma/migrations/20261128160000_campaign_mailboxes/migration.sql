-- Issue 17 item 4, decision 053: a campaign may send from several mailboxes (rotation); each
-- contact keeps the mailbox its sequence was given, new contacts go where there is most room.
CREATE TABLE "CampaignMailbox" (
    "campaignId" TEXT NOT NULL,
    "mailboxId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CampaignMailbox_pkey" PRIMARY KEY ("campaignId", "mailboxId")
);

CREATE INDEX "CampaignMailbox_mailboxId_idx" ON "CampaignMailbox"("mailboxId");

ALTER TABLE "CampaignMailbox" ADD CONSTRAINT "CampaignMailbox_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CampaignMailbox" ADD CONSTRAINT "CampaignMailbox_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;
