import { isSentEmailStep, isSentLinkedInStep } from '#app/schemas/sequence-progress.ts'
import { prisma } from '#app/utils/db.server.ts'

/**
 * GET /sequences/:id/stats: step counts and events. `clicked` counts the email steps with at
 * least one click, `clicks` all clicks; opens are not tracked (no pixel), so there is none.
 * Null when the sequence is not the organization's.
 */
export async function getSequenceStats(organizationId: string, sequenceId: string) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: {
			emailSteps: {
				select: { id: true, order: true, status: true, sentAt: true },
				orderBy: { order: 'asc' },
			},
			linkedInSteps: { select: { status: true } },
			_count: { select: { phoneCallSteps: true } },
		},
	})
	if (!sequence) return null
	const events = await prisma.sequenceEvent.groupBy({
		by: ['type', 'emailStepId'],
		// A scanner's clicks are not clicks here (decision 044; the analytics count them apart).
		where: { organizationId, sequenceId, OR: [{ type: { not: 'LINK_CLICK' } }, { botReason: null }] },
		_count: { _all: true },
	})
	const count = (type: string) =>
		events.filter((row) => row.type === type).reduce((sum, row) => sum + row._count._all, 0)
	const clicksByStep = new Map<string, number>()
	for (const row of events) {
		if (row.type === 'LINK_CLICK' && row.emailStepId) clicksByStep.set(row.emailStepId, row._count._all)
	}
	const { emailSteps, linkedInSteps } = sequence
	const replied = [...emailSteps, ...linkedInSteps].filter((step) => step.status === 'REPLIED').length
	return {
		steps: emailSteps.length + linkedInSteps.length + sequence._count.phoneCallSteps,
		sent: emailSteps.filter(isSentEmailStep).length + linkedInSteps.filter(isSentLinkedInStep).length,
		replied,
		clicked: clicksByStep.size,
		clicks: count('LINK_CLICK'),
		bounced: count('BOUNCE'),
		unsubscribed: count('UNSUBSCRIBE'),
		perStep: emailSteps.map((step) => ({
			stepId: step.id,
			order: step.order,
			status: step.status,
			sentAt: step.sentAt,
			clicks: clicksByStep.get(step.id) ?? 0,
		})),
	}
}
export type SequenceStats = NonNullable<Awaited<ReturnType<typeof getSequenceStats>>>
