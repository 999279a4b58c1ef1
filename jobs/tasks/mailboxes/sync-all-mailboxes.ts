import type { Task } from 'graphile-worker'
import { SyncAllMailboxesPayloadSchema } from '#app/jobs/sync-all-mailboxes.ts'
import { enqueueMailboxSync } from '#app/jobs/sync-mailbox.ts'
import { mailboxesToSync } from '#app/models/conversation/gmail-sync.server.ts'
import { imapMailboxesToSync } from '#app/models/conversation/imap-sync.server.ts'

/**
 * Cron, every 2 minutes: one `sync_mailbox` job per Gmail or IMAP mailbox with sequences to watch.
 * The job key keeps one waiting job per mailbox however often this runs.
 */
export const syncAllMailboxesTask: Task = async (payload, helpers) => {
	SyncAllMailboxesPayloadSchema.parse(payload)
	const mailboxIds = [...new Set([...(await mailboxesToSync()), ...(await imapMailboxesToSync())])]
	for (const mailboxId of mailboxIds) {
		await enqueueMailboxSync(helpers, mailboxId)
	}
}
