import { CLEANUP_EXPIRED_SESSIONS_TASK } from '#app/jobs/cleanup-expired-sessions.ts'
import { REFRESH_ADMIN_FIGURES_TASK } from '#app/jobs/refresh-admin-figures.ts'
import { REQUEUE_STRANDED_EMAIL_STEPS_TASK } from '#app/jobs/requeue-stranded-email-steps.ts'
import { RESUME_WAITING_SEQUENCES_TASK } from '#app/jobs/resume-waiting-sequences.ts'
import { RUN_LINKEDIN_ACTIONS_TASK } from '#app/jobs/run-linkedin-actions.ts'
import { SYNC_ALL_MAILBOXES_TASK } from '#app/jobs/sync-all-mailboxes.ts'
import { REQUEUE_STRANDED_WEBHOOK_DELIVERIES_TASK } from '#app/jobs/requeue-stranded-webhook-deliveries.ts'

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
	// Resume the sequences an out-of-office or a "not now" reply paused until a day that has come.
	`* * * * * ${RESUME_WAITING_SEQUENCES_TASK}`,
	// The admin area's per-organization contact figures (decision 043).
	`* * * * * ${REFRESH_ADMIN_FIGURES_TASK}`,
	// Webhook deliveries whose job was lost or whose worker died get a job again (decision 042).
	`* * * * * ${REQUEUE_STRANDED_WEBHOOK_DELIVERIES_TASK}`,
].join('\n')
