import { type PhoneCallOutcome, type Prisma } from '#app/generated/prisma/client.ts'
import { completeFinishedSequences } from '#app/models/sequence/complete-finished-sequences.server.ts'
import { DAY_MS } from '#app/models/sequence/send-window.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { CALL_MESSAGES, type CallOutcomeInput } from '#app/schemas/phone-call.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { WRONG_NUMBER_AT_KEY, WRONG_NUMBER_KEY } from './wrong-number.ts'

type LockedSequence = { id: string; status: string; creatorId: string | null; contactId: string }
type CallRow = {
	id: string
	order: number
	status: string
	outcome: PhoneCallOutcome | null
	notes: string
	completedAt: Date | null
}

export type RecordedCall = {
	/** recorded: logged now; already_recorded: the same call was logged before (a second submit). */
	result: 'recorded' | 'already_recorded'
	step: { id: string; outcome: PhoneCallOutcome | null; notes: string; completedAt: string | null }
	sequenceId: string
	/** The sequence had nothing left to do on any channel and is COMPLETED. */
	sequenceCompleted: boolean
	/** When the sequence's next call is now planned, if it has one. */
	nextCallAt: string | null
}

/**
 * "Mark call done" (the Calls page, POST /api/v1/calls/:stepId/outcome): the step SUCCESS with its
 * outcome, notes, when and by whom, in one transaction that locks the Sequence row first — the lock
 * a reply, a status change and the step edits take — so a call is never logged on a sequence a
 * reply just stopped. The sequence's later calls are planned from now (the first `daysAfter` days
 * from now, each later one after the one before) and the sequence completes when nothing is left.
 * A call already logged answers `already_recorded` with what was logged (a double submit is not
 * an error); a call of a sequence that is not ACTIVE, or a step no longer SCHEDULED, is refused
 * (409). Members log the calls of the sequences they created; owners and admins any of the
 * organization's (`canLogAll`). Anything else is 404.
 */
export async function recordCallOutcome({
	organizationId,
	userId,
	canLogAll,
	stepId,
	input,
	now = new Date(),
}: {
	organizationId: string
	userId: string
	canLogAll: boolean
	stepId: string
	input: CallOutcomeInput
	now?: Date
}): Promise<RecordedCall> {
	return prisma.$transaction(
		async (tx) => {
			const found = await tx.phoneCallStep.findFirst({
				where: { id: stepId, organizationId },
				select: { sequenceId: true },
			})
			if (!found) throw new SequenceRuleError(CALL_MESSAGES.callNotFound, 404)
			const [sequence] = await tx.$queryRaw<LockedSequence[]>`
				SELECT id, status::text AS status, "creatorId", "contactId" FROM "Sequence"
				WHERE id = ${found.sequenceId} AND "organizationId" = ${organizationId}
				FOR UPDATE`
			if (!sequence || (!canLogAll && sequence.creatorId !== userId))
				throw new SequenceRuleError(CALL_MESSAGES.callNotFound, 404)
			// Read again under the lock: a concurrent submit of the same call has finished by now.
			const [step] = await tx.$queryRaw<CallRow[]>`
				SELECT id, "order", status::text AS status, outcome, notes, "completedAt"
				FROM "PhoneCallStep" WHERE id = ${stepId}`
			if (!step) throw new SequenceRuleError(CALL_MESSAGES.callNotFound, 404)
			if (step.status === 'SUCCESS') {
				return {
					result: 'already_recorded' as const,
					step: stepView(step),
					sequenceId: sequence.id,
					sequenceCompleted: sequence.status === 'COMPLETED',
					nextCallAt: await nextCallAt(tx, sequence.id),
				}
			}
			if (sequence.status !== 'ACTIVE')
				throw new SequenceRuleError(CALL_MESSAGES.sequenceNotActive(sequence.status), 409)
			if (step.status !== 'SCHEDULED') throw new SequenceRuleError(CALL_MESSAGES.notScheduled, 409)

			const [logged] = await tx.$queryRaw<CallRow[]>`
				UPDATE "PhoneCallStep" SET status = 'SUCCESS', outcome = ${input.outcome}::"PhoneCallOutcome",
					notes = ${input.notes}, "completedAt" = ${now}, "completedById" = ${userId}, "updatedAt" = now()
				WHERE id = ${stepId}
				RETURNING id, "order", status::text AS status, outcome, notes, "completedAt"`
			await planLaterCalls(tx, sequence.id, step.order, now)
			await flagContact(tx, sequence.contactId, input.outcome, now)
			const completed = await completeFinishedSequences(prismaRun(tx), [sequence.id], now)
			return {
				result: 'recorded' as const,
				step: stepView(logged!),
				sequenceId: sequence.id,
				sequenceCompleted: completed.includes(sequence.id),
				nextCallAt: await nextCallAt(tx, sequence.id),
			}
		},
		{ timeout: 15_000 },
	)
}

type Tx = Prisma.TransactionClient

function stepView(step: CallRow) {
	return {
		id: step.id,
		outcome: step.outcome,
		notes: step.notes,
		completedAt: step.completedAt?.toISOString() ?? null,
	}
}

/** The calls after this one, still to make: the next `daysAfter` days from now, each later one after the one before. */
async function planLaterCalls(tx: Tx, sequenceId: string, order: number, now: Date) {
	const later = await tx.phoneCallStep.findMany({
		where: { sequenceId, order: { gt: order }, status: 'SCHEDULED' },
		orderBy: { order: 'asc' },
		select: { id: true, daysAfter: true },
	})
	let previous = now.getTime()
	for (const call of later) {
		previous += Math.max(0, call.daysAfter) * DAY_MS
		await tx.phoneCallStep.update({
			where: { id: call.id },
			data: { scheduledFor: new Date(previous) },
			select: { id: true },
		})
	}
}

async function nextCallAt(tx: Tx, sequenceId: string) {
	const next = await tx.phoneCallStep.findFirst({
		where: { sequenceId, status: 'SCHEDULED' },
		orderBy: { order: 'asc' },
		select: { scheduledFor: true },
	})
	return next?.scheduledFor?.toISOString() ?? null
}

/**
 * A conversation or a voicemail is contact: the contact's last contacted date moves. A wrong number
 * flags the number called on the contact (wrong-number.ts), so the Calls page warns until the
 * phone is corrected.
 */
async function flagContact(tx: Tx, contactId: string, outcome: PhoneCallOutcome, now: Date) {
	if (outcome === 'CONNECTED' || outcome === 'VOICEMAIL') {
		await tx.$executeRaw`
			UPDATE "Contact" SET "lastContactedAt" = GREATEST(COALESCE("lastContactedAt", ${now}), ${now}),
				"updatedAt" = now()
			WHERE id = ${contactId}`
	} else if (outcome === 'WRONG_NUMBER') {
		await tx.$executeRaw`
			UPDATE "Contact" SET metadata = COALESCE(metadata, '{}'::jsonb) || jsonb_build_object(
					${WRONG_NUMBER_KEY}::text, btrim(COALESCE(phone, '')), ${WRONG_NUMBER_AT_KEY}::text, ${now.toISOString()}::text),
				"updatedAt" = now()
			WHERE id = ${contactId}`
	}
}
