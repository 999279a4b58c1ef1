import { type Prisma, type StepStatus } from '#app/generated/prisma/client.ts'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { insertContact } from './contact.ts'

// Sequences for tests, written straight to the database in any state.

export type StepInput = {
	subject?: string
	bodyHtml?: string
	bodyText?: string
	daysAfter?: number
	status?: StepStatus
}

/**
 * A sequence for `contactId` (a new contact when omitted) from the user's own mailbox,
 * with `steps` email steps (default: three, 0/3/4 days after, PENDING).
 */
export async function insertSequence({
	organizationId,
	user,
	contactId,
	status = 'PENDING',
	subject = 'Quick question',
	steps = [{ daysAfter: 0 }, { daysAfter: 3 }, { daysAfter: 4 }],
	linkedInSteps = [],
	data = {},
}: {
	organizationId: string
	user: { id: string; email: string; name?: string | null }
	contactId?: string
	status?: Prisma.SequenceCreateInput['status']
	subject?: string
	steps?: StepInput[]
	linkedInSteps?: Array<
		Partial<Omit<Prisma.LinkedInStepUncheckedCreateInput, 'sequenceId' | 'organizationId'>>
	>
	data?: Partial<Omit<Prisma.SequenceUncheckedCreateInput, 'organizationId' | 'contactId'>>
}) {
	const mailbox = await ensureUserMailbox({
		organizationId,
		userId: user.id,
		email: user.email,
		name: user.name,
	})
	const contact = contactId
		? { id: contactId }
		: await insertContact(organizationId, {
				email: `lead-${Math.random().toString(36).slice(2, 10)}@example.org`,
			})
	return prisma.sequence.create({
		data: {
			organizationId,
			contactId: contact.id,
			creatorId: user.id,
			mailboxId: mailbox.id,
			status,
			subject,
			...data,
			emailSteps: {
				create: steps.map((step, index) => ({
					organizationId,
					order: index + 1,
					subject: index === 0 ? subject : `Re: ${subject}`,
					bodyHtml: step.bodyHtml ?? `<p>Hello, this is email ${index + 1}.</p>`,
					bodyText: step.bodyText ?? `Hello, this is email ${index + 1}.`,
					daysAfter: step.daysAfter ?? 0,
					status: step.status ?? 'PENDING',
					emailAddressId: mailbox.id,
				})),
			},
			linkedInSteps: {
				create: linkedInSteps.map((step, index) => ({ organizationId, order: index + 1, ...step })),
			},
		},
		include: { emailSteps: { orderBy: { order: 'asc' } }, linkedInSteps: { orderBy: { order: 'asc' } } },
	})
}
