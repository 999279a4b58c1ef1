// Job `sync_all_mailboxes`: cron every 2 minutes (jobs/crontab.ts); adds one `sync_mailbox` job
// per Gmail or IMAP mailbox with sequences to watch. Run by jobs/tasks/mailboxes/sync-all-mailboxes.ts.
import { CronPayloadSchema } from './cron-payload.ts'

export const SYNC_ALL_MAILBOXES_TASK = 'sync_all_mailboxes'

export const SyncAllMailboxesPayloadSchema = CronPayloadSchema
