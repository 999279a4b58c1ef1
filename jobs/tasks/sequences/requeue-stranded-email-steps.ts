import type { Task } from 'graphile-worker'
import { RequeueStrandedEmailStepsPayloadSchema } from '#app/jobs/requeue-stranded-email-steps.ts'
import { requeueStrandedEmailSteps } from '#app/models/sequence/email-step-recovery.server.ts'

/** Cron, every minute: re-adds the jobs of overdue or stranded email steps. */
export const requeueStrandedEmailStepsTask: Task = async (payload, helpers) => {
	RequeueStrandedEmailStepsPayloadSchema.parse(payload)
	const count = await requeueStrandedEmailSteps()
	if (count) helpers.logger.info(`requeued ${count} email step(s)`)
}
