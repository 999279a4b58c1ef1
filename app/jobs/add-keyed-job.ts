import { type SqlRun } from '#app/utils/sql-run.server.ts'

/**
 * Adds one Graphile job under a key, in whichever transaction the caller holds: a second add with
 * the same key replaces the waiting job instead of doubling it. `keepRunAt` keeps the waiting
 * job's time (job_key_mode 'preserve_run_at') instead of moving it.
 */
export async function addKeyedJob(
	run: SqlRun,
	{
		task,
		payload,
		key,
		maxAttempts,
		keepRunAt = false,
	}: { task: string; payload: unknown; key: string; maxAttempts: number; keepRunAt?: boolean },
) {
	await run(
		`SELECT FROM graphile_worker.add_job($1::text, $2::json, job_key => $3::text, max_attempts => $4::int${keepRunAt ? `, job_key_mode => 'preserve_run_at'` : ''})`,
		[task, JSON.stringify(payload), key, maxAttempts],
	)
}
