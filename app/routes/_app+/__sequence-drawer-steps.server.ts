import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import {
	addEmailStep,
	addLinkedInStep,
	deleteEmailStep,
	deleteLinkedInStep,
	deletePhoneCallStep,
	updateEmailStep,
	updateLinkedInStep,
	updatePhoneCallStep,
} from '#app/models/sequence/sequence-steps.server.ts'
import { getSequence } from '#app/models/sequence/sequence.server.ts'
import { DELETE_SEQUENCE_CONFIRM } from '#app/schemas/sequence-drawer.ts'
import { type DrawerHandler, failure, success } from './__sequence-drawer-outcome.server.ts'

// The drawer's intents on the list of steps: add a step, delete one (any kind), change when it goes out.

export const addStep: DrawerHandler<'add-step'> = async (intent, { organizationId, sequenceId }) => {
	try {
		if (intent.kind === 'email') {
			await addEmailStep(organizationId, sequenceId, { daysAfter: intent.daysAfter })
			return { ok: true }
		}
		await addLinkedInStep(organizationId, sequenceId, { daysAfter: intent.daysAfter })
		return success('LinkedIn step added')
	} catch (error) {
		return failure(intent.kind === 'email' ? 'Failed to add step' : 'Failed to add LinkedIn step', error)
	}
}

export const deleteStep: DrawerHandler<'delete-step'> = async (
	intent,
	{ organizationId, sequenceId, fetcherMode },
) => {
	const remove = { email: deleteEmailStep, linkedin: deleteLinkedInStep, phone: deletePhoneCallStep }[
		intent.kind
	]
	const title = intent.kind === 'linkedin' ? 'Failed to remove step' : 'Failed to delete step'
	if (
		!intent.confirmed &&
		(await removalDeletesSequence(organizationId, sequenceId, intent.kind, intent.stepId))
	) {
		// The last step takes the sequence with it: ask first (the drawer's dialog sends confirmed=true).
		return {
			ok: false,
			status: 409,
			message: DELETE_SEQUENCE_CONFIRM.title,
			toast: fetcherMode ? { type: 'error', title, description: DELETE_SEQUENCE_CONFIRM.message } : undefined,
			returnParams: { confirm: 'delete-step', kind: intent.kind, step: intent.stepId },
		}
	}
	try {
		const { sequenceDeleted } = await remove(organizationId, sequenceId, intent.stepId)
		return sequenceDeleted
			? success('Sequence deleted', { closes: true, sequenceDeleted: true })
			: success('Step removed')
	} catch (error) {
		return failure(title, error)
	}
}

export const updateStepTiming: DrawerHandler<'update-step-timing'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	try {
		const update = { email: updateEmailStep, linkedin: updateLinkedInStep, phone: updatePhoneCallStep }[
			intent.kind
		]
		await update(organizationId, sequenceId, intent.stepId, { daysAfter: intent.daysAfter })
		return success('Step updated')
	} catch (error) {
		// A refused timing (422) shows the server's own message.
		if (error instanceof SequenceRuleError && error.status === 422) {
			return {
				ok: false,
				status: 422,
				message: error.message,
				toast: { type: 'error', title: error.message },
			}
		}
		return failure('Failed to update', error)
	}
}

/** Whether removing this step removes the sequence (its last email step, or its very last step). */
async function removalDeletesSequence(
	organizationId: string,
	sequenceId: string,
	kind: 'email' | 'linkedin' | 'phone',
	stepId: string,
) {
	const sequence = await getSequence(organizationId, sequenceId)
	if (!sequence) return false
	const emails = sequence.emailSteps.filter((step) => step.id !== stepId).length
	if (kind === 'email') return sequence.emailSteps.some((step) => step.id === stepId) && emails === 0
	const steps = kind === 'linkedin' ? sequence.linkedInSteps : sequence.phoneCallSteps
	const others =
		sequence.linkedInSteps.filter((step) => step.id !== stepId).length +
		sequence.phoneCallSteps.filter((step) => step.id !== stepId).length
	return steps.some((step) => step.id === stepId) && emails + others === 0
}
