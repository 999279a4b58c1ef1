import { prisma } from '#app/utils/db.server.ts'

/** A signed-in member as the mailbox rules need them. */
export type MailboxOwner = { organizationId: string; userId: string; email: string; name?: string | null }

export const mailboxSelect = { id: true, address: true } as const

/**
 * The user's own address as a mailbox of their organization, created on first use, so a
 * sequence can be sent from a fresh install (through Gmail once connected, else the
 * organization's default transport, else the local outbox).
 */
export async function ensureUserMailbox(owner: MailboxOwner) {
	const address = owner.email.trim().toLowerCase()
	return prisma.mailbox.upsert({
		where: { organizationId_address: { organizationId: owner.organizationId, address } },
		create: {
			organizationId: owner.organizationId,
			userId: owner.userId,
			address,
			name: owner.name ?? null,
			kind: 'USER',
			verifiedAt: new Date(),
		},
		update: {},
		select: { id: true, address: true, userId: true, kind: true },
	})
}

/**
 * `GET /ses/email`: the addresses this user may send from, their own first, then the
 * organization's verified sender addresses. Other members' personal mailboxes are not theirs.
 */
export async function listUsableMailboxes(owner: MailboxOwner) {
	const own = await ensureUserMailbox(owner)
	const senders = await prisma.mailbox.findMany({
		where: { organizationId: owner.organizationId, kind: 'SENDER', verifiedAt: { not: null } },
		select: mailboxSelect,
		orderBy: { address: 'asc' },
	})
	return [{ id: own.id, address: own.address }, ...senders.filter((sender) => sender.id !== own.id)]
}

/** The mailbox if this user may send from it, else null (another member's, unverified, another org's). */
export async function findUsableMailbox(owner: MailboxOwner, mailboxId: string) {
	const mailbox = await prisma.mailbox.findFirst({
		where: {
			id: mailboxId,
			organizationId: owner.organizationId,
			verifiedAt: { not: null },
			OR: [{ kind: 'SENDER' }, { userId: owner.userId }],
		},
		select: mailboxSelect,
	})
	return mailbox
}

/**
 * Warm-up: a mailbox may send `dailyLimitStart` emails on its first day and
 * `dailyLimitIncrement` more each day after, up to `dailyLimitMax` (50, +5/day, 200 by default:
 * full volume after a month). Decision 009.
 */
export function mailboxDailyLimit(
	mailbox: {
		dailyLimitStart: number
		dailyLimitIncrement: number
		dailyLimitMax: number
		warmupStartedAt: Date
	},
	now = new Date(),
) {
	const days = Math.max(0, Math.floor((now.getTime() - mailbox.warmupStartedAt.getTime()) / 86_400_000))
	return Math.max(
		0,
		Math.min(mailbox.dailyLimitMax, mailbox.dailyLimitStart + mailbox.dailyLimitIncrement * days),
	)
}
