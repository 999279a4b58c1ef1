import type { Task } from 'graphile-worker'
import { ImportCompaniesPayloadSchema } from '#app/jobs/import-companies.ts'
import { runCompanyImport } from '#app/models/company-import/process-company-import.server.ts'

/** Processes a company import: rows parsed, checked, de-duplicated and enriched, then PREVIEWING. */
export const importCompaniesTask: Task = async (payload, helpers) => {
	const { queueableId } = ImportCompaniesPayloadSchema.parse(payload)
	await runCompanyImport(queueableId, { isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts })
}
