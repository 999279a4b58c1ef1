import type pg from 'pg'
import { type Prisma } from '#app/generated/prisma/client.ts'

/** Graphile Worker task that sends one email step (jobs/tasks/sequences/send-email-step.ts). */
export const SEND_EMAIL_STEP_TASK = 'send_email_step'
export const SEND_EMAIL_STEP_MAX_ATTEMPTS = 10

export function emailStepJobKey(stepId: string) {
	return `email-step:${stepId}`
}

/**
 * A statement runner over either client: Prisma inside model transactions, node-postgres on the
 * dispatcher's hot path. Both take `$1`-style parameters.
 */
export type SqlRun = (text: string, values: unknown[]) => Promise<unknown>

export function prismaRun(client: Pick<Prisma.TransactionClient, '$executeRawUnsafe'>): SqlRun {
	return (text, values) => client.$executeRawUnsafe(text, ...values)
}

export function pgRun(client: pg.ClientBase): SqlRun {
	return (text, values) => client.query(text, values)
}

const ADD_JOBS = `
	SELECT count(*) FROM graphile_worker.add_jobs(
		(SELECT array_agg(ROW($1::text, json_build_object('stepId', v.id), NULL::text, v.run_at, $2::int,
			'email-step:' || v.id, 0, NULL::text[])::graphile_worker.job_spec)
		FROM unnest($3::text[], $4::timestamptz[]) AS v(id, run_at)))`

/**
 * Adds (or moves) the send jobs of these steps, one statement for any number of them.
 * The job key per step means a step has at most one waiting job: adding it again moves its
 * run time, and a job already running keeps running while a fresh one waits (Graphile's
 * rule for locked jobs), which is what the recovery sweep relies on.
 */
export async function enqueueEmailStepJobs(run: SqlRun, jobs: Array<{ stepId: string; runAt: Date }>) {
	if (jobs.length === 0) return
	await run(ADD_JOBS, [
		SEND_EMAIL_STEP_TASK,
		SEND_EMAIL_STEP_MAX_ATTEMPTS,
		jobs.map((job) => job.stepId),
		jobs.map((job) => job.runAt.toISOString()),
	])
}

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
