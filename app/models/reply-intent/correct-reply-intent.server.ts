import { type Prisma } from '#app/generated/prisma/client.ts'
import { type ReplyIntent } from '#app/schemas/reply-intent.ts'
import { prisma } from '#app/utils/db.server.ts'

// A user corrects what a reply meant. The label changes (source "user"); what the product already did
// is not redone — the drawer's Resume and Cancel are there for that. What the classifier said stays in
// the message's metadata (`classifiedIntent`), so corrections can be read back into the evaluation set
// (listIntentCorrections).

/** False when the message is not a reply of this organization's sequence. */
export async function correctReplyIntent({
	organizationId,
	sequenceId,
	messageId,
	intent,
	now = new Date(),
}: {
	organizationId: string
	sequenceId: string
	messageId: string
	intent: ReplyIntent
	now?: Date
}) {
	return prisma.$transaction(async (tx) => {
		const message = await tx.conversationMessage.findFirst({
			where: { id: messageId, sequenceId, organizationId, isFromUser: false, intent: { not: null } },
			select: { id: true, intent: true, intentSource: true, metadata: true },
		})
		if (!message) return false
		const metadata = (message.metadata ?? {}) as Prisma.JsonObject
		// The first machine reading is the one to learn from, however often the user changes it.
		const classifiedIntent = message.intentSource === 'user' ? metadata.classifiedIntent : message.intent
		await tx.conversationMessage.update({
			where: { id: message.id },
			data: {
				intent,
				intentSource: 'user',
				intentCorrectedAt: now,
				metadata: { ...metadata, classifiedIntent: classifiedIntent ?? null },
			},
		})
		return true
	})
}

/** The replies users corrected: the text, what the classifier said and what it should have said. */
export async function listIntentCorrections(organizationId: string) {
	const rows = await prisma.conversationMessage.findMany({
		where: { organizationId, intentSource: 'user' },
		select: { subject: true, bodyText: true, intent: true, metadata: true, date: true },
		orderBy: { intentCorrectedAt: 'desc' },
	})
	return rows.map((row) => ({
		subject: row.subject,
		text: row.bodyText,
		received: row.date,
		corrected: row.intent,
		classified: ((row.metadata ?? {}) as Record<string, unknown>).classifiedIntent ?? null,
	}))
}
