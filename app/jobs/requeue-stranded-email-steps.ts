// Job `requeue_stranded_email_steps` (decision 009): cron every minute (jobs/crontab.ts); re-adds
// the send jobs of overdue or stranded email steps. Run by
// jobs/tasks/sequences/requeue-stranded-email-steps.ts.
import { CronPayloadSchema } from './cron-payload.ts'

export const REQUEUE_STRANDED_EMAIL_STEPS_TASK = 'requeue_stranded_email_steps'

export const RequeueStrandedEmailStepsPayloadSchema = CronPayloadSchema
