import type { Task } from 'graphile-worker'
import { RunLinkedInActionsPayloadSchema } from '#app/jobs/run-linkedin-actions.ts'
import { runServerLinkedInActions } from '#app/models/linkedin/run-linkedin-actions.server.ts'

/** Cron, every minute: the server-side LinkedIn executor's pass (under a minute of work). */
export const runLinkedInActionsTask: Task = async (payload, helpers) => {
	RunLinkedInActionsPayloadSchema.parse(payload)
	const pass = await runServerLinkedInActions()
	if (pass.actions || pass.expired)
		helpers.logger.info(
			`LinkedIn: ${pass.actions} action(s) for ${pass.accounts} account(s), ${pass.expired} claim(s) released`,
		)
}
