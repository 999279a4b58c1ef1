import { prisma } from '#app/utils/db.server.ts'
import { type FeedbackType } from '#app/schemas/feedback.ts'

/** Stores a "Help us improve" message, owned by the sender's organization. */
export async function createFeedback({
	organizationId,
	userId,
	type,
	message,
}: {
	organizationId: string
	userId: string | null
	type: FeedbackType
	message: string
}) {
	return prisma.feedback.create({
		data: { organizationId, userId, type, message },
		select: { id: true },
	})
}
