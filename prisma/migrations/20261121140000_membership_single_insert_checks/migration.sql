-- The statement-level group check made every insert keep a copy of all its new rows (a
-- transition table): for a million-row bulk add, a second of work to confirm one tag exists,
-- which the bulk path has already locked. The checks move into the row-level fill trigger, which
-- runs only for inserts that do not bring the contact copy, i.e. everything but the bulk path
-- (app/models/contact/contact-membership.server.ts), which locks the group FOR NO KEY UPDATE and
-- the organization's contact deletes before it selects the contacts it adds.

DROP TRIGGER "ContactTag_check_tag" ON "ContactTag";
DROP TRIGGER "ListContact_check_list" ON "ListContact";
DROP TRIGGER "CampaignContact_check_campaign" ON "CampaignContact";
DROP FUNCTION "membership_check_groups"();

-- Arguments: the membership's group column and the group table.
CREATE OR REPLACE FUNCTION "membership_fill_contact_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    group_id text := to_jsonb(NEW) ->> TG_ARGV[0];
    group_found boolean;
BEGIN
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I g WHERE g.id = $1 FOR KEY SHARE)', TG_ARGV[1])
        INTO group_found USING group_id;
    IF NOT group_found THEN
        RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%_%_fkey"',
            TG_TABLE_NAME, TG_TABLE_NAME, TG_ARGV[0]
            USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (%s)=(%s) is not present in table "%s".', TG_ARGV[0], group_id, TG_ARGV[1]);
    END IF;
    SELECT lower(c."firstName" || ' ' || c."lastName" || ' ' || coalesce(c."email", '') || ' ' || coalesce(c."role", '')),
           lower(c."firstName"), c."createdAt", c."companyId"
      INTO NEW."searchText", NEW."sortName", NEW."contactCreatedAt", NEW."companyId"
      FROM "Contact" c WHERE c.id = NEW."contactId" FOR KEY SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%_contactId_fkey"',
            TG_TABLE_NAME, TG_TABLE_NAME
            USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (contactId)=(%s) is not present in table "Contact".', NEW."contactId");
    END IF;
    RETURN NEW;
END $$;

DROP TRIGGER "ContactTag_fill_contact_copy" ON "ContactTag";
DROP TRIGGER "ListContact_fill_contact_copy" ON "ListContact";
DROP TRIGGER "CampaignContact_fill_contact_copy" ON "CampaignContact";
CREATE TRIGGER "ContactTag_fill_contact_copy" BEFORE INSERT ON "ContactTag"
    FOR EACH ROW WHEN (NEW."searchText" IS NULL) EXECUTE FUNCTION "membership_fill_contact_copy"('tagId', 'Tag');
CREATE TRIGGER "ListContact_fill_contact_copy" BEFORE INSERT ON "ListContact"
    FOR EACH ROW WHEN (NEW."searchText" IS NULL) EXECUTE FUNCTION "membership_fill_contact_copy"('listId', 'List');
CREATE TRIGGER "CampaignContact_fill_contact_copy" BEFORE INSERT ON "CampaignContact"
    FOR EACH ROW WHEN (NEW."searchText" IS NULL) EXECUTE FUNCTION "membership_fill_contact_copy"('campaignId', 'Campaign');
