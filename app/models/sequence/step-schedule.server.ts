import { type StepHold } from '#app/schemas/sequence-drawer.ts'
import { prisma } from '#app/utils/db.server.ts'
import { pickTimeZone } from './send-window.ts'

/**
 * When each email step of a sequence goes (or went) and, while it waits, why (decision 014):
 * the dispatcher and the planner record a window or cap hold on the step; an earlier step still
 * to send and a paused sequence are read from the sequence itself. Null for another
 * organization's sequence.
 */
export async function getStepSchedule(organizationId: string, sequenceId: string, now = new Date()) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: {
			status: true,
			organization: { select: { timeZone: true } },
			contact: { select: { timeZone: true } },
			emailSteps: {
				select: { id: true, status: true, scheduledFor: true, sentAt: true, holdReason: true },
				orderBy: { order: 'asc' },
			},
		},
	})
	if (!sequence) return null
	const organization = pickTimeZone(sequence.organization.timeZone)
	return {
		timeZones: { organization, contact: pickTimeZone(sequence.contact.timeZone, organization) },
		steps: new Map(
			sequence.emailSteps.map((step, index) => {
				const earlier = sequence.emailSteps.slice(0, index)
				return [
					step.id,
					{
						plannedAt: UNSENT.includes(step.status) ? step.scheduledFor : null,
						sentAt: step.sentAt,
						hold: stepHold({ sequenceStatus: sequence.status, step, earlier, now }),
					},
				]
			}),
		),
	}
}

const UNSENT = ['PENDING', 'DRAFT', 'SCHEDULED']

/** Why a step waits, from the sequence's state and what the planner and dispatcher recorded. */
export function stepHold({
	sequenceStatus,
	step,
	earlier,
	now,
}: {
	sequenceStatus: string
	step: { status: string; scheduledFor: Date | null; holdReason: string | null }
	earlier: Array<{ status: string }>
	now: Date
}): StepHold | null {
	if (step.status !== 'SCHEDULED') return null
	if (sequenceStatus === 'PAUSED') return 'PAUSED'
	if (sequenceStatus !== 'ACTIVE') return null
	if (earlier.some((previous) => ['SCHEDULED', 'SENDING'].includes(previous.status))) return 'EARLIER_STEP'
	if (!step.scheduledFor || step.scheduledFor.getTime() <= now.getTime()) return null
	return step.holdReason === 'WINDOW' || step.holdReason === 'DAILY_CAP' ? step.holdReason : null
}
