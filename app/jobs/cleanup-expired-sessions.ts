// Job `cleanup_expired_sessions`: nightly cron (jobs/crontab.ts); removes expired sessions and
// those revoked over a week ago. Run by jobs/tasks/auth/cleanup-expired-sessions.ts.
import { CronPayloadSchema } from './cron-payload.ts'

export const CLEANUP_EXPIRED_SESSIONS_TASK = 'cleanup_expired_sessions'

export const CleanupExpiredSessionsPayloadSchema = CronPayloadSchema
