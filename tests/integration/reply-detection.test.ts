import { describe, expect, test } from 'vitest'
import { isBounce, recordInboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { inboundReply as inbound, sentSequence } from '#tests/factories/sent-sequence.ts'

// Reply and bounce detection on sequences sent through the local outbox (the default for a user
// without Gmail): what a message found in a sequence's thread does to its steps and status.

async function outboxCount(organizationId: string) {
	return prisma.outboxMessage.count({ where: { organizationId } })
}

describe('a reply from the contact', () => {
	test('marks the step REPLIED, pauses the sequence, and the due follow-up never sends', async () => {
		const context = await sentSequence(1)
		const replyDate = new Date(Date.now() - 60_000)
		const { outcome } = await recordInboundMessage(inbound(context, { date: replyDate }))
		expect(outcome).toBe('REPLY')

		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: context.sequence.id },
			orderBy: { order: 'asc' },
		})
		expect(steps[0]).toMatchObject({ status: 'REPLIED', repliedAt: replyDate })
		expect(steps[1]!.status).toBe('SCHEDULED')
		const sequence = await prisma.sequence.findUniqueOrThrow({ where: { id: context.sequence.id } })
		expect(sequence.status).toBe('PAUSED')
		expect(sequence.stoppedAt).not.toBeNull()
		const events = await prisma.sequenceEvent.findMany({ where: { sequenceId: sequence.id, type: 'REPLY' } })
		expect(events).toHaveLength(1)
		expect(events[0]!.emailStepId).toBe(steps[0]!.id)
		const [message] = await prisma.conversationMessage.findMany({ where: { sequenceId: sequence.id } })
		expect(message).toMatchObject({
			isFromUser: false,
			fromAddress: context.contact.email,
			emailStepId: steps[0]!.id,
		})

		// The follow-up was due: its job now finds the sequence stopped and sends nothing.
		expect(await sendEmailStep(steps[1]!.id)).toBe('skipped')
		expect(await outboxCount(context.organization.id)).toBe(1)
	})

	test('answers the step its In-Reply-To names, not merely the latest one', async () => {
		const context = await sentSequence(2)
		await recordInboundMessage(inbound(context, { inReplyTo: context.steps[0]!.messageId, references: [] }))
		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: context.sequence.id },
			orderBy: { order: 'asc' },
		})
		expect(steps.map((step) => step.status)).toEqual(['REPLIED', 'SENT', 'SCHEDULED'])
	})

	test('without thread headers it answers the latest sent step', async () => {
		const context = await sentSequence(2)
		await recordInboundMessage(inbound(context, { inReplyTo: null, references: [] }))
		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: context.sequence.id },
			orderBy: { order: 'asc' },
		})
		expect(steps.map((step) => step.status)).toEqual(['SENT', 'REPLIED', 'SCHEDULED'])
	})

	test('is recorded once however often it is seen, also concurrently', async () => {
		const context = await sentSequence(1)
		const message = inbound(context)
		const outcomes = await Promise.all([recordInboundMessage(message), recordInboundMessage(message)])
		expect(outcomes.map((result) => result.outcome).sort()).toEqual(['DUPLICATE', 'REPLY'])
		expect((await recordInboundMessage(message)).outcome).toBe('DUPLICATE')
		expect(await prisma.conversationMessage.count({ where: { sequenceId: context.sequence.id } })).toBe(1)
		expect(
			await prisma.sequenceEvent.count({ where: { sequenceId: context.sequence.id, type: 'REPLY' } }),
		).toBe(1)
	})

	test('on a COMPLETED sequence is recorded and the sequence stays COMPLETED', async () => {
		const context = await sentSequence(3)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: context.sequence.id } })).status).toBe(
			'COMPLETED',
		)
		expect((await recordInboundMessage(inbound(context))).outcome).toBe('REPLY')
		const sequence = await prisma.sequence.findUniqueOrThrow({
			where: { id: context.sequence.id },
			include: { emailSteps: { orderBy: { order: 'asc' } } },
		})
		expect(sequence.status).toBe('COMPLETED')
		expect(sequence.emailSteps.map((step) => step.status)).toEqual(['SENT', 'SENT', 'REPLIED'])
	})

	test("another organization's sequence is not found and nothing changes", async () => {
		const context = await sentSequence(1)
		const intruder = await createSignedInUser()
		const { outcome } = await recordInboundMessage({
			...inbound(context),
			organizationId: intruder.organization.id,
		})
		expect(outcome).toBe('NOT_FOUND')
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: context.sequence.id } })).status).toBe(
			'ACTIVE',
		)
	})
})

describe("the user's own messages", () => {
	test('are never taken for a reply, whatever the case of the address', async () => {
		const context = await sentSequence(1)
		const own = await recordInboundMessage(inbound(context, { from: context.user.email.toUpperCase() }))
		expect(own.outcome).toBe('OWN')
		const labelled = await recordInboundMessage(
			inbound(context, { from: 'alias@example.com', sentByMailboxOwner: true }),
		)
		expect(labelled.outcome).toBe('OWN')

		const sequence = await prisma.sequence.findUniqueOrThrow({
			where: { id: context.sequence.id },
			include: { emailSteps: { orderBy: { order: 'asc' } }, messages: true },
		})
		expect(sequence.status).toBe('ACTIVE')
		expect(sequence.emailSteps[0]!.status).toBe('SENT')
		expect(sequence.messages.every((message) => message.isFromUser)).toBe(true)
		expect(await prisma.sequenceEvent.count({ where: { sequenceId: sequence.id, type: 'REPLY' } })).toBe(0)
		expect(await sendEmailStep(sequence.emailSteps[1]!.id)).toBe('sent')
	})

	test('our own sent step seen again in the thread records nothing', async () => {
		const context = await sentSequence(1)
		const step = context.steps[0]!
		const { outcome } = await recordInboundMessage(
			inbound(context, {
				providerMessageId: step.providerMessageId!,
				messageIdHeader: step.messageId,
				from: 'x@y.z',
			}),
		)
		expect(outcome).toBe('SENT_STEP')
		expect(await prisma.conversationMessage.count({ where: { sequenceId: context.sequence.id } })).toBe(0)
	})
})

describe('a bounce', () => {
	test('fails the step, flags the contact, cancels the rest and fails the sequence', async () => {
		const context = await sentSequence(1)
		const bounced = context.steps[0]!
		const report = inbound(context, {
			from: 'mailer-daemon@googlemail.com',
			subject: 'Delivery Status Notification (Failure)',
			inReplyTo: null,
			references: [],
			contentType: 'multipart/report; report-type=delivery-status; boundary="x"',
			reportText: `Action: failed\nStatus: 5.1.1\n\nMessage-ID: ${bounced.messageId}`,
		})
		expect((await recordInboundMessage(report)).outcome).toBe('BOUNCE')
		const steps = await prisma.emailStep.findMany({
			where: { sequenceId: context.sequence.id },
			orderBy: { order: 'asc' },
		})
		expect(steps[0]).toMatchObject({ status: 'FAILED', failureReason: "The contact's address bounced" })
		expect(steps.slice(1).map((step) => [step.status, step.failureReason])).toEqual([
			['CANCELED', "The contact's address bounced"],
			['CANCELED', "The contact's address bounced"],
		])
		expect(
			(await prisma.contact.findUniqueOrThrow({ where: { id: context.contact.id } })).emailBouncedAt,
		).not.toBeNull()
		const sequence = await prisma.sequence.findUniqueOrThrow({ where: { id: context.sequence.id } })
		expect(sequence).toMatchObject({ status: 'FAILED', failureReason: "The contact's address bounced" })
		const events = await prisma.sequenceEvent.findMany({ where: { sequenceId: sequence.id, type: 'BOUNCE' } })
		expect(events.map((event) => event.emailStepId)).toEqual([bounced.id])
		expect(await prisma.conversationMessage.count({ where: { sequenceId: sequence.id } })).toBe(0)

		// Seen again: nothing more.
		expect((await recordInboundMessage(report)).outcome).toBe('DUPLICATE')
		expect(await prisma.sequenceEvent.count({ where: { sequenceId: sequence.id, type: 'BOUNCE' } })).toBe(1)
		expect(await sendEmailStep(steps[1]!.id)).toBe('skipped')
		expect(await outboxCount(context.organization.id)).toBe(1)
	})

	test('is told apart from replies and delay notices', () => {
		const base = {
			from: 'lead@example.org',
			subject: 'Re: Quick question',
			headers: {},
			contentType: 'text/plain',
		}
		expect(isBounce(base)).toBe(false)
		expect(isBounce({ ...base, from: 'MAILER-DAEMON@mx.example.org' })).toBe(true)
		expect(isBounce({ ...base, from: 'postmaster@example.org' })).toBe(true)
		expect(isBounce({ ...base, headers: { 'x-failed-recipients': 'lead@example.org' } })).toBe(true)
		expect(isBounce({ ...base, contentType: 'multipart/report; report-type=delivery-status' })).toBe(true)
		expect(
			isBounce({
				...base,
				subject: 'Undeliverable: Quick question',
				headers: { 'auto-submitted': 'auto-replied' },
			}),
		).toBe(true)
		// An out-of-office is auto-submitted but not a failure; a delay is not final.
		expect(
			isBounce({ ...base, subject: 'Out of office', headers: { 'auto-submitted': 'auto-replied' } }),
		).toBe(false)
		expect(
			isBounce({
				...base,
				from: 'mailer-daemon@googlemail.com',
				subject: 'Delivery Status Notification (Delay)',
			}),
		).toBe(false)
	})
})
