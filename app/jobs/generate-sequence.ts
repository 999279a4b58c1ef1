// Job `generate_sequence`: writes one CREATING sequence (runSequenceGeneration in
// app/models/assistant); run by jobs/tasks/assistant/generate-sequence.ts on the assistant's own
// runner (jobs/start-worker.ts). Added one at a time from the contact panel, in bulk by a
// Generate Sequences run, removed by cancelling.
import { z } from 'zod'
import { type SqlRun } from '#app/utils/sql-run.server.ts'
import { addKeyedJob } from './add-keyed-job.ts'

export const GENERATE_SEQUENCE_TASK = 'generate_sequence'
export const GENERATE_SEQUENCE_MAX_ATTEMPTS = 3

export const GenerateSequencePayloadSchema = z.object({
	sequenceId: z.string().min(1),
	userId: z.string().min(1),
	prompt: z.string(),
	orgPrompt: z.boolean(),
	linkedin: z.boolean(),
	phoneCall: z.boolean(),
})
export type GenerateSequencePayload = z.infer<typeof GenerateSequencePayloadSchema>

/** Each sequence's generation job is keyed by it: cancelling finds and removes the job by key. */
const GENERATION_JOB_KEY_PREFIX = 'generate-sequence:'

export function generationJobKey(sequenceId: string) {
	return GENERATION_JOB_KEY_PREFIX + sequenceId
}

/** Adds one sequence's job, in the caller's transaction. */
export async function enqueueSequenceGeneration(run: SqlRun, payload: GenerateSequencePayload) {
	await addKeyedJob(run, {
		task: GENERATE_SEQUENCE_TASK,
		payload: GenerateSequencePayloadSchema.parse(payload),
		key: generationJobKey(payload.sequenceId),
		maxAttempts: GENERATE_SEQUENCE_MAX_ATTEMPTS,
	})
}

/**
 * For adding thousands of jobs in one `graphile_worker.add_jobs` call: the payload's part every
 * job of the run shares (all but the sequence id), as JSON for a `jsonb` parameter that
 * generateSequenceJobSpecSql merges with each row's sequence id.
 */
export function sharedGenerationPayload(shared: Omit<GenerateSequencePayload, 'sequenceId'>) {
	return JSON.stringify(GenerateSequencePayloadSchema.omit({ sequenceId: true }).parse(shared))
}

/**
 * One `graphile_worker.job_spec` per row, in SQL: `sequenceId` is the row's sequence id and
 * `sharedPayload` the jsonb of sharedGenerationPayload (both SQL expressions); Graphile runs lower
 * `priority` numbers first.
 */
export function generateSequenceJobSpecSql({
	sequenceId,
	sharedPayload,
	priority,
}: {
	sequenceId: string
	sharedPayload: string
	priority: number
}) {
	return `ROW(
		'${GENERATE_SEQUENCE_TASK}'::text, (${sharedPayload} || jsonb_build_object('sequenceId', ${sequenceId}))::json,
		NULL::text, NULL::timestamptz, ${GENERATE_SEQUENCE_MAX_ATTEMPTS}, '${GENERATION_JOB_KEY_PREFIX}' || ${sequenceId},
		${Math.trunc(priority)}::int, NULL::text[]
	)::graphile_worker.job_spec`
}

/** Removes these sequences' jobs: an unlocked job is deleted, a locked one is not retried. */
export async function removeSequenceGenerationJobs(run: SqlRun, sequenceIds: string[]) {
	await run(`SELECT FROM unnest($1::text[]) AS key, LATERAL graphile_worker.remove_job(key)`, [
		sequenceIds.map(generationJobKey),
	])
}
