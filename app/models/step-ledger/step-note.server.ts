import { type StepDecision, type StepLedgerDetail } from '#app/schemas/step-ledger.ts'
import { type SqlRun } from '#app/utils/sql-run.server.ts'

/**
 * Why the next step changes of this transaction happen (decision 050). The triggers on the step
 * tables write one ledger row per change and take the reason code, details and — for a
 * cancellation — the decision (SKIPPED, STOPPED) from this note; without one they name the
 * change itself (CLAIMED, SENT, ACTIVATED…). Transaction-local: it ends with the transaction,
 * and a later note replaces it.
 */
export type StepNote = {
	reason: string
	/** Only for steps CANCELED by the change: what kind of decision it was. */
	decision?: Extract<StepDecision, 'SKIPPED' | 'STOPPED' | 'CANCELED'>
	detail?: StepLedgerDetail
}

export async function setStepNote(run: SqlRun, note: StepNote) {
	await run(`SELECT set_config('reachout.step_note', $1, true)`, [JSON.stringify(note)])
}

/**
 * Steps that stay as they are while their sequence stops (a reply or a user pauses it: the unsent
 * steps stay SCHEDULED and are never claimed): the row says why they will not go.
 */
export async function recordStoppedSteps(run: SqlRun, sequenceIds: string[], note: StepNote) {
	if (sequenceIds.length === 0) return
	await run(
		`INSERT INTO "StepLedgerEntry" ("organizationId", "sequenceId", "stepId", channel, decision, reason, detail)
		SELECT "organizationId", "sequenceId", id, channel::"StepChannel", 'STOPPED', $2, $3::jsonb FROM (
			SELECT "organizationId", "sequenceId", id, 'EMAIL' AS channel FROM "EmailStep"
			WHERE "sequenceId" = ANY($1::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')
			UNION ALL
			SELECT "organizationId", "sequenceId", id, 'LINKEDIN' FROM "LinkedInStep"
			WHERE "sequenceId" = ANY($1::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')
			UNION ALL
			SELECT "organizationId", "sequenceId", id, 'CALL' FROM "PhoneCallStep"
			WHERE "sequenceId" = ANY($1::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')) unsent`,
		// `unchanged`: the step row itself did not change (no trigger wrote this one).
		[sequenceIds, note.reason, JSON.stringify({ ...note.detail, unchanged: true })],
	)
}
