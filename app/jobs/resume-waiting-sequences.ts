// Job `resume_waiting_sequences`: cron every minute (jobs/crontab.ts); resumes the sequences an
// out-of-office or a "not now" reply paused until a day that has come. Run by
// jobs/tasks/sequences/resume-waiting-sequences.ts.
import { CronPayloadSchema } from './cron-payload.ts'

export const RESUME_WAITING_SEQUENCES_TASK = 'resume_waiting_sequences'

export const ResumeWaitingSequencesPayloadSchema = CronPayloadSchema
