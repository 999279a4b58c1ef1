-- Each membership (ContactTag, ListContact, CampaignContact) carries a copy of what the contacts
-- table filters and sorts on: the search text, the lower-cased first name, the creation time and
-- the company. A page of "contacts with this tag matching 'ann', by first name" then reads the
-- tag's own rows, stored side by side, instead of looking up every member in "Contact"
-- (13,000 random lookups for a tag of 13,000). See docs/decisions/008-crm-data-and-contact-queries.md.
--
-- Bulk adds (app/models/contact/contact-membership.server.ts) write the copies from the
-- contact rows they select. Any other insert leaves them NULL and a trigger fills them, locking
-- the contact FOR KEY SHARE as a foreign key would (and failing like one if it is missing).
-- The per-row foreign keys to "Contact" go: they locked a million contact rows one by one in a
-- bulk add (6 of its 13 s). Deleting contacts deletes their memberships by a statement trigger.

ALTER TABLE "ContactTag" ADD COLUMN "searchText" TEXT, ADD COLUMN "sortName" TEXT,
    ADD COLUMN "contactCreatedAt" TIMESTAMP(3), ADD COLUMN "companyId" TEXT;
ALTER TABLE "ListContact" ADD COLUMN "searchText" TEXT, ADD COLUMN "sortName" TEXT,
    ADD COLUMN "contactCreatedAt" TIMESTAMP(3), ADD COLUMN "companyId" TEXT;
ALTER TABLE "CampaignContact" ADD COLUMN "searchText" TEXT, ADD COLUMN "sortName" TEXT,
    ADD COLUMN "contactCreatedAt" TIMESTAMP(3), ADD COLUMN "companyId" TEXT;

ALTER TABLE "ContactTag" DROP CONSTRAINT "ContactTag_contactId_fkey";
ALTER TABLE "ListContact" DROP CONSTRAINT "ListContact_contactId_fkey";
ALTER TABLE "CampaignContact" DROP CONSTRAINT "CampaignContact_contactId_fkey";

-- The copies, computed as contact-filter.server.ts computes them (keep the two in step).
CREATE FUNCTION "membership_fill_contact_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

CREATE TRIGGER "ContactTag_fill_contact_copy" BEFORE INSERT ON "ContactTag"
    FOR EACH ROW WHEN (NEW."searchText" IS NULL) EXECUTE FUNCTION "membership_fill_contact_copy"();
CREATE TRIGGER "ListContact_fill_contact_copy" BEFORE INSERT ON "ListContact"
    FOR EACH ROW WHEN (NEW."searchText" IS NULL) EXECUTE FUNCTION "membership_fill_contact_copy"();
CREATE TRIGGER "CampaignContact_fill_contact_copy" BEFORE INSERT ON "CampaignContact"
    FOR EACH ROW WHEN (NEW."searchText" IS NULL) EXECUTE FUNCTION "membership_fill_contact_copy"();

-- A membership never moves to another contact.
CREATE FUNCTION "membership_refuse_contact_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the contact of a membership cannot change' USING ERRCODE = 'foreign_key_violation';
END $$;
CREATE TRIGGER "ContactTag_fixed_contact" BEFORE UPDATE OF "contactId" ON "ContactTag"
    FOR EACH ROW WHEN (OLD."contactId" IS DISTINCT FROM NEW."contactId") EXECUTE FUNCTION "membership_refuse_contact_change"();
CREATE TRIGGER "ListContact_fixed_contact" BEFORE UPDATE OF "contactId" ON "ListContact"
    FOR EACH ROW WHEN (OLD."contactId" IS DISTINCT FROM NEW."contactId") EXECUTE FUNCTION "membership_refuse_contact_change"();
CREATE TRIGGER "CampaignContact_fixed_contact" BEFORE UPDATE OF "contactId" ON "CampaignContact"
    FOR EACH ROW WHEN (OLD."contactId" IS DISTINCT FROM NEW."contactId") EXECUTE FUNCTION "membership_refuse_contact_change"();

-- When a contact's searchable fields change, its copies follow (a few rows per contact).
CREATE FUNCTION "contact_refresh_membership_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    search_text text := lower(NEW."firstName" || ' ' || NEW."lastName" || ' ' || coalesce(NEW."email", '') || ' ' || coalesce(NEW."role", ''));
BEGIN
    UPDATE "ContactTag" SET "searchText" = search_text, "sortName" = lower(NEW."firstName"), "companyId" = NEW."companyId"
        WHERE "contactId" = NEW.id;
    UPDATE "ListContact" SET "searchText" = search_text, "sortName" = lower(NEW."firstName"), "companyId" = NEW."companyId"
        WHERE "contactId" = NEW.id;
    UPDATE "CampaignContact" SET "searchText" = search_text, "sortName" = lower(NEW."firstName"), "companyId" = NEW."companyId"
        WHERE "contactId" = NEW.id;
    RETURN NULL;
END $$;
CREATE TRIGGER "Contact_refresh_membership_copies" AFTER UPDATE OF "firstName", "lastName", "email", "role", "companyId" ON "Contact"
    FOR EACH ROW WHEN (OLD."firstName" IS DISTINCT FROM NEW."firstName" OR OLD."lastName" IS DISTINCT FROM NEW."lastName"
        OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."role" IS DISTINCT FROM NEW."role"
        OR OLD."companyId" IS DISTINCT FROM NEW."companyId")
    EXECUTE FUNCTION "contact_refresh_membership_copies"();

-- Deleting contacts (one or a million) deletes their memberships, once per statement.
CREATE FUNCTION "contact_delete_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM "ContactTag" WHERE "contactId" IN (SELECT id FROM old_rows);
    DELETE FROM "ListContact" WHERE "contactId" IN (SELECT id FROM old_rows);
    DELETE FROM "CampaignContact" WHERE "contactId" IN (SELECT id FROM old_rows);
    RETURN NULL;
END $$;
CREATE TRIGGER "Contact_delete_memberships" AFTER DELETE ON "Contact"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_delete_memberships"();

-- Existing memberships get their copies.
UPDATE "ContactTag" m SET "searchText" = lower(c."firstName" || ' ' || c."lastName" || ' ' || coalesce(c."email", '') || ' ' || coalesce(c."role", '')),
    "sortName" = lower(c."firstName"), "contactCreatedAt" = c."createdAt", "companyId" = c."companyId"
    FROM "Contact" c WHERE c.id = m."contactId";
UPDATE "ListContact" m SET "searchText" = lower(c."firstName" || ' ' || c."lastName" || ' ' || coalesce(c."email", '') || ' ' || coalesce(c."role", '')),
    "sortName" = lower(c."firstName"), "contactCreatedAt" = c."createdAt", "companyId" = c."companyId"
    FROM "Contact" c WHERE c.id = m."contactId";
UPDATE "CampaignContact" m SET "searchText" = lower(c."firstName" || ' ' || c."lastName" || ' ' || coalesce(c."email", '') || ' ' || coalesce(c."role", '')),
    "sortName" = lower(c."firstName"), "contactCreatedAt" = c."createdAt", "companyId" = c."companyId"
    FROM "Contact" c WHERE c.id = m."contactId";
