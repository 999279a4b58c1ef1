import type { TaskList } from 'graphile-worker'
import { generateSequenceTask } from './tasks/assistant/generate-sequence.ts'
import { cleanupExpiredSessions } from './tasks/auth/cleanup-expired-sessions.ts'
import { parseDocument } from './tasks/documents/parse-document.ts'
import { syncAllMailboxesTask } from './tasks/mailboxes/sync-all-mailboxes.ts'
import { syncMailboxTask } from './tasks/mailboxes/sync-mailbox.ts'
import { requeueStrandedEmailStepsTask } from './tasks/sequences/requeue-stranded-email-steps.ts'
import { sendEmailStepTask } from './tasks/sequences/send-email-step.ts'

/**
 * Every task the worker runs, by name. Each task validates its payload with zod
 * and calls app/models; add new ones here and in jobs/tasks/<domain>/.
 */
export const taskList: TaskList = {
	cleanup_expired_sessions: cleanupExpiredSessions,
	generate_sequence: generateSequenceTask,
	parse_document: parseDocument,
	send_email_step: sendEmailStepTask,
	requeue_stranded_email_steps: requeueStrandedEmailStepsTask,
	sync_mailbox: syncMailboxTask,
	sync_all_mailboxes: syncAllMailboxesTask,
}
