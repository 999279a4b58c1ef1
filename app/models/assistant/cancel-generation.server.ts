import { removeSequenceGenerationJobs } from '#app/jobs/generate-sequence.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'

/**
 * Cancels generations: deletes the organization's sequences among `sequenceIds` that are still
 * CREATING, and their pending generate_sequence jobs, in one transaction. A job already running
 * keeps running but writes nothing: runSequenceGeneration saves only while the row is CREATING,
 * under FOR UPDATE, so whichever commits first wins (a sequence written meanwhile is not deleted,
 * as the DELETE re-checks its status after the lock). remove_job deletes an unlocked job, and
 * stops a locked one from being retried. Returns how many were cancelled.
 */
export async function cancelSequenceGenerations(organizationId: string, sequenceIds: string[]) {
	const ids = [...new Set(sequenceIds)].filter(Boolean)
	if (ids.length === 0) return 0
	return prisma.$transaction(async (tx) => {
		const deleted = await tx.$queryRaw<Array<{ id: string }>>`
			DELETE FROM "Sequence"
			WHERE id = ANY(${ids}::text[]) AND "organizationId" = ${organizationId} AND status = 'CREATING'
			RETURNING id`
		if (deleted.length === 0) return 0
		await removeSequenceGenerationJobs(
			prismaRun(tx),
			deleted.map((row) => row.id),
		)
		return deleted.length
	})
}
