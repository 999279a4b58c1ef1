import type { Task } from 'graphile-worker'
import { ParseDocumentPayloadSchema } from '#app/jobs/parse-document.ts'
import { runDocumentParse } from '#app/models/document/parse-document.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/** Extracts an uploaded PDF's text into its queueable's result, page by page (app/models/document). */
export const parseDocument: Task = async (payload, helpers) => {
	const { queueableId } = ParseDocumentPayloadSchema.parse(payload)
	await runDocumentParse(queueableId, {
		pageDelayMs: getEnv().DOCUMENT_PARSE_PAGE_DELAY_MS,
		isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts,
	})
}
