import { enqueueEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { setStepNote } from '#app/models/step-ledger/step-note.server.ts'
import { SequenceRuleError } from './sequence-status.server.ts'

/**
 * The drawer's Retry on a FAILED email step (decision 013): the step is SCHEDULED for now with
 * its attempts reset and its job added, and the sequence the failure stopped is ACTIVE again
 * with the steps that failure cancelled. The one way out of FAILED: the user fixed the cause
 * (the server, the password, the message). A step that bounced, or a contact who unsubscribed,
 * cannot be retried. Scoped to the organization: another's sequence is not found.
 */
export async function retryFailedEmailStep({
	organizationId,
	sequenceId,
	stepId,
	now = new Date(),
}: {
	organizationId: string
	sequenceId: string
	stepId: string
	now?: Date
}) {
	return prisma.$transaction(async (tx) => {
		// The sequence row first: the lock the dispatcher's claim and every status change take.
		const [sequence] = await tx.$queryRaw<
			Array<{ status: string; failureReason: string | null; bounced: boolean; unsubscribed: boolean }>
		>`
			SELECT s.status::text AS status, s."failureReason",
				c."emailBouncedAt" IS NOT NULL AS bounced, c."unsubscribedAt" IS NOT NULL AS unsubscribed
			FROM "Sequence" s JOIN "Contact" c ON c.id = s."contactId"
			WHERE s.id = ${sequenceId} AND s."organizationId" = ${organizationId}
			FOR UPDATE OF s`
		if (!sequence) throw new SequenceRuleError('Sequence not found', 404)
		const step = await tx.emailStep.findFirst({
			where: { id: stepId, sequenceId, organizationId },
			select: { id: true, order: true, status: true, failureReason: true },
		})
		if (!step) throw new SequenceRuleError('Step not found', 404)
		if (step.status !== 'FAILED') throw new SequenceRuleError('Only a failed step can be retried', 409)
		if (sequence.bounced) throw new SequenceRuleError("The contact's address bounced", 409)
		if (sequence.unsubscribed) throw new SequenceRuleError('The contact unsubscribed', 409)
		if (sequence.status !== 'FAILED' || sequence.failureReason !== step.failureReason)
			throw new SequenceRuleError('This sequence was stopped for another reason and cannot be retried', 409)

		// The later steps the failure cancelled come back: email steps (they carry its reason) are
		// planned again when this one sends; LinkedIn and phone-call steps keep their planned times
		// (nothing else cancels them while the sequence stays FAILED).
		await setStepNote(prismaRun(tx), { reason: 'RETRY_BY_HAND' })
		await tx.emailStep.updateMany({
			where: { sequenceId, status: 'CANCELED', failureReason: step.failureReason, order: { gt: step.order } },
			data: { status: 'PENDING', failureReason: null },
		})
		for (const table of ['linkedInStep', 'phoneCallStep'] as const) {
			await (tx[table] as typeof tx.linkedInStep).updateMany({
				where: { sequenceId, status: 'CANCELED' },
				data: { status: 'SCHEDULED' },
			})
		}
		await tx.emailStep.update({
			where: { id: step.id },
			data: {
				status: 'SCHEDULED',
				scheduledFor: now,
				sendingStartedAt: null,
				sendAttempts: 0,
				lastError: null,
				failedAt: null,
				failureReason: null,
			},
		})
		await tx.sequence.update({
			where: { id: sequenceId },
			data: { status: 'ACTIVE', failureReason: null, stoppedAt: null },
		})
		await enqueueEmailStepJobs(prismaRun(tx), [{ stepId: step.id, runAt: now }])
		return { id: step.id }
	})
}
