import type { Task } from 'graphile-worker'
import { mailboxesToSync } from '#app/models/conversation/gmail-sync.server.ts'
import { SYNC_MAILBOX_TASK } from './sync-mailbox.ts'

/**
 * Cron, every 2 minutes: one `sync_mailbox` job per Gmail mailbox with sequences to watch.
 * The job key keeps one waiting job per mailbox however often this runs.
 */
export const syncAllMailboxesTask: Task = async (_payload, helpers) => {
	const mailboxIds = await mailboxesToSync()
	for (const mailboxId of mailboxIds) {
		await helpers.addJob(
			SYNC_MAILBOX_TASK,
			{ mailboxId },
			{ jobKey: `sync-mailbox:${mailboxId}`, maxAttempts: 3 },
		)
	}
}
