// Job `deliver_webhooks` (decision 042): sends webhook deliveries; run by
// jobs/tasks/webhooks/deliver-webhooks.ts, added by every event (app/models/webhook/webhook-events.server.ts),
// each retry, "Send test event" and the stranded-delivery sweep.
import { type SqlRun } from '#app/utils/sql-run.server.ts'

export const DELIVER_WEBHOOKS_TASK = 'deliver_webhooks'
export { DeliverWebhooksPayloadSchema } from '#app/schemas/webhook.ts'
/** The task records every outcome itself; Graphile's retries only cover a crash of the task. */
export const DELIVER_WEBHOOKS_MAX_ATTEMPTS = 3
/** Jobs per due second, so several workers share a burst. */
export const WEBHOOK_JOB_SHARDS = 8

/**
 * Adds the jobs of the deliveries in `deliveries` (a FROM item aliased `v` with columns `id` and
 * `run_at`): a Graphile batch job per due second and shard (`webhooks:<epoch second>:<shard>`),
 * so a burst of events becomes a few jobs of many deliveries, appended to while they wait. In
 * key order, as addEmailStepJobsSql does, so concurrent statements cannot deadlock. Selects the
 * ids of the deliveries whose job it added or appended to.
 */
export function addWebhookJobsSql(deliveries: string) {
	return `SELECT json_array_elements_text(job.payload) AS id
	FROM (
		SELECT array_agg(ROW('${DELIVER_WEBHOOKS_TASK}'::text, bucket.ids, NULL::text, bucket.run_at,
			${DELIVER_WEBHOOKS_MAX_ATTEMPTS}::int, bucket.key, 0, NULL::text[])::graphile_worker.job_spec ORDER BY bucket.key) AS specs
		FROM (
			SELECT 'webhooks:' || floor(extract(epoch FROM v.run_at))::bigint || ':' || (abs(hashtext(v.id)) % ${WEBHOOK_JOB_SHARDS}) AS key,
				min(v.run_at) AS run_at, json_agg(v.id) AS ids
			FROM ${deliveries}
			GROUP BY 1
		) AS bucket
	) AS batch, LATERAL graphile_worker.add_jobs(batch.specs) AS job
	WHERE batch.specs IS NOT NULL`
}

const ADD_JOBS = addWebhookJobsSql('unnest($1::text[], $2::timestamptz[]) AS v(id, run_at)')
/** Graphile 0.17's add_jobs skips a key whose job a worker locks between its two statements. */
const ADD_JOBS_TRIES = 5

/** Adds the jobs of these deliveries, again for any add_jobs skipped (see enqueueEmailStepJobs). */
export async function enqueueWebhookJobs(run: SqlRun, jobs: Array<{ deliveryId: string; runAt: Date }>) {
	let pending = jobs
	for (let tries = 0; pending.length > 0 && tries < ADD_JOBS_TRIES; tries++) {
		const rows = await run(ADD_JOBS, [
			pending.map((job) => job.deliveryId),
			pending.map((job) => job.runAt.toISOString()),
		])
		const added = new Set(rows.map((row) => String(row.id)))
		pending = pending.filter((job) => !added.has(job.deliveryId))
	}
}
