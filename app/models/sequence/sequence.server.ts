import { type Prisma, type SequenceStatus } from '#app/generated/prisma/client.ts'
import { findUsableMailbox, type MailboxOwner } from '#app/models/mailbox/mailbox.server.ts'
import { sequenceProgress } from '#app/schemas/sequence-progress.ts'
import { type CreateSequenceData, SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { prisma } from '#app/utils/db.server.ts'
import { type EditorState } from '#app/utils/editor-json/editor-state.ts'
import { emailBodyFrom } from '#app/utils/editor-json/email-body.ts'
import { launchSequence, PreflightProblemsError } from '#app/models/preflight/launch.server.ts'
import { SequenceRuleError } from './sequence-status.server.ts'

// Sequences: the manual builder's create, the drawer's detail, a contact's list (View
// Sequences), the organization's Sequences page, delete. Every query is scoped by organization.

export const emailStepSelect = {
	id: true,
	order: true,
	subject: true,
	bodyJson: true,
	bodyHtml: true,
	bodyText: true,
	daysAfter: true,
	status: true,
	scheduledFor: true,
	sentAt: true,
	repliedAt: true,
	failureReason: true,
	sendAttempts: true,
	lastError: true,
	sequenceId: true,
	emailAddressId: true,
	emailAddress: { select: { address: true } },
} satisfies Prisma.EmailStepSelect

export const linkedInStepSelect = {
	id: true,
	order: true,
	username: true,
	linkedinUrl: true,
	requestNote: true,
	message: true,
	daysAfter: true,
	status: true,
	scheduledFor: true,
	sentAt: true,
	repliedAt: true,
	repliedContent: true,
	// Its live state: accepted, the next acceptance check or conversation read, why it failed.
	acceptedAt: true,
	nextCheckAt: true,
	failureReason: true,
	lastError: true,
	metadata: true,
	sequenceId: true,
} satisfies Prisma.LinkedInStepSelect

export const phoneCallStepSelect = {
	id: true,
	order: true,
	talkingPoints: true,
	daysAfter: true,
	status: true,
	scheduledFor: true,
	completedAt: true,
	outcome: true,
	notes: true,
	completedById: true,
	sequenceId: true,
} satisfies Prisma.PhoneCallStepSelect

const contactSelect = { id: true, firstName: true, lastName: true, email: true, linkedin: true } as const

/** An email body as the step row keeps it: editor JSON, HTML and text. */
export function stepBodyData(input: { json: EditorState } | { body: string }) {
	const body = emailBodyFrom(input)
	return { ...body, bodyJson: body.bodyJson as unknown as Prisma.InputJsonObject }
}

type EmailStepRecord = Prisma.EmailStepGetPayload<{ select: typeof emailStepSelect }>

/** The spec's email step: `body` is the HTML, `proseMirrorJson` the editor JSON. */
export function toEmailStep(record: EmailStepRecord) {
	const { bodyJson, bodyHtml, ...rest } = record
	return { ...rest, body: bodyHtml, proseMirrorJson: bodyJson }
}
export type EmailStepDto = ReturnType<typeof toEmailStep>
export type LinkedInStepDto = Prisma.LinkedInStepGetPayload<{ select: typeof linkedInStepSelect }>
export type PhoneCallStepDto = Prisma.PhoneCallStepGetPayload<{ select: typeof phoneCallStepSelect }>

const sequenceSelect = {
	id: true,
	status: true,
	subject: true,
	progress: true,
	shouldStartImmediately: true,
	failureReason: true,
	generatedBy: true,
	createdAt: true,
	updatedAt: true,
	contactId: true,
	mailboxId: true,
	mailbox: { select: { address: true } },
} satisfies Prisma.SequenceSelect

type SequenceRecord = Prisma.SequenceGetPayload<{ select: typeof sequenceSelect }>

/** fromEmail is the first email step's address (the spec), else the sequence's mailbox. */
function fromEmailOf(
	mailbox: SequenceRecord['mailbox'],
	emailSteps: readonly { emailAddress: { address: string } | null }[],
) {
	return emailSteps[0]?.emailAddress?.address ?? mailbox?.address ?? null
}

/**
 * Creates a manual sequence as a draft (PENDING): email steps ordered 1..n from one usable
 * mailbox, all with the sequence's subject (later steps are replies in the same thread), and
 * the LinkedIn steps. With shouldStartImmediately it is activated at once; when activation
 * is refused the draft is removed again, so retrying (after Google sign-in) creates one.
 * Throws SequenceRuleError: 404 for another organization's contact, 400 for a mailbox the
 * user may not send from or an empty body.
 */
export async function createSequence(actor: MailboxOwner, input: CreateSequenceData) {
	const { organizationId } = actor
	const contact = await prisma.contact.findFirst({
		where: { id: input.contactId, organizationId },
		select: { id: true },
	})
	if (!contact) throw new SequenceRuleError(SEQUENCE_MESSAGES.contactNotFound, 404)

	const mailboxIds = [...new Set(input.steps.map((step) => step.emailAddressId))]
	if (mailboxIds.length > 1)
		throw new SequenceRuleError('All email steps must be sent from the same address', 400)
	const mailbox = mailboxIds[0] ? await findUsableMailbox(actor, mailboxIds[0]) : null
	if (mailboxIds[0] && !mailbox) throw new SequenceRuleError(SEQUENCE_MESSAGES.senderRequired, 400)

	const subject = (input.subject || input.steps[0]?.subject || '').trim()
	const emailSteps = input.steps.map((step, index) => {
		const body = stepBodyData(
			step.proseMirrorJson ? { json: step.proseMirrorJson } : { body: step.body ?? '' },
		)
		if (!body.bodyText.trim()) throw new SequenceRuleError(SEQUENCE_MESSAGES.bodyRequired, 400)
		return {
			organizationId,
			order: index + 1,
			subject,
			...body,
			daysAfter: step.daysAfter,
			status: step.status,
			emailAddressId: mailbox!.id,
		}
	})
	const sequence = await prisma.sequence.create({
		data: {
			organizationId,
			contactId: contact.id,
			creatorId: actor.userId,
			mailboxId: mailbox?.id ?? null,
			status: 'PENDING',
			subject,
			shouldStartImmediately: input.shouldStartImmediately,
			emailSteps: { create: emailSteps },
			linkedInSteps: {
				create: input.linkedInSteps.map((step, index) => ({
					organizationId,
					order: index + 1,
					username: step.username || null,
					linkedinUrl: step.linkedinUrl || null,
					requestNote: step.requestNote || null,
					message: step.message || null,
					daysAfter: step.daysAfter,
					status: step.status,
				})),
			},
		},
		select: { id: true, status: true },
	})
	if (!input.shouldStartImmediately) return sequence
	try {
		// Started at once, it goes through the pre-flight check as any launch (decision 051).
		await launchSequence({
			actor: { organizationId, userId: actor.userId, email: actor.email },
			sequenceId: sequence.id,
			acknowledgeProblems: input.acknowledgeProblems ?? false,
		})
	} catch (error) {
		// Problems found: the draft stays, for its launch page (or PUT ACTIVE with acknowledgeProblems).
		if (error instanceof PreflightProblemsError) throw error
		await prisma.sequence.deleteMany({ where: { id: sequence.id, organizationId } })
		throw error
	}
	return { id: sequence.id, status: 'ACTIVE' as SequenceStatus }
}

/** The drawer: the sequence, its contact, sender, all steps in order and which steps were clicked. */
export async function getSequence(organizationId: string, sequenceId: string) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: {
			...sequenceSelect,
			contact: { select: contactSelect },
			emailSteps: { select: emailStepSelect, orderBy: { order: 'asc' } },
			linkedInSteps: { select: linkedInStepSelect, orderBy: { order: 'asc' } },
			phoneCallSteps: { select: phoneCallStepSelect, orderBy: { order: 'asc' } },
		},
	})
	if (!sequence) return null
	const clicks = await prisma.sequenceEvent.findMany({
		where: { organizationId, sequenceId, type: 'LINK_CLICK', emailStepId: { not: null } },
		select: { emailStepId: true },
		distinct: ['emailStepId'],
	})
	const clickedStepIds = clicks.map((click) => click.emailStepId!)
	const { mailbox: _mailbox, emailSteps, ...rest } = sequence
	return {
		...rest,
		fromEmail: fromEmailOf(sequence.mailbox, emailSteps),
		emailSteps: emailSteps.map((step) => ({
			...toEmailStep(step),
			clicked: clickedStepIds.includes(step.id),
		})),
		clickedStepIds,
		...sequenceProgressFields(sequence),
	}
}
export type SequenceDetail = NonNullable<Awaited<ReturnType<typeof getSequence>>>

function sequenceProgressFields(steps: {
	emailSteps: { status: string }[]
	linkedInSteps: { status: string }[]
}) {
	const { sent, total, percent } = sequenceProgress(steps)
	// The contact answered a step: a PAUSED sequence reads Replied (sequenceStatusLabel).
	const replied = [...steps.emailSteps, ...steps.linkedInSteps].some((step) => step.status === 'REPLIED')
	return { stepCount: total, sentStepCount: sent, sendProgress: percent, replied }
}

/**
 * GET /contacts/:id/sequences: the contact's sequences, newest first, each with its step
 * counts and send progress; `steps` adds the steps, `contact` the contact. Null when the
 * contact is not the organization's.
 */
export async function listContactSequences(
	organizationId: string,
	contactId: string,
	{ steps = false, contact = false }: { steps?: boolean; contact?: boolean } = {},
) {
	const owner = await prisma.contact.findFirst({
		where: { id: contactId, organizationId },
		select: contactSelect,
	})
	if (!owner) return null
	const sequences = await prisma.sequence.findMany({
		where: { organizationId, contactId },
		orderBy: { createdAt: 'desc' },
		select: {
			...sequenceSelect,
			emailSteps: { select: emailStepSelect, orderBy: { order: 'asc' } },
			linkedInSteps: { select: linkedInStepSelect, orderBy: { order: 'asc' } },
			phoneCallSteps: { select: phoneCallStepSelect, orderBy: { order: 'asc' } },
		},
	})
	return sequences.map(({ mailbox, emailSteps, linkedInSteps, phoneCallSteps, ...sequence }) => ({
		...sequence,
		fromEmail: fromEmailOf(mailbox, emailSteps),
		...sequenceProgressFields({ emailSteps, linkedInSteps }),
		...(steps ? { emailSteps: emailSteps.map(toEmailStep), linkedInSteps, phoneCallSteps } : {}),
		...(contact ? { contact: owner } : {}),
	}))
}
export type ContactSequence = NonNullable<Awaited<ReturnType<typeof listContactSequences>>>[number]

export const SEQUENCES_PAGE_SIZE = 25

/**
 * The organization's Sequences page: newest first, optionally one status, with per-sequence
 * stats (steps, sent, replied, clicks, progress).
 */
export async function listOrganizationSequences(
	organizationId: string,
	{ status, page = 1 }: { status?: SequenceStatus; page?: number } = {},
) {
	const pageNumber = Math.max(1, Math.floor(page))
	const where = { organizationId, ...(status ? { status } : {}) } satisfies Prisma.SequenceWhereInput
	const [total, rows] = await Promise.all([
		prisma.sequence.count({ where }),
		prisma.sequence.findMany({
			where,
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			skip: (pageNumber - 1) * SEQUENCES_PAGE_SIZE,
			take: SEQUENCES_PAGE_SIZE,
			select: {
				...sequenceSelect,
				contact: { select: contactSelect },
				emailSteps: {
					select: { status: true, emailAddress: { select: { address: true } } },
					orderBy: { order: 'asc' },
				},
				linkedInSteps: { select: { status: true } },
				_count: { select: { phoneCallSteps: true } },
			},
		}),
	])
	const events = rows.length
		? await prisma.sequenceEvent.groupBy({
				by: ['sequenceId', 'type'],
				where: {
					organizationId,
					// People's clicks: a scanner's are counted apart (decision 044).
					OR: [{ type: 'LINK_CLICK', botReason: null }, { type: 'REPLY' }],
					sequenceId: { in: rows.map((row) => row.id) },
				},
				_count: { _all: true },
			})
		: []
	const clicksBySequence = new Map(
		events.filter((row) => row.type === 'LINK_CLICK').map((row) => [row.sequenceId, row._count._all]),
	)
	// A reply (email, LinkedIn or marked by hand) stopped it: the badge reads Replied, not Paused.
	const repliedSequences = new Set(events.filter((row) => row.type === 'REPLY').map((row) => row.sequenceId))
	const sequences = rows.map(({ emailSteps, linkedInSteps, _count, mailbox, ...sequence }) => {
		const progress = sequenceProgress({ emailSteps, linkedInSteps })
		return {
			...sequence,
			fromEmail: fromEmailOf(mailbox, emailSteps),
			replied: repliedSequences.has(sequence.id),
			stats: {
				steps: progress.total + _count.phoneCallSteps,
				sent: progress.sent,
				replied: [...emailSteps, ...linkedInSteps].filter((step) => step.status === 'REPLIED').length,
				clicks: clicksBySequence.get(sequence.id) ?? 0,
				progress: progress.percent,
			},
		}
	})
	return { sequences, total, page: pageNumber, pageSize: SEQUENCES_PAGE_SIZE }
}
export type OrganizationSequence = Awaited<ReturnType<typeof listOrganizationSequences>>['sequences'][number]

/** Deletes the sequence with its steps and events; false when it is not the organization's. */
export async function deleteSequence(organizationId: string, sequenceId: string) {
	const { count } = await prisma.sequence.deleteMany({ where: { id: sequenceId, organizationId } })
	return count > 0
}
