import type { Task } from 'graphile-worker'
import { GenerateSequencePayloadSchema } from '#app/jobs/generate-sequence.ts'
import { runSequenceGeneration } from '#app/models/assistant/generate-sequence.server.ts'

/** Writes a CREATING sequence (app/models/assistant/generate-sequence.server.ts). */
export const generateSequenceTask: Task = async (payload, helpers) => {
	await runSequenceGeneration(GenerateSequencePayloadSchema.parse(payload), {
		isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts,
	})
}
