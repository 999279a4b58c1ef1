import { type SqlRun } from '#app/utils/sql-run.server.ts'

/** Unsent steps of these sequences will never go: CANCELED, with the reason the drawer shows. */
export async function cancelUnsentStepsWith(run: SqlRun, sequenceIds: string[], reason: string) {
	await run(
		`UPDATE "EmailStep" SET status = 'CANCELED', "failureReason" = $2, "updatedAt" = now()
		WHERE "sequenceId" = ANY($1::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')`,
		[sequenceIds, reason],
	)
	for (const table of ['LinkedInStep', 'PhoneCallStep']) {
		await run(
			`UPDATE "${table}" SET status = 'CANCELED', "updatedAt" = now()
			WHERE "sequenceId" = ANY($1::text[]) AND status IN ('PENDING', 'DRAFT', 'SCHEDULED')`,
			[sequenceIds],
		)
	}
}
