import { CLEANUP_EXPIRED_SESSIONS_TASK } from '#app/jobs/cleanup-expired-sessions.ts'
import { REQUEUE_STRANDED_EMAIL_STEPS_TASK } from '#app/jobs/requeue-stranded-email-steps.ts'
import { SYNC_ALL_MAILBOXES_TASK } from '#app/jobs/sync-all-mailboxes.ts'

/** Graphile Worker crontab lines (https://worker.graphile.org/docs/cron). */
export const crontab = [
	// Remove expired sessions and stale uploads every night.
	`0 3 * * * ${CLEANUP_EXPIRED_SESSIONS_TASK}`,
	// Re-add send jobs of email steps a dead worker left behind.
	`* * * * * ${REQUEUE_STRANDED_EMAIL_STEPS_TASK}`,
	// Look for replies and bounces in the Gmail and IMAP mailboxes that have sequences to watch
	// (IMAP_SYNC_INTERVAL_MINUTES in app/models/conversation/imap-sync.server.ts says the same).
	`*/2 * * * * ${SYNC_ALL_MAILBOXES_TASK}`,
].join('\n')
