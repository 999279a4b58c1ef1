import type { Task } from 'graphile-worker'
import { SendEmailStepPayloadSchema } from '#app/jobs/send-email-step.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'

/** How many of the job's steps are in flight at once: they share each dispatcher statement. */
const STEPS_AT_ONCE = 25

/**
 * Sends the email steps due at this job's time (app/models/sequence/email-dispatch.server.ts).
 * Each step succeeds or fails on its own: Graphile retries only the failed ones, which are
 * errors of our own (the database); a failed send is retried by the dispatcher (decision 013).
 */
export const sendEmailStepTask: Task = async (payload) => {
	const stepIds = SendEmailStepPayloadSchema.parse(payload)
	const outcomes: Array<Promise<unknown>> = []
	for (let start = 0; start < stepIds.length; start += STEPS_AT_ONCE) {
		const chunk = stepIds.slice(start, start + STEPS_AT_ONCE).map((stepId) => sendEmailStep(stepId))
		await Promise.allSettled(chunk)
		outcomes.push(...chunk)
	}
	if (!Array.isArray(payload)) {
		await outcomes[0]
		return
	}
	// An array the length of the payload marks the failed entries for retry (Graphile batch jobs).
	return outcomes
}
