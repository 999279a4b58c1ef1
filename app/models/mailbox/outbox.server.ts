import { prisma } from '#app/utils/db.server.ts'

/** What the local outbox transport kept for an organization, newest first, a page at a time. */
export const OUTBOX_PAGE_SIZE = 25

export async function listOutboxMessages(organizationId: string, page: number) {
	const [messages, total] = await Promise.all([
		prisma.outboxMessage.findMany({
			where: { organizationId },
			select: { id: true, fromAddress: true, toAddress: true, subject: true, createdAt: true },
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			skip: (page - 1) * OUTBOX_PAGE_SIZE,
			take: OUTBOX_PAGE_SIZE,
		}),
		prisma.outboxMessage.count({ where: { organizationId } }),
	])
	return { messages, total, pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)) }
}

/** One message with its bodies and headers; null when it is not this organization's. */
export async function findOutboxMessage(organizationId: string, messageId: string) {
	return prisma.outboxMessage.findFirst({
		where: { id: messageId, organizationId },
		select: {
			id: true,
			messageId: true,
			inReplyTo: true,
			fromAddress: true,
			toAddress: true,
			subject: true,
			html: true,
			text: true,
			headers: true,
			createdAt: true,
		},
	})
}
