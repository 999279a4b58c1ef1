import { prisma } from '#app/utils/db.server.ts'
import { generationJobKey } from './generate-sequence.server.ts'

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
		const keys = deleted.map((row) => generationJobKey(row.id))
		await tx.$executeRaw`SELECT graphile_worker.remove_job(key) FROM unnest(${keys}::text[]) AS key`
		return deleted.length
	})
}
