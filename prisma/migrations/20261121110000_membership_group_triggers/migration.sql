-- Memberships (ContactTag, ListContact, CampaignContact) check their group (the tag, list or
-- campaign) once per statement instead of once per row. A foreign key locks the referenced row
-- for every inserted row, and locking the same tag a million times made adding a million
-- contacts to it take 30 s; once per statement it takes a few. The contact side keeps its
-- foreign key. See docs/decisions/008-crm-data-and-contact-queries.md.

ALTER TABLE "ContactTag" DROP CONSTRAINT "ContactTag_tagId_fkey";
ALTER TABLE "ListContact" DROP CONSTRAINT "ListContact_listId_fkey";
ALTER TABLE "CampaignContact" DROP CONSTRAINT "CampaignContact_campaignId_fkey";

-- After an insert: every group referenced exists, and stays locked (FOR KEY SHARE, as a
-- foreign key would lock it) until the transaction ends, so it cannot be deleted under us.
CREATE FUNCTION "membership_check_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    missing text;
BEGIN
    EXECUTE format(
        'SELECT n.group_id FROM (SELECT DISTINCT %1$I AS group_id FROM new_rows) n
         WHERE NOT EXISTS (SELECT 1 FROM %2$I g WHERE g.id = n.group_id) LIMIT 1',
        TG_ARGV[0], TG_ARGV[1]) INTO missing;
    IF missing IS NOT NULL THEN
        RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%_%_fkey"',
            TG_TABLE_NAME, TG_TABLE_NAME, TG_ARGV[0]
            USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (%s)=(%s) is not present in table "%s".', TG_ARGV[0], missing, TG_ARGV[1]);
    END IF;
    EXECUTE format(
        'SELECT 1 FROM %2$I g WHERE g.id IN (SELECT DISTINCT %1$I FROM new_rows) FOR KEY SHARE',
        TG_ARGV[0], TG_ARGV[1]);
    RETURN NULL;
END $$;

-- After a group is deleted: its memberships go too (ON DELETE CASCADE, once per statement).
CREATE FUNCTION "membership_delete_of_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('DELETE FROM %1$I WHERE %2$I IN (SELECT id FROM old_rows)', TG_ARGV[0], TG_ARGV[1]);
    RETURN NULL;
END $$;

CREATE TRIGGER "ContactTag_check_tag" AFTER INSERT ON "ContactTag"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "membership_check_groups"('tagId', 'Tag');
CREATE TRIGGER "ListContact_check_list" AFTER INSERT ON "ListContact"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "membership_check_groups"('listId', 'List');
CREATE TRIGGER "CampaignContact_check_campaign" AFTER INSERT ON "CampaignContact"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "membership_check_groups"('campaignId', 'Campaign');

CREATE TRIGGER "Tag_delete_memberships" AFTER DELETE ON "Tag"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "membership_delete_of_groups"('ContactTag', 'tagId');
CREATE TRIGGER "List_delete_memberships" AFTER DELETE ON "List"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "membership_delete_of_groups"('ListContact', 'listId');
CREATE TRIGGER "Campaign_delete_memberships" AFTER DELETE ON "Campaign"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "membership_delete_of_groups"('CampaignContact', 'campaignId');

-- Memberships never change their group (UPDATE of the group column is refused).
CREATE FUNCTION "membership_refuse_group_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the group of a membership cannot change' USING ERRCODE = 'foreign_key_violation';
END $$;
CREATE TRIGGER "ContactTag_fixed_tag" BEFORE UPDATE OF "tagId" ON "ContactTag"
    FOR EACH ROW WHEN (OLD."tagId" IS DISTINCT FROM NEW."tagId") EXECUTE FUNCTION "membership_refuse_group_change"();
CREATE TRIGGER "ListContact_fixed_list" BEFORE UPDATE OF "listId" ON "ListContact"
    FOR EACH ROW WHEN (OLD."listId" IS DISTINCT FROM NEW."listId") EXECUTE FUNCTION "membership_refuse_group_change"();
CREATE TRIGGER "CampaignContact_fixed_campaign" BEFORE UPDATE OF "campaignId" ON "CampaignContact"
    FOR EACH ROW WHEN (OLD."campaignId" IS DISTINCT FROM NEW."campaignId") EXECUTE FUNCTION "membership_refuse_group_change"();

-- Sorting by first name ignores case ("alan" between "Ada" and "Barbara"), so its index is on
-- lower("firstName"); the expression must match contactOrderBy in contact-filter.server.ts.
DROP INDEX "Contact_organizationId_firstName_id_idx";
CREATE INDEX "Contact_organizationId_lower_firstName_id_idx" ON "Contact" ("organizationId", lower("firstName"), "id");
