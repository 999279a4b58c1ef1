import { type SqlRun } from '#app/utils/sql-run.server.ts'

/**
 * The contact answered (an email, LinkedIn, or "Mark as replied"): the calls still to make for these
 * sequences are CANCELED, so they leave the Calls page at once and a resumed sequence does not bring
 * them back. Runs in the caller's transaction (the one that records the reply). Returns the ids.
 */
export async function cancelPendingCalls(run: SqlRun, sequenceIds: string[]) {
	if (sequenceIds.length === 0) return []
	const rows = await run(
		`UPDATE "PhoneCallStep" SET status = 'CANCELED', "updatedAt" = now()
		WHERE "sequenceId" = ANY($1::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		RETURNING id`,
		[sequenceIds],
	)
	return rows.map((row) => row.id as string)
}
