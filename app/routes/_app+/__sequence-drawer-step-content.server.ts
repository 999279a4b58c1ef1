import {
	updateEmailStep,
	updateLinkedInStep,
	updatePhoneCallStep,
} from '#app/models/sequence/sequence-steps.server.ts'
import { getSequence } from '#app/models/sequence/sequence.server.ts'
import { ModifiedStepsSchema } from '#app/schemas/sequence-drawer.ts'
import { RequestNoteSchema, SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { EditorStateSchema } from '#app/utils/editor-json/editor-state.ts'
import {
	type DrawerHandler,
	failure,
	invalid,
	notFound,
	success,
} from './__sequence-drawer-outcome.server.ts'

// The drawer's intents on what the steps say: an email's subject and body, a LinkedIn step's
// request note and message, a call's talking points, and the assistant's rewrite applied to the
// email steps.

export const updateStepSubject: DrawerHandler<'update-step-subject'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	try {
		await updateEmailStep(organizationId, sequenceId, intent.stepId, {
			subject: intent.subject,
			updateAllSteps: true,
		})
		return success('Step updated')
	} catch (error) {
		return failure('Failed to update step', error)
	}
}

export const updateStepBody: DrawerHandler<'update-step-body'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	const json = intent.proseMirrorJson ? EditorStateSchema.safeParse(intent.proseMirrorJson) : null
	if (json && !json.success) return invalid('Failed to update step', json.error.issues[0]?.message)
	if (!json && !intent.body?.trim()) return invalid('Failed to update step', SEQUENCE_MESSAGES.bodyRequired)
	try {
		await updateEmailStep(
			organizationId,
			sequenceId,
			intent.stepId,
			json?.success ? { proseMirrorJson: json.data } : { body: intent.body ?? '' },
		)
		return success('Step updated')
	} catch (error) {
		return failure('Failed to update step', error)
	}
}

export const updateLinkedInNote: DrawerHandler<'update-linkedin-note'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	const note = RequestNoteSchema.safeParse(intent.requestNote)
	if (!note.success) return invalid(SEQUENCE_MESSAGES.requestNoteTooLong)
	try {
		await updateLinkedInStep(organizationId, sequenceId, intent.stepId, { requestNote: note.data })
		return success('Step updated')
	} catch (error) {
		return failure('Failed to save changes', error)
	}
}

export const updateLinkedInMessage: DrawerHandler<'update-linkedin-message'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	try {
		await updateLinkedInStep(organizationId, sequenceId, intent.stepId, { message: intent.message })
		return success('Step updated')
	} catch (error) {
		return failure('Failed to save changes', error)
	}
}

/** A phone-call step's talking points (the same rules as PUT /sequences/:id/phone-call-steps/:stepId). */
export const updatePhoneTalkingPoints: DrawerHandler<'update-phone-talking-points'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	try {
		await updatePhoneCallStep(organizationId, sequenceId, intent.stepId, {
			talkingPoints: intent.talkingPoints,
		})
		return success('Step updated')
	} catch (error) {
		return failure('Failed to update step', error)
	}
}

/**
 * The assistant's answer applied to the email steps by position: body and timing to each, the
 * subject to the first only (it goes to every step, as a subject edit does).
 */
export const applyModification: DrawerHandler<'apply-modification'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	let raw: unknown
	try {
		raw = JSON.parse(intent.steps)
	} catch {
		return invalid('Failed to modify sequence')
	}
	const parsed = ModifiedStepsSchema.safeParse(raw)
	if (!parsed.success) return invalid('Failed to modify sequence', parsed.error.issues[0]?.message)
	const sequence = await getSequence(organizationId, sequenceId)
	if (!sequence) return notFound('Failed to modify sequence')
	try {
		for (const [index, step] of sequence.emailSteps.entries()) {
			const change = parsed.data[index]
			if (!change) break
			if (index === 0 && change.subject) {
				await updateEmailStep(organizationId, sequenceId, step.id, {
					subject: change.subject,
					updateAllSteps: true,
				})
			}
			if (change.body?.trim())
				await updateEmailStep(organizationId, sequenceId, step.id, { body: change.body })
			if (change.daysAfter !== undefined) {
				await updateEmailStep(organizationId, sequenceId, step.id, { daysAfter: change.daysAfter })
			}
		}
		return success('Sequence updated successfully')
	} catch (error) {
		return failure('Failed to modify sequence', error)
	}
}
