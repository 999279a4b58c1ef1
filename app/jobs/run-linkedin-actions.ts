// Job `run_linkedin_actions` (decision 029): cron every minute (jobs/crontab.ts), on its own queue so
// passes never overlap; releases LinkedIn claims whose executor vanished and carries out the due
// actions of the accounts that allow server-side actions. Run by jobs/tasks/linkedin/run-linkedin-actions.ts.
import { CronPayloadSchema } from './cron-payload.ts'

export const RUN_LINKEDIN_ACTIONS_TASK = 'run_linkedin_actions'

export const RunLinkedInActionsPayloadSchema = CronPayloadSchema
