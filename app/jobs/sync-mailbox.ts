// Job `sync_mailbox`: reads one mailbox's new messages, Gmail or IMAP (replies pause their
// sequence, bounces fail it; app/models/conversation/gmail-sync.server.ts, imap-sync.server.ts). Run by
// jobs/tasks/mailboxes/sync-mailbox.ts, added by sync_all_mailboxes.
import { type JobHelpers } from 'graphile-worker'
import { z } from 'zod'

export const SYNC_MAILBOX_TASK = 'sync_mailbox'
export const SYNC_MAILBOX_MAX_ATTEMPTS = 3

export const SyncMailboxPayloadSchema = z.object({ mailboxId: z.string().min(1) })
export type SyncMailboxPayload = z.infer<typeof SyncMailboxPayloadSchema>

/** One waiting job per mailbox, however often the cron asks. */
export function syncMailboxJobKey(mailboxId: string) {
	return `sync-mailbox:${mailboxId}`
}

export async function enqueueMailboxSync(helpers: Pick<JobHelpers, 'addJob'>, mailboxId: string) {
	const payload: SyncMailboxPayload = { mailboxId }
	await helpers.addJob(SYNC_MAILBOX_TASK, payload, {
		jobKey: syncMailboxJobKey(mailboxId),
		maxAttempts: SYNC_MAILBOX_MAX_ATTEMPTS,
	})
}
