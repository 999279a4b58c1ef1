import { GoogleScopeError, PermanentDeliveryError } from '#app/integrations/mail/transport.server.ts'
import { sendReply } from '#app/models/conversation/conversation.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { type DrawerHandler, googlePermissionNeeded } from './__sequence-drawer-outcome.server.ts'

/**
 * The drawer's reply to a replied thread. Errors (spec): the server's text — a rule's or the
 * provider's refusal — else the spec's "An unknown error occurred" (an unexpected failure is
 * logged, not shown).
 */
export const replyToThread: DrawerHandler<'reply'> = async (
	intent,
	{ organizationId, userId, sequenceId },
) => {
	try {
		await sendReply({ organizationId, userId, sequenceId, body: intent.body })
		return { ok: true }
	} catch (error) {
		if (error instanceof GoogleScopeError) return googlePermissionNeeded(error)
		const known = error instanceof SequenceRuleError || error instanceof PermanentDeliveryError
		if (!known) console.error('Sending a reply failed', error)
		const message = known && error.message ? error.message : 'An unknown error occurred'
		const status = error instanceof SequenceRuleError ? error.status : known ? 422 : 502
		return { ok: false, status, message, toast: { type: 'error', title: message } }
	}
}
