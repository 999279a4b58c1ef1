import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { runSequenceGeneration } from '#app/models/assistant/generate-sequence.server.ts'

const PayloadSchema = z.object({
	sequenceId: z.string().min(1),
	userId: z.string().min(1),
	prompt: z.string(),
	orgPrompt: z.boolean(),
	linkedin: z.boolean(),
	phoneCall: z.boolean(),
})

/** Writes a CREATING sequence (app/models/assistant/generate-sequence.server.ts). */
export const generateSequenceTask: Task = async (payload, helpers) => {
	await runSequenceGeneration(PayloadSchema.parse(payload), {
		isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts,
	})
}
