// Job `requeue_stranded_webhook_deliveries` (decision 042): cron, every minute; run by
// jobs/tasks/webhooks/requeue-stranded-webhook-deliveries.ts.
export const REQUEUE_STRANDED_WEBHOOK_DELIVERIES_TASK = 'requeue_stranded_webhook_deliveries'
