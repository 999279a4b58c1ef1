// The job of a Queueable (a user-visible background job, app/models/queueable): whatever its
// task, its payload is `{ queueableId }` (the work's input is the row's own `payload`) and its key
// `queueable:<id>`, so enqueueing the same queueable twice is a no-op. Added by createQueueable
// with the row, in one transaction. Tasks that run queueables: parse_document, import_companies.
import { z } from 'zod'
import { type SqlRun } from '#app/utils/sql-run.server.ts'
import { addKeyedJob } from './add-keyed-job.ts'

export const QueueableJobPayloadSchema = z.object({ queueableId: z.string().min(1) })
export type QueueableJobPayload = z.infer<typeof QueueableJobPayloadSchema>

export function queueableJobKey(queueableId: string) {
	return `queueable:${queueableId}`
}

export async function enqueueQueueableJob(
	run: SqlRun,
	{ task, queueableId, maxAttempts }: { task: string; queueableId: string; maxAttempts: number },
) {
	const payload: QueueableJobPayload = { queueableId }
	await addKeyedJob(run, { task, payload, key: queueableJobKey(queueableId), maxAttempts, keepRunAt: true })
}
