import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { deleteExpiredSessions } from '#app/models/session/session.server.ts'

// Cron sends `{ _cron: { ts, backfilled } }`; a manual run may send nothing.
const PayloadSchema = z.looseObject({}).nullish()

/** Nightly (jobs/crontab.ts): removes expired sessions and those revoked over a week ago. */
export const cleanupExpiredSessions: Task = async (payload, helpers) => {
	PayloadSchema.parse(payload)
	const count = await deleteExpiredSessions()
	helpers.logger.info(`Deleted ${count} expired or revoked sessions`)
}
