import { CLEANUP_EXPIRED_SESSIONS_TASK } from '#app/jobs/cleanup-expired-sessions.ts'
import { REQUEUE_STRANDED_EMAIL_STEPS_TASK } from '#app/jobs/requeue-stranded-email-steps.ts'
import { RUN_LINKEDIN_ACTIONS_TASK } from '#app/jobs/run-linkedin-actions.ts'
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
	// Carry out the LinkedIn actions of accounts that allow the server to act, and release claims
	// whose executor vanished; its own queue, so one pass at a time.
	`* * * * * ${RUN_LINKEDIN_ACTIONS_TASK} ?queue=linkedin`,
].join('\n')
