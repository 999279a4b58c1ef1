-- Sending updates a step twice (SENDING, SENT), its sequence and its contact (lastContactedAt).
-- With room left on each page and no index on the columns those updates change, PostgreSQL
-- updates in place (HOT) instead of adding an entry to every index of the table: the
-- contacts' trigram indexes above all. Nothing queried EmailStep by (organizationId, status).
DROP INDEX "EmailStep_organizationId_status_idx";
ALTER TABLE "EmailStep" SET (fillfactor = 85);
ALTER TABLE "Sequence" SET (fillfactor = 85);
ALTER TABLE "Contact" SET (fillfactor = 90);
