import type pg from 'pg'
import { type Prisma } from '#app/generated/prisma/client.ts'

/**
 * Graphile Worker task that sends email steps (jobs/tasks/sequences/send-email-step.ts). Its
 * payload is a Graphile "batch job": an array of step ids due in the same second, in one of
 * EMAIL_STEP_JOB_SHARDS jobs per second (so several workers share a busy second). Adding a step
 * to a waiting job appends it; a running job's key passes to a new job (Graphile's rules).
 */
export const SEND_EMAIL_STEP_TASK = 'send_email_step'
export const SEND_EMAIL_STEP_MAX_ATTEMPTS = 10
export const EMAIL_STEP_JOB_SHARDS = 16

/** The job key of a step due at `runAt`, in SQL: `email-steps:<epoch second>:<shard>`. */
export function emailStepJobKeySql(stepId: string, runAt: string) {
	return `'email-steps:' || floor(extract(epoch FROM ${runAt}))::bigint || ':' || (abs(hashtext(${stepId})) % ${EMAIL_STEP_JOB_SHARDS})`
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
		(SELECT array_agg(ROW($1::text, bucket.ids, NULL::text, bucket.run_at, $2::int, bucket.key, 0,
			NULL::text[])::graphile_worker.job_spec)
		FROM (
			SELECT ${emailStepJobKeySql('v.id', 'v.run_at')} AS key, min(v.run_at) AS run_at, json_agg(v.id) AS ids
			FROM unnest($3::text[], $4::timestamptz[]) AS v(id, run_at)
			GROUP BY 1
		) AS bucket))`

/**
 * Adds these steps to the send jobs of their times, one statement for any number of them. A
 * step added twice (moved, or re-added by the recovery sweep) may sit in two jobs; the claim
 * sends it once, and a job that finds it not yet due puts it back for its time.
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
