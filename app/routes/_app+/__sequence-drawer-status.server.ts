import { GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { cancelSequenceGenerations } from '#app/models/assistant/cancel-generation.server.ts'
import { markRepliedByHand } from '#app/models/conversation/reply-detection.server.ts'
import { correctReplyIntent } from '#app/models/reply-intent/correct-reply-intent.server.ts'
import { launchSequence, PreflightProblemsError } from '#app/models/preflight/launch.server.ts'
import { changeSequenceStatus, SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { retryFailedEmailStep } from '#app/models/sequence/step-retry.server.ts'
import { deleteSequence, getSequence } from '#app/models/sequence/sequence.server.ts'
import {
	type DrawerHandler,
	failure,
	googlePermissionNeeded,
	notFound,
	success,
} from './__sequence-drawer-outcome.server.ts'

// The drawer's intents on the sequence as a whole: activate, pause, cancel, delete, and
// cancel-generation (stops the assistant writing it), and retry-step (a failed email step).

const GENERATION_FINISHED = 'The sequence is no longer being generated.'

const STATUS = { activate: 'ACTIVE', pause: 'PAUSED', cancel: 'CANCELLED' } as const

export const changeStatus: DrawerHandler<'activate' | 'pause' | 'cancel'> = async (
	intent,
	{ organizationId, userId, email, sequenceId },
) => {
	try {
		// Activating a draft runs the pre-flight check; its problems are listed on the check's page.
		if (intent.intent === 'activate')
			await launchSequence({ actor: { organizationId, userId, email }, sequenceId })
		else await changeSequenceStatus({ organizationId, sequenceId, status: STATUS[intent.intent] })
		return success('Sequence updated successfully', { closes: intent.intent === 'activate' })
	} catch (error) {
		if (error instanceof PreflightProblemsError)
			return { ok: false, redirectTo: `/sequences/${encodeURIComponent(sequenceId)}/launch` }
		if (error instanceof GoogleScopeError) return googlePermissionNeeded(error)
		return failure('Failed to update sequence', error)
	}
}

const MARK_REPLIED_REFUSED = {
	not_running: 'Only a running or paused sequence can be marked as replied.',
	nothing_sent: 'No email of this sequence has been sent yet.',
} as const

/** The contact answered a mailbox nobody reads: the sequence stops as on a detected reply. */
export const markReplied: DrawerHandler<'mark-replied'> = async (
	_intent,
	{ organizationId, userId, sequenceId },
) => {
	const result = await markRepliedByHand({ organizationId, sequenceId, userId })
	if (result === 'marked') return success('Marked as replied')
	if (result === 'not_found') return notFound('Failed to mark as replied')
	const message = MARK_REPLIED_REFUSED[result]
	return {
		ok: false,
		status: 409,
		message,
		toast: { type: 'error', title: 'Failed to mark as replied', description: message },
	}
}

export const deleteWholeSequence: DrawerHandler<'delete'> = async (
	intent,
	{ organizationId, sequenceId, fetcherMode },
) => {
	// Plain forms confirm on the drawer's page first; the dialog already asked.
	if (!fetcherMode && !intent.confirmed)
		return { ok: false, status: 400, returnParams: { confirm: 'delete' } }
	// One still being generated takes its pending job with it.
	const deleted =
		(await cancelSequenceGenerations(organizationId, [sequenceId])) > 0 ||
		(await deleteSequence(organizationId, sequenceId))
	if (!deleted) return notFound('Failed to delete')
	return success('Sequence deleted', { closes: true, sequenceDeleted: true })
}

export const cancelGeneration: DrawerHandler<'cancel-generation'> = async (
	_intent,
	{ organizationId, sequenceId },
) => {
	if ((await cancelSequenceGenerations(organizationId, [sequenceId])) > 0)
		return success('Generation cancelled', { closes: true, sequenceDeleted: true })
	// Written (or failed) meanwhile, or not this organization's: nothing to cancel.
	const exists = await getSequence(organizationId, sequenceId)
	if (!exists) return notFound('Failed to cancel generation')
	return {
		ok: false,
		status: 409,
		message: GENERATION_FINISHED,
		toast: { type: 'error', title: 'Failed to cancel generation', description: GENERATION_FINISHED },
	}
}

/** Retry on a FAILED email step: it sends again now, and its sequence carries on. */
export const retryStep: DrawerHandler<'retry-step'> = async (intent, { organizationId, sequenceId }) => {
	try {
		await retryFailedEmailStep({ organizationId, sequenceId, stepId: intent.stepId })
		return success('The step will be sent again')
	} catch (error) {
		if (error instanceof SequenceRuleError && error.status === 404)
			return notFound('Failed to retry the step')
		return failure('Failed to retry the step', error)
	}
}

/** The user says what a reply really meant: the label changes, what was done stays. */
export const correctIntent: DrawerHandler<'correct-reply-intent'> = async (
	intent,
	{ organizationId, sequenceId },
) => {
	const corrected = await correctReplyIntent({
		organizationId,
		sequenceId,
		messageId: intent.messageId,
		intent: intent.replyIntent,
	})
	return corrected ? success('Reply intent corrected') : notFound('Failed to correct the reply intent')
}
