import type { TaskList } from 'graphile-worker'
import { CLEANUP_EXPIRED_SESSIONS_TASK } from '#app/jobs/cleanup-expired-sessions.ts'
import { GENERATE_SEQUENCE_TASK } from '#app/jobs/generate-sequence.ts'
import { IMPORT_COMPANIES_TASK } from '#app/jobs/import-companies.ts'
import { IMPORT_LEADS_TASK } from '#app/jobs/import-leads.ts'
import { PARSE_DOCUMENT_TASK } from '#app/jobs/parse-document.ts'
import { REFRESH_ADMIN_FIGURES_TASK } from '#app/jobs/refresh-admin-figures.ts'
import { REQUEUE_STRANDED_EMAIL_STEPS_TASK } from '#app/jobs/requeue-stranded-email-steps.ts'
import { RESUME_WAITING_SEQUENCES_TASK } from '#app/jobs/resume-waiting-sequences.ts'
import { NOTIFY_REPLY_OWNER_TASK } from '#app/jobs/notify-reply-owner.ts'
import { READ_LINKEDIN_REPLY_INTENT_TASK } from '#app/jobs/read-linkedin-reply-intent.ts'
import { SEARCH_CONTACTS_TASK } from '#app/jobs/search-contacts.ts'
import { RUN_LINKEDIN_ACTIONS_TASK } from '#app/jobs/run-linkedin-actions.ts'
import { SEND_EMAIL_STEP_TASK } from '#app/jobs/send-email-step.ts'
import { SYNC_ALL_MAILBOXES_TASK } from '#app/jobs/sync-all-mailboxes.ts'
import { SYNC_MAILBOX_TASK } from '#app/jobs/sync-mailbox.ts'
import { refreshAdminFiguresTask } from './tasks/admin/refresh-admin-figures.ts'
import { DELIVER_WEBHOOKS_TASK } from '#app/jobs/deliver-webhooks.ts'
import { REQUEUE_STRANDED_WEBHOOK_DELIVERIES_TASK } from '#app/jobs/requeue-stranded-webhook-deliveries.ts'
import { generateSequenceTask } from './tasks/assistant/generate-sequence.ts'
import { cleanupExpiredSessions } from './tasks/auth/cleanup-expired-sessions.ts'
import { importCompaniesTask } from './tasks/companies/import-companies.ts'
import { parseDocument } from './tasks/documents/parse-document.ts'
import { searchContactsTask } from './tasks/contact-search/search-contacts.ts'
import { importLeadsTask } from './tasks/leads/import-leads.ts'
import { readLinkedInReplyIntentTask } from './tasks/linkedin/read-linkedin-reply-intent.ts'
import { runLinkedInActionsTask } from './tasks/linkedin/run-linkedin-actions.ts'
import { syncAllMailboxesTask } from './tasks/mailboxes/sync-all-mailboxes.ts'
import { syncMailboxTask } from './tasks/mailboxes/sync-mailbox.ts'
import { requeueStrandedEmailStepsTask } from './tasks/sequences/requeue-stranded-email-steps.ts'
import { resumeWaitingSequencesTask } from './tasks/sequences/resume-waiting-sequences.ts'
import { notifyReplyOwnerTask } from './tasks/sequences/notify-reply-owner.ts'
import { sendEmailStepTask } from './tasks/sequences/send-email-step.ts'
import { deliverWebhooksTask } from './tasks/webhooks/deliver-webhooks.ts'
import { requeueStrandedWebhookDeliveriesTask } from './tasks/webhooks/requeue-stranded-webhook-deliveries.ts'

/**
 * Every task the worker runs, by name. Each job has one module in app/jobs/<task-name>.ts (its
 * name, payload schema, key and enqueue helper), shared by the models that add it and the task
 * in jobs/tasks/<domain>/ that runs it; add new ones in both places and here.
 */
export const taskList: TaskList = {
	[CLEANUP_EXPIRED_SESSIONS_TASK]: cleanupExpiredSessions,
	[GENERATE_SEQUENCE_TASK]: generateSequenceTask,
	[PARSE_DOCUMENT_TASK]: parseDocument,
	[IMPORT_COMPANIES_TASK]: importCompaniesTask,
	[IMPORT_LEADS_TASK]: importLeadsTask,
	[SEND_EMAIL_STEP_TASK]: sendEmailStepTask,
	[REQUEUE_STRANDED_EMAIL_STEPS_TASK]: requeueStrandedEmailStepsTask,
	[SYNC_MAILBOX_TASK]: syncMailboxTask,
	[SYNC_ALL_MAILBOXES_TASK]: syncAllMailboxesTask,
	[RUN_LINKEDIN_ACTIONS_TASK]: runLinkedInActionsTask,
	[REFRESH_ADMIN_FIGURES_TASK]: refreshAdminFiguresTask,
	[SEARCH_CONTACTS_TASK]: searchContactsTask,
	[RESUME_WAITING_SEQUENCES_TASK]: resumeWaitingSequencesTask,
	[NOTIFY_REPLY_OWNER_TASK]: notifyReplyOwnerTask,
	[READ_LINKEDIN_REPLY_INTENT_TASK]: readLinkedInReplyIntentTask,
	[DELIVER_WEBHOOKS_TASK]: deliverWebhooksTask,
	[REQUEUE_STRANDED_WEBHOOK_DELIVERIES_TASK]: requeueStrandedWebhookDeliveriesTask,
}
