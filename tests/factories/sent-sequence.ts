import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { type InboundMessage } from '#app/models/conversation/reply-detection.server.ts'
import { sendEmailStep } from '#app/models/sequence/email-dispatch.server.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// A sequence sent through the local outbox (the default for a user without Gmail) and a message
// found in its thread: what reply detection and reply intent are tested on.

/** An ACTIVE sequence of three steps whose first `sent` steps went out (all due at once). */
export async function sentSequence(sent = 1) {
	const { user, organization, cookie } = await createSignedInUser()
	const sequence = await insertSequence({
		organizationId: organization.id,
		user,
		steps: [{ daysAfter: 0 }, { daysAfter: 0 }, { daysAfter: 0 }],
	})
	await activateSequences(organization.id, [sequence.id])
	for (const step of sequence.emailSteps.slice(0, sent)) expect(await sendEmailStep(step.id)).toBe('sent')
	const steps = await prisma.emailStep.findMany({
		where: { sequenceId: sequence.id },
		orderBy: { order: 'asc' },
	})
	const contact = await prisma.contact.findUniqueOrThrow({ where: { id: sequence.contactId } })
	return { user, organization, cookie, sequence, steps, contact }
}

export function inboundReply(
	context: Awaited<ReturnType<typeof sentSequence>>,
	overrides: Partial<InboundMessage> = {},
): InboundMessage {
	const answered = context.steps.filter((step) => step.sentAt).at(-1)!
	return {
		organizationId: context.organization.id,
		sequenceId: context.sequence.id,
		providerMessageId: `gmail-${randomUUID()}`,
		from: context.contact.email!,
		to: context.user.email,
		date: new Date(),
		subject: 'Re: Quick question',
		text: 'Sounds good, call me Tuesday.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Sally wrote:\n> Hello',
		html: '<p>Sounds good, call me Tuesday.</p>',
		messageIdHeader: `<${randomUUID()}@mail.example.org>`,
		inReplyTo: answered.messageId,
		references: context.steps.flatMap((step) => (step.sentAt && step.messageId ? [step.messageId] : [])),
		...overrides,
	}
}
