-- Issue 17's figure (the ledger costs at most 15 % of dispatch) was missed: 2,527 steps/s without the
-- ledger's triggers, 1,944 with them (−23 %). Two costs of every appended row go (decision 050):
--
-- 1. The foreign key to "Sequence": its referential check locks the sequence row (FOR KEY SHARE) —
--    twice per email sent, rows the dispatcher itself locks. Rows are only appended by the step
--    triggers and setStepNote, for steps of existing sequences, so it guarded nothing the writers do
--    not already guarantee. The cascade it gave is kept by a statement trigger on "Sequence".
-- 2. The random text primary key (gen_random_uuid, a btree insert at a random place): the append
--    order "position" is the key; the API's entry id is that number as text.
ALTER TABLE "StepLedgerEntry" DROP CONSTRAINT "StepLedgerEntry_sequenceId_fkey";

CREATE FUNCTION step_ledger_forget_sequences() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "StepLedgerEntry" l USING old_rows o WHERE l."sequenceId" = o.id;
	RETURN NULL;
END $$;

CREATE TRIGGER step_ledger_forget_sequences AFTER DELETE ON "Sequence"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION step_ledger_forget_sequences();

ALTER TABLE "StepLedgerEntry" DROP CONSTRAINT "StepLedgerEntry_pkey";
ALTER TABLE "StepLedgerEntry" DROP COLUMN "id";
ALTER TABLE "StepLedgerEntry" ADD CONSTRAINT "StepLedgerEntry_pkey" PRIMARY KEY ("position");
