import { Prisma } from '#app/generated/prisma/client.ts'

/** Graphile Worker task that sends one email step (jobs/tasks/sequences/send-email-step.ts). */
export const SEND_EMAIL_STEP_TASK = 'send_email_step'
export const SEND_EMAIL_STEP_MAX_ATTEMPTS = 10

export function emailStepJobKey(stepId: string) {
	return `email-step:${stepId}`
}

type RawClient = { $executeRaw: (query: Prisma.Sql) => Promise<number> }

/**
 * Adds (or moves) the send jobs of these steps, one statement for any number of them.
 * The job key per step means a step has at most one waiting job: adding it again moves its
 * run time, and a job already running keeps running while a fresh one waits (Graphile's
 * rule for locked jobs), which is what the recovery sweep relies on.
 */
export async function enqueueEmailStepJobs(client: RawClient, jobs: Array<{ stepId: string; runAt: Date }>) {
	if (jobs.length === 0) return
	const ids = jobs.map((job) => job.stepId)
	const runAts = jobs.map((job) => job.runAt.toISOString())
	await client.$executeRaw(Prisma.sql`
		SELECT count(*) FROM graphile_worker.add_jobs(
			(SELECT array_agg(ROW(
				${SEND_EMAIL_STEP_TASK}::text,
				json_build_object('stepId', v.id),
				NULL::text,
				v.run_at,
				${SEND_EMAIL_STEP_MAX_ATTEMPTS}::int,
				${'email-step:'}::text || v.id,
				0,
				NULL::text[]
			)::graphile_worker.job_spec)
			FROM unnest(${ids}::text[], ${runAts}::timestamptz[]) AS v(id, run_at))
		)`)
}
