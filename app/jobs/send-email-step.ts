// Job `send_email_step` (decision 009): sends email steps; run by jobs/tasks/sequences/send-email-step.ts,
// added by activation, each send (the next step) and the recovery sweep (app/models/sequence).
import { z } from 'zod'
import { type SqlRun } from '#app/utils/sql-run.server.ts'

export const SEND_EMAIL_STEP_TASK = 'send_email_step'
export const SEND_EMAIL_STEP_MAX_ATTEMPTS = 10
/** Jobs per due second, so several workers share a busy second. */
export const EMAIL_STEP_JOB_SHARDS = 16

/**
 * A Graphile "batch job": an array of step ids due in the same second, in one of
 * EMAIL_STEP_JOB_SHARDS jobs per second. Adding a step to a waiting job appends it; a running
 * job's key passes to a new job (Graphile's rules). `{ stepId }` comes from older jobs.
 */
export const SendEmailStepPayloadSchema = z.union([
	z.array(z.string().min(1)),
	z.object({ stepId: z.string().min(1) }).transform(({ stepId }) => [stepId]),
])
export type SendEmailStepPayload = z.input<typeof SendEmailStepPayloadSchema>

/** The job key of a step due at `runAt`, in SQL: `email-steps:<epoch second>:<shard>`. */
export function emailStepJobKeySql(stepId: string, runAt: string) {
	return `'email-steps:' || floor(extract(epoch FROM ${runAt}))::bigint || ':' || (abs(hashtext(${stepId})) % ${EMAIL_STEP_JOB_SHARDS})`
}

/**
 * `graphile_worker.add_job(…)` of one step, in SQL, for statements that add a step's job per row
 * (the dispatcher's record): `stepId` and `runAt` are SQL expressions of the row.
 */
export function addEmailStepJobSql(stepId: string, runAt: string) {
	return `graphile_worker.add_job('${SEND_EMAIL_STEP_TASK}', json_build_array(${stepId}), run_at => ${runAt},
			max_attempts => ${SEND_EMAIL_STEP_MAX_ATTEMPTS}, job_key => ${emailStepJobKeySql(stepId, runAt)})`
}

const ADD_JOBS = `
	SELECT count(*) FROM graphile_worker.add_jobs(
		(SELECT array_agg(ROW('${SEND_EMAIL_STEP_TASK}'::text, bucket.ids, NULL::text, bucket.run_at,
			${SEND_EMAIL_STEP_MAX_ATTEMPTS}::int, bucket.key, 0, NULL::text[])::graphile_worker.job_spec)
		FROM (
			SELECT ${emailStepJobKeySql('v.id', 'v.run_at')} AS key, min(v.run_at) AS run_at, json_agg(v.id) AS ids
			FROM unnest($1::text[], $2::timestamptz[]) AS v(id, run_at)
			GROUP BY 1
		) AS bucket))`

/**
 * Adds these steps to the send jobs of their times, one statement for any number of them. A
 * step added twice (moved, or re-added by the recovery sweep) may sit in two jobs; the claim
 * sends it once, and a job that finds it not yet due puts it back for its time.
 */
export async function enqueueEmailStepJobs(run: SqlRun, jobs: Array<{ stepId: string; runAt: Date }>) {
	if (jobs.length === 0) return
	await run(ADD_JOBS, [jobs.map((job) => job.stepId), jobs.map((job) => job.runAt.toISOString())])
}
