-- The membership primary keys carry the contact copies (INCLUDE), so a filtered page reads one
-- tag's (list's, campaign's) entries as one contiguous stretch of the index, with no visit to
-- the table: 6 ms instead of 50 for a tag of 13,000 contacts whose rows are scattered on disk.
-- Key columns are unchanged, so uniqueness and Prisma's view of the key are the same.

ALTER TABLE "ContactTag" DROP CONSTRAINT "ContactTag_pkey";
ALTER TABLE "ContactTag" ADD CONSTRAINT "ContactTag_pkey" PRIMARY KEY ("tagId", "contactId")
    INCLUDE ("sortName", "contactCreatedAt", "companyId", "searchText");

ALTER TABLE "ListContact" DROP CONSTRAINT "ListContact_pkey";
ALTER TABLE "ListContact" ADD CONSTRAINT "ListContact_pkey" PRIMARY KEY ("listId", "contactId")
    INCLUDE ("sortName", "contactCreatedAt", "companyId", "searchText");

ALTER TABLE "CampaignContact" DROP CONSTRAINT "CampaignContact_pkey";
ALTER TABLE "CampaignContact" ADD CONSTRAINT "CampaignContact_pkey" PRIMARY KEY ("campaignId", "contactId")
    INCLUDE ("sortName", "contactCreatedAt", "companyId", "searchText");
