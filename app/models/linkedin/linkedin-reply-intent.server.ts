import { classifyReplyIntent } from '#app/models/reply-intent/classify-reply-intent.ts'
import { readReplyIntentWithModel } from '#app/models/reply-intent/read-reply-intent-with-model.server.ts'
import {
	actOnReplyIntent,
	carryOutFollowUp,
	replyIntentActionsFor,
	replyIntentColumns,
} from '#app/models/reply-intent/reply-intent-actions.server.ts'
import { prisma } from '#app/utils/db.server.ts'

/**
 * Reads a LinkedIn reply's intent and acts on it (job read_linkedin_reply_intent): the same
 * classifier, model and actions as an email reply. The sequence is already stopped; a "not now"
 * with a day resumes it then, an unsubscribe request suppresses the contact, a referral adds a
 * task, interested and negative tell the owner. Out of office on LinkedIn is a person typing it:
 * the sequence stays stopped. Idempotent: a message read once is not read again.
 */
export async function readLinkedInReplyIntent(messageId: string, now = new Date()) {
	const message = await prisma.conversationMessage.findFirst({
		where: { id: messageId, type: 'LINKEDIN', isFromUser: false, intent: null },
		select: { id: true, organizationId: true, sequenceId: true, bodyText: true, date: true },
	})
	if (!message?.sequenceId) return { status: 'skipped' as const }
	const input = { text: message.bodyText ?? '', receivedAt: message.date ?? now }
	const intent = await readReplyIntentWithModel(
		{ ...input, organizationId: message.organizationId },
		classifyReplyIntent(input),
	)
	const sequenceId = message.sequenceId
	return prisma.$transaction(
		async (tx) => {
			const [sequence] = await tx.$queryRaw<Array<{ contactId: string }>>`
				SELECT "contactId" FROM "Sequence" WHERE id = ${sequenceId} FOR UPDATE`
			// Read meanwhile (a retry, a user's correction): nothing to do twice.
			const still = await tx.conversationMessage.count({ where: { id: messageId, intent: null } })
			if (!sequence || !still) return { status: 'skipped' as const }
			const outcome = await actOnReplyIntent(tx, {
				organizationId: message.organizationId,
				sequenceId,
				contactId: sequence.contactId,
				emailStepId: null,
				intent,
				actions: await replyIntentActionsFor(tx, message.organizationId),
				now,
			})
			await tx.conversationMessage.update({
				where: { id: messageId },
				data: replyIntentColumns(intent, outcome.summary),
			})
			await carryOutFollowUp(tx, {
				organizationId: message.organizationId,
				sequenceId,
				contactId: sequence.contactId,
				messageId,
				followUp: outcome.followUp,
			})
			return { status: 'read' as const, intent: intent.intent }
		},
		{ timeout: 15_000 },
	)
}
