import { changeSequenceStatus } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'

// A sequence paused by an out-of-office (until the day after the return) or a "not now" with a day
// goes on by itself when its `resumeAt` comes: the cron job `resume_waiting_sequences` (every
// minute) resumes it as the drawer's Resume does — its unsent steps planned from now.

const BATCH = 200

/** Resumes the PAUSED sequences whose day has come; returns how many went on. */
export async function resumeWaitingSequences(now = new Date()) {
	const due = await prisma.sequence.findMany({
		where: { status: 'PAUSED', resumeAt: { lte: now } },
		select: { id: true, organizationId: true },
		orderBy: { resumeAt: 'asc' },
		take: BATCH,
	})
	let resumed = 0
	for (const sequence of due) {
		try {
			await changeSequenceStatus({
				organizationId: sequence.organizationId,
				sequenceId: sequence.id,
				status: 'ACTIVE',
				now,
			})
			resumed += 1
		} catch (error) {
			// It can no longer run (a step emptied, Gmail access gone): it stays paused for the user, who
			// sees why in the drawer; never tried again every minute.
			const why = error instanceof Error ? error.message : String(error)
			await prisma.sequence.updateMany({
				where: { id: sequence.id, status: 'PAUSED' },
				data: { resumeAt: null, resumeReason: `Could not go on by itself: ${why}`.slice(0, 300) },
			})
		}
	}
	return resumed
}
