import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'

const PayloadSchema = z.object({ stepId: z.string().min(1) })

/** Sends one email step at its time (app/models/sequence/email-dispatch.server.ts). */
export const sendEmailStepTask: Task = async (payload, helpers) => {
	const { stepId } = PayloadSchema.parse(payload)
	await sendEmailStep(stepId, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts })
}
