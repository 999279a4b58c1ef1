import { prisma } from '#app/utils/db.server.ts'
import { type Prisma } from '#app/generated/prisma/client.ts'
import { replyIntentActionsOf, type ReplyIntentActions } from '#app/schemas/reply-intent-settings.ts'

/** The organization's choices after each kind of reply (decision 052), over the defaults. */
export async function getReplyIntentActions(organizationId: string): Promise<ReplyIntentActions | null> {
	const organization = await prisma.organization.findUnique({
		where: { id: organizationId },
		select: { replyIntentActions: true },
	})
	return organization ? replyIntentActionsOf(organization.replyIntentActions) : null
}

/** Changes the given choices, keeps the others; returns the whole set. */
export async function updateReplyIntentActions(
	organizationId: string,
	changes: Partial<ReplyIntentActions>,
): Promise<ReplyIntentActions> {
	return prisma.$transaction(async (tx) => {
		const [row] = await tx.$queryRaw<Array<{ actions: unknown }>>`
			SELECT "replyIntentActions" AS actions FROM "Organization" WHERE id = ${organizationId} FOR UPDATE`
		const actions = { ...replyIntentActionsOf(row?.actions), ...changes }
		await tx.organization.update({
			where: { id: organizationId },
			data: { replyIntentActions: actions as Prisma.InputJsonValue },
		})
		return actions
	})
}
