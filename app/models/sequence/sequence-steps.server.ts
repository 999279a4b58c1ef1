import { type Prisma, type StepStatus } from '#app/generated/prisma/client.ts'
import {
	type AddEmailStepInput,
	type AddLinkedInStepInput,
	SEQUENCE_MESSAGES,
	type UpdateEmailStepInput,
	type UpdateLinkedInStepInput,
	type UpdatePhoneCallStepInput,
} from '#app/schemas/sequence.ts'
import { prisma } from '#app/utils/db.server.ts'
import {
	emailStepSelect,
	linkedInStepSelect,
	phoneCallStepSelect,
	stepBodyData,
	toEmailStep,
} from './sequence.server.ts'
import { SequenceRuleError } from './sequence-status.server.ts'

// The drawer's step edits (spec §4 and §5 "Sequence editing"). A step's content changes only
// while the sequence is a draft (PENDING) and the step PENDING; its timing also while DRAFT,
// never once sent. Each edit locks the sequence row, the same lock activation takes, so an
// edit and an activation never interleave.

export const STEP_RULE_MESSAGES = {
	notDraft: 'Steps can only be edited while the sequence is a draft',
	stepNotPending: 'Only pending steps can be edited',
	timingSent: 'Timing cannot change once the step is sent',
	timingNotDraft: 'Timing can only change while the sequence is a draft',
	timingStepState: 'Timing can only change while the step is pending',
	addNotDraft: 'Steps can only be added while the sequence is a draft',
	removeNotDraft: 'Steps can only be removed while the sequence is a draft',
	removeSent: 'A step that was sent cannot be removed',
	noSender: SEQUENCE_MESSAGES.senderRequired,
} as const

type Tx = Prisma.TransactionClient
type StepKind = 'email' | 'linkedin' | 'phone'
type LockedSequence = {
	id: string
	status: string
	subject: string
	mailboxId: string | null
	contactId: string
}

const SENT_STATUSES: StepStatus[] = ['SENDING', 'SENT', 'SUCCESS', 'ACCEPTED', 'REPLIED']

async function lockSequence(tx: Tx, organizationId: string, sequenceId: string) {
	const [sequence] = await tx.$queryRaw<LockedSequence[]>`
		SELECT id, status::text AS status, subject, "mailboxId", "contactId" FROM "Sequence"
		WHERE id = ${sequenceId} AND "organizationId" = ${organizationId}
		FOR UPDATE`
	if (!sequence) throw new SequenceRuleError(SEQUENCE_MESSAGES.sequenceNotFound, 404)
	return sequence
}

/** The step's sequence, locked; 404 for another organization's step or one of another sequence. */
async function lockStepSequence(
	tx: Tx,
	kind: StepKind,
	organizationId: string,
	sequenceId: string | null,
	stepId: string,
) {
	const where = { id: stepId, organizationId, ...(sequenceId ? { sequenceId } : {}) }
	const select = { sequenceId: true } as const
	const step =
		kind === 'email'
			? await tx.emailStep.findFirst({ where, select })
			: kind === 'linkedin'
				? await tx.linkedInStep.findFirst({ where, select })
				: await tx.phoneCallStep.findFirst({ where, select })
	if (!step) throw new SequenceRuleError(SEQUENCE_MESSAGES.stepNotFound, 404)
	return lockSequence(tx, organizationId, step.sequenceId)
}

function stepNotFound(): never {
	throw new SequenceRuleError(SEQUENCE_MESSAGES.stepNotFound, 404)
}

/** Content (subject, body, note, message): the sequence a draft and the step PENDING. */
function assertContentEditable(sequence: LockedSequence, step: { status: StepStatus }) {
	if (sequence.status !== 'PENDING') throw new SequenceRuleError(STEP_RULE_MESSAGES.notDraft, 409)
	if (step.status !== 'PENDING') throw new SequenceRuleError(STEP_RULE_MESSAGES.stepNotPending, 409)
}

/** Timing: never once sent; otherwise the sequence a draft and the step PENDING or DRAFT. 422 with a message the UI shows. */
function assertTimingEditable(sequence: LockedSequence, step: { status: StepStatus }) {
	if (SENT_STATUSES.includes(step.status)) throw new SequenceRuleError(STEP_RULE_MESSAGES.timingSent, 422)
	if (sequence.status !== 'PENDING') throw new SequenceRuleError(STEP_RULE_MESSAGES.timingNotDraft, 422)
	if (step.status !== 'PENDING' && step.status !== 'DRAFT')
		throw new SequenceRuleError(STEP_RULE_MESSAGES.timingStepState, 422)
}

function assertRemovable(sequence: LockedSequence, step: { status: StepStatus }) {
	if (SENT_STATUSES.includes(step.status)) throw new SequenceRuleError(STEP_RULE_MESSAGES.removeSent, 409)
	if (sequence.status !== 'PENDING') throw new SequenceRuleError(STEP_RULE_MESSAGES.removeNotDraft, 409)
}

function transaction<T>(run: (tx: Tx) => Promise<T>) {
	return prisma.$transaction(run, { timeout: 15_000 })
}

/** A step edit changes the sequence: its updatedAt says when it last changed. */
async function touchSequence(tx: Tx, sequenceId: string) {
	await tx.sequence.update({
		where: { id: sequenceId },
		data: { updatedAt: new Date() },
		select: { id: true },
	})
}

// Email steps ---------------------------------------------------------------------------

/**
 * POST /sequences/:id/steps: a follow-up at the end, from the sequence's mailbox, with the
 * sequence's subject; days after defaults to the last step's plus 1 (0 for the first).
 */
export async function addEmailStep(organizationId: string, sequenceId: string, input: AddEmailStepInput) {
	return transaction(async (tx) => {
		const sequence = await lockSequence(tx, organizationId, sequenceId)
		if (sequence.status !== 'PENDING') throw new SequenceRuleError(STEP_RULE_MESSAGES.addNotDraft, 409)
		const last = await tx.emailStep.findFirst({
			where: { sequenceId },
			orderBy: { order: 'desc' },
			select: { order: true, daysAfter: true, emailAddressId: true },
		})
		const emailAddressId = last?.emailAddressId ?? sequence.mailboxId
		if (!emailAddressId) throw new SequenceRuleError(STEP_RULE_MESSAGES.noSender, 400)
		const subject = sequence.subject || input.subject || ''
		if (!sequence.subject && subject)
			await tx.sequence.update({ where: { id: sequenceId }, data: { subject }, select: { id: true } })
		const body = stepBodyData(
			input.proseMirrorJson ? { json: input.proseMirrorJson } : { body: input.body ?? '' },
		)
		const step = await tx.emailStep.create({
			data: {
				organizationId,
				sequenceId,
				order: (last?.order ?? 0) + 1,
				subject,
				...body,
				daysAfter: input.daysAfter ?? (last ? last.daysAfter + 1 : 0),
				status: 'PENDING',
				emailAddressId,
			},
			select: emailStepSelect,
		})
		await touchSequence(tx, sequenceId)
		return toEmailStep(step)
	})
}

/**
 * PUT /sequences/:id/steps/:stepId and PUT /steps/:stepId (sequenceId null): one field.
 * A subject with updateAllSteps goes to every step and the sequence (the first step's
 * subject is the sequence's anyway). Nothing is written when the value is unchanged.
 */
export async function updateEmailStep(
	organizationId: string,
	sequenceId: string | null,
	stepId: string,
	patch: UpdateEmailStepInput,
) {
	return transaction(async (tx) => {
		const sequence = await lockStepSequence(tx, 'email', organizationId, sequenceId, stepId)
		const current =
			(await tx.emailStep.findFirst({
				where: { id: stepId, sequenceId: sequence.id },
				select: emailStepSelect,
			})) ?? stepNotFound()

		let data: Prisma.EmailStepUpdateInput | null = null
		if (patch.daysAfter !== undefined) {
			if (patch.daysAfter !== current.daysAfter) {
				assertTimingEditable(sequence, current)
				data = { daysAfter: patch.daysAfter }
			}
		} else if (patch.subject !== undefined) {
			if (patch.updateAllSteps) {
				const others = await tx.emailStep.count({
					where: { sequenceId: sequence.id, subject: { not: patch.subject } },
				})
				if (others > 0 || sequence.subject !== patch.subject) {
					assertContentEditable(sequence, current)
					await tx.emailStep.updateMany({
						where: { sequenceId: sequence.id },
						data: { subject: patch.subject },
					})
					await tx.sequence.update({
						where: { id: sequence.id },
						data: { subject: patch.subject },
						select: { id: true },
					})
					return { changed: true, step: toEmailStep({ ...current, subject: patch.subject }) }
				}
			} else if (patch.subject !== current.subject) {
				assertContentEditable(sequence, current)
				data = { subject: patch.subject }
				if (current.order === 1)
					await tx.sequence.update({
						where: { id: sequence.id },
						data: { subject: patch.subject },
						select: { id: true },
					})
			}
		} else {
			const body = stepBodyData(
				patch.proseMirrorJson ? { json: patch.proseMirrorJson } : { body: patch.body ?? '' },
			)
			const changed =
				body.bodyHtml !== current.bodyHtml || body.bodyText !== current.bodyText || current.bodyJson === null
			if (changed) {
				assertContentEditable(sequence, current)
				data = body
			}
		}
		if (!data) return { changed: false, step: toEmailStep(current) }
		const step = await tx.emailStep.update({ where: { id: stepId }, data, select: emailStepSelect })
		await touchSequence(tx, sequence.id)
		return { changed: true, step: toEmailStep(step) }
	})
}

/**
 * DELETE /sequences/:id/steps/:stepId and DELETE /steps/:stepId. Later steps move up.
 * Deleting the last email step deletes the whole sequence (the drawer confirms first).
 */
export async function deleteEmailStep(organizationId: string, sequenceId: string | null, stepId: string) {
	return transaction(async (tx) => {
		const sequence = await lockStepSequence(tx, 'email', organizationId, sequenceId, stepId)
		const step =
			(await tx.emailStep.findFirst({
				where: { id: stepId, sequenceId: sequence.id },
				select: { order: true, status: true },
			})) ?? stepNotFound()
		assertRemovable(sequence, step)
		const remaining = await tx.emailStep.count({ where: { sequenceId: sequence.id, id: { not: stepId } } })
		if (remaining === 0) {
			await tx.sequence.delete({ where: { id: sequence.id } })
			return { sequenceDeleted: true }
		}
		await tx.emailStep.delete({ where: { id: stepId } })
		await tx.emailStep.updateMany({
			where: { sequenceId: sequence.id, order: { gt: step.order } },
			data: { order: { decrement: 1 } },
		})
		await touchSequence(tx, sequence.id)
		return { sequenceDeleted: false }
	})
}

// LinkedIn steps ------------------------------------------------------------------------

/** The profile name of a LinkedIn address ("…/in/ada-lovelace" → "ada-lovelace"). */
function linkedinUsername(url: string | null | undefined) {
	const match = url ? /linkedin\.com\/in\/([^/?#]+)/i.exec(url) : null
	if (!match) return null
	try {
		return decodeURIComponent(match[1]!)
	} catch {
		return match[1]!
	}
}

/** POST /sequences/:id/linkedin-steps: at the end; the profile defaults to the contact's. */
export async function addLinkedInStep(
	organizationId: string,
	sequenceId: string,
	input: AddLinkedInStepInput,
) {
	return transaction(async (tx) => {
		const sequence = await lockSequence(tx, organizationId, sequenceId)
		if (sequence.status !== 'PENDING') throw new SequenceRuleError(STEP_RULE_MESSAGES.addNotDraft, 409)
		// One connection in a transaction: one query at a time.
		const last = await tx.linkedInStep.findFirst({
			where: { sequenceId },
			orderBy: { order: 'desc' },
			select: { order: true, daysAfter: true },
		})
		const contact = await tx.contact.findUniqueOrThrow({
			where: { id: sequence.contactId },
			select: { linkedin: true },
		})
		const linkedinUrl = input.linkedinUrl || contact.linkedin || null
		const step = await tx.linkedInStep.create({
			data: {
				organizationId,
				sequenceId,
				order: (last?.order ?? 0) + 1,
				username: input.username || linkedinUsername(linkedinUrl),
				linkedinUrl,
				requestNote: input.requestNote || null,
				message: input.message || null,
				daysAfter: input.daysAfter ?? (last ? last.daysAfter + 1 : 0),
				status: 'PENDING',
			},
			select: linkedInStepSelect,
		})
		await touchSequence(tx, sequenceId)
		return step
	})
}

/** PUT /sequences/:id/linkedin-steps/:stepId: daysAfter, or requestNote (≤ 200) with message, or message. */
export async function updateLinkedInStep(
	organizationId: string,
	sequenceId: string | null,
	stepId: string,
	patch: UpdateLinkedInStepInput,
) {
	return transaction(async (tx) => {
		const sequence = await lockStepSequence(tx, 'linkedin', organizationId, sequenceId, stepId)
		const current =
			(await tx.linkedInStep.findFirst({
				where: { id: stepId, sequenceId: sequence.id },
				select: linkedInStepSelect,
			})) ?? stepNotFound()
		let data: Prisma.LinkedInStepUpdateInput = {}
		if (patch.daysAfter !== undefined) {
			if (patch.daysAfter !== current.daysAfter) {
				assertTimingEditable(sequence, current)
				data = { daysAfter: patch.daysAfter }
			}
		} else {
			if (patch.requestNote !== undefined && (patch.requestNote || null) !== current.requestNote)
				data.requestNote = patch.requestNote || null
			if (patch.message !== undefined && (patch.message || null) !== current.message)
				data.message = patch.message || null
			if (Object.keys(data).length) assertContentEditable(sequence, current)
		}
		if (!Object.keys(data).length) return { changed: false, step: current }
		const step = await tx.linkedInStep.update({ where: { id: stepId }, data, select: linkedInStepSelect })
		await touchSequence(tx, sequence.id)
		return { changed: true, step }
	})
}

/** DELETE /sequences/:id/linkedin-steps/:stepId. A sequence left with no steps at all is deleted. */
export async function deleteLinkedInStep(organizationId: string, sequenceId: string | null, stepId: string) {
	return transaction(async (tx) => {
		const sequence = await lockStepSequence(tx, 'linkedin', organizationId, sequenceId, stepId)
		const step =
			(await tx.linkedInStep.findFirst({
				where: { id: stepId, sequenceId: sequence.id },
				select: { order: true, status: true },
			})) ?? stepNotFound()
		assertRemovable(sequence, step)
		await tx.linkedInStep.delete({ where: { id: stepId } })
		await tx.linkedInStep.updateMany({
			where: { sequenceId: sequence.id, order: { gt: step.order } },
			data: { order: { decrement: 1 } },
		})
		return finishRemoval(tx, sequence.id)
	})
}

// Phone-call steps ----------------------------------------------------------------------

/** PUT /sequences/:id/phone-call-steps/:stepId: daysAfter (timing rules) or talking points. */
export async function updatePhoneCallStep(
	organizationId: string,
	sequenceId: string | null,
	stepId: string,
	patch: UpdatePhoneCallStepInput,
) {
	return transaction(async (tx) => {
		const sequence = await lockStepSequence(tx, 'phone', organizationId, sequenceId, stepId)
		const current =
			(await tx.phoneCallStep.findFirst({
				where: { id: stepId, sequenceId: sequence.id },
				select: phoneCallStepSelect,
			})) ?? stepNotFound()
		const data: Prisma.PhoneCallStepUpdateInput = {}
		if (patch.daysAfter !== undefined && patch.daysAfter !== current.daysAfter) {
			assertTimingEditable(sequence, current)
			data.daysAfter = patch.daysAfter
		}
		if (patch.talkingPoints !== undefined && patch.talkingPoints !== current.talkingPoints) {
			assertContentEditable(sequence, current)
			data.talkingPoints = patch.talkingPoints
		}
		if (!Object.keys(data).length) return { changed: false, step: current }
		const step = await tx.phoneCallStep.update({ where: { id: stepId }, data, select: phoneCallStepSelect })
		await touchSequence(tx, sequence.id)
		return { changed: true, step }
	})
}

/** DELETE /sequences/:id/phone-call-steps/:stepId. A sequence left with no steps at all is deleted. */
export async function deletePhoneCallStep(organizationId: string, sequenceId: string | null, stepId: string) {
	return transaction(async (tx) => {
		const sequence = await lockStepSequence(tx, 'phone', organizationId, sequenceId, stepId)
		const step =
			(await tx.phoneCallStep.findFirst({
				where: { id: stepId, sequenceId: sequence.id },
				select: { order: true, status: true },
			})) ?? stepNotFound()
		assertRemovable(sequence, step)
		await tx.phoneCallStep.delete({ where: { id: stepId } })
		await tx.phoneCallStep.updateMany({
			where: { sequenceId: sequence.id, order: { gt: step.order } },
			data: { order: { decrement: 1 } },
		})
		return finishRemoval(tx, sequence.id)
	})
}

/** After a LinkedIn or phone-call step is removed: an empty sequence goes too. */
async function finishRemoval(tx: Tx, sequenceId: string) {
	// One connection in a transaction: one query at a time.
	const emails = await tx.emailStep.count({ where: { sequenceId } })
	const linkedIns = await tx.linkedInStep.count({ where: { sequenceId } })
	const calls = await tx.phoneCallStep.count({ where: { sequenceId } })
	if (emails + linkedIns + calls === 0) {
		await tx.sequence.delete({ where: { id: sequenceId } })
		return { sequenceDeleted: true }
	}
	await touchSequence(tx, sequenceId)
	return { sequenceDeleted: false }
}
