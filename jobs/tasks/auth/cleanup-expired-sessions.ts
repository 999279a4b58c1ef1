import type { Task } from 'graphile-worker'
import { CleanupExpiredSessionsPayloadSchema } from '#app/jobs/cleanup-expired-sessions.ts'
import { deleteExpiredSessions } from '#app/models/session/session.server.ts'

/** Nightly (jobs/crontab.ts): removes expired sessions and those revoked over a week ago. */
export const cleanupExpiredSessions: Task = async (payload, helpers) => {
	CleanupExpiredSessionsPayloadSchema.parse(payload)
	const count = await deleteExpiredSessions()
	helpers.logger.info(`Deleted ${count} expired or revoked sessions`)
}
