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
 * Adds the send jobs of the steps in `steps` (a FROM item aliased `v` with columns `id` and
 * `run_at`), grouped into their jobs and in job-key order, as every statement that adds these
 * jobs does: two statements adding overlapping keys lock Graphile's rows in one order and cannot
 * deadlock. Selects the step ids of the jobs it added or appended to; a skipped one is missing.
 */
export function addEmailStepJobsSql(steps: string) {
	return `SELECT json_array_elements_text(job.payload) AS id
	FROM (
		SELECT array_agg(ROW('${SEND_EMAIL_STEP_TASK}'::text, bucket.ids, NULL::text, bucket.run_at,
			${SEND_EMAIL_STEP_MAX_ATTEMPTS}::int, bucket.key, 0, NULL::text[])::graphile_worker.job_spec ORDER BY bucket.key) AS specs
		FROM (
			SELECT ${emailStepJobKeySql('v.id', 'v.run_at')} AS key, min(v.run_at) AS run_at, json_agg(v.id) AS ids
			FROM ${steps}
			GROUP BY 1
		) AS bucket
	) AS batch, LATERAL graphile_worker.add_jobs(batch.specs) AS job
	WHERE batch.specs IS NOT NULL`
}

/**
 * The `skipped` column of a statement that adds jobs with addEmailStepJobsSql (aliased `job`): the
 * wanted steps (`wanted`, with `id`) whose job add_jobs left out, with `runAt` (an SQL timestamptz).
 * The caller adds them again with enqueueSkippedEmailStepJobs.
 */
export function skippedEmailStepJobsSql(wanted: string, runAt: string) {
	return `(SELECT json_agg(json_build_object('stepId', w.id, 'runAt', ${runAt})) FROM ${wanted} AS w
		WHERE w.id NOT IN (SELECT id FROM job)) AS skipped`
}

const ADD_JOBS = addEmailStepJobsSql('unnest($1::text[], $2::timestamptz[]) AS v(id, run_at)')

/** Graphile 0.17's add_jobs skips a key whose job a worker locks between its two statements. */
const ADD_JOBS_TRIES = 5

/**
 * Adds these steps to the send jobs of their times, one statement for any number of them. A
 * step added twice (moved, or re-added by the recovery sweep) may sit in two jobs; the claim
 * sends it once, and a job that finds it not yet due puts it back for its time. A job that
 * add_jobs silently skipped (its key's job was being locked by a worker at that moment) is
 * added again: its key now belongs to a locked job, which add_jobs hands over to a new one.
 */
export async function enqueueEmailStepJobs(run: SqlRun, jobs: Array<{ stepId: string; runAt: Date }>) {
	let pending = jobs
	for (let tries = 0; pending.length > 0 && tries < ADD_JOBS_TRIES; tries++) {
		const rows = await run(ADD_JOBS, [
			pending.map((job) => job.stepId),
			pending.map((job) => job.runAt.toISOString()),
		])
		const added = new Set(rows.map((row) => String(row.id)))
		pending = pending.filter((job) => !added.has(job.stepId))
	}
}

/** Adds again the jobs a statement's `skipped` column (skippedEmailStepJobsSql) names. */
export async function enqueueSkippedEmailStepJobs(run: SqlRun, skipped: unknown) {
	const jobs = (skipped ?? []) as Array<{ stepId: string; runAt: string }>
	await enqueueEmailStepJobs(
		run,
		jobs.map((job) => ({ stepId: job.stepId, runAt: new Date(job.runAt) })),
	)
}
