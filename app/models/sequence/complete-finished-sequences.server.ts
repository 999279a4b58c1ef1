import { enqueueWebhookEvents } from '#app/models/webhook/webhook-events.server.ts'
import { type SqlRun } from '#app/utils/sql-run.server.ts'

/**
 * A step of any channel still to be carried out: an email to send, a LinkedIn request or message
 * to send (or a request awaiting acceptance before its messages), a call to make. The sequence
 * completes when none is left (SQL, `s` is the Sequence).
 */
export const SEQUENCE_HAS_OPEN_STEPS_SQL = sequenceHasOpenStepsSql()

/**
 * The same, leaving out one LinkedIn step (`$n`, a parameter): for a statement that sends it in a
 * sub-statement of its own, whose change the check cannot see yet.
 */
export function sequenceHasOpenStepsSql({ exceptLinkedInStep }: { exceptLinkedInStep?: string } = {}) {
	const except = exceptLinkedInStep ? ` AND l.id <> ${exceptLinkedInStep}` : ''
	return `(
	EXISTS (SELECT 1 FROM "EmailStep" e WHERE e."sequenceId" = s.id
		AND e.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING'))
	OR EXISTS (SELECT 1 FROM "LinkedInStep" l WHERE l."sequenceId" = s.id
		AND l.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING')${except})
	OR EXISTS (SELECT 1 FROM "PhoneCallStep" p WHERE p."sequenceId" = s.id
		AND p.status IN ('PENDING', 'DRAFT', 'SCHEDULED', 'SENDING'))
)`
}

/**
 * ACTIVE sequences among these with nothing left to do on any channel become COMPLETED. Called
 * after a LinkedIn step or a call finishes (the email dispatcher does the same in its own statement).
 */
export async function completeFinishedSequences(run: SqlRun, sequenceIds: string[], now = new Date()) {
	if (sequenceIds.length === 0) return []
	const rows = await run(
		`UPDATE "Sequence" s SET status = 'COMPLETED', "completedAt" = $2, "updatedAt" = now()
		WHERE s.id = ANY($1::text[]) AND s.status = 'ACTIVE' AND NOT ${SEQUENCE_HAS_OPEN_STEPS_SQL}
		RETURNING s.id, s."organizationId", s."contactId"`,
		[sequenceIds, now.toISOString()],
	)
	await enqueueWebhookEvents(
		run,
		rows.map((row) => ({
			organizationId: String(row.organizationId),
			type: 'sequence.completed',
			data: { sequenceId: row.id, contactId: row.contactId, completedAt: now.toISOString() },
		})),
	)
	return rows.map((row) => row.id as string)
}
