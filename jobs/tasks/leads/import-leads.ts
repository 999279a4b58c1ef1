import type { Task } from 'graphile-worker'
import { ImportLeadsPayloadSchema } from '#app/jobs/import-leads.ts'
import { runLeadImport } from '#app/models/lead-import/process-lead-import.server.ts'

/** Extracts a lead import's people from its source; the import is then READY for review. */
export const importLeadsTask: Task = async (payload, helpers) => {
	const { queueableId } = ImportLeadsPayloadSchema.parse(payload)
	await runLeadImport(queueableId, { isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts })
}
