/** Graphile Worker crontab lines (https://worker.graphile.org/docs/cron). */
export const crontab = [
	// Remove expired sessions and stale uploads every night.
	'0 3 * * * cleanup_expired_sessions',
	// Re-add send jobs of email steps a dead worker left behind.
	'* * * * * requeue_stranded_email_steps',
	// Look for replies and bounces in the Gmail mailboxes that have sequences to watch.
	'*/2 * * * * sync_all_mailboxes',
].join('\n')
