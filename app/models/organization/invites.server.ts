import { prisma } from '#app/utils/db.server.ts'

/** An invitation (and its emailed link) is valid for 7 days after it was last sent (decision 040). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000

export function inviteExpiresAt(sentAt: Date) {
	return new Date(sentAt.getTime() + INVITE_TTL_MS)
}

export function isInviteExpired(sentAt: Date, now = new Date()) {
	return now.getTime() >= inviteExpiresAt(sentAt).getTime()
}

/** The oldest `sentAt` a still valid invite can have. */
export function validSince(now = new Date()) {
	return new Date(now.getTime() - INVITE_TTL_MS)
}

const inviteSelect = {
	id: true,
	email: true,
	role: true,
	acceptedAt: true,
	createdAt: true,
	sentAt: true,
} as const

/** Every invite of the organization, pending ones first, newest first within each group. */
export async function listInvites(organizationId: string) {
	const invites = await prisma.invite.findMany({
		where: { organizationId },
		select: inviteSelect,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
	})
	return [...invites.filter((invite) => !invite.acceptedAt), ...invites.filter((invite) => invite.acceptedAt)]
}

export async function listPendingInvites(organizationId: string) {
	return prisma.invite.findMany({
		where: { organizationId, acceptedAt: null },
		select: inviteSelect,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
	})
}

export type InviteRecord = {
	id: string
	email: string
	role: string
	acceptedAt: Date | null
	createdAt: Date
	sentAt: Date
}

export type CreateInviteResult =
	| { ok: true; created: boolean; invite: InviteRecord; needsEmail: boolean }
	| { ok: false; reason: 'already_member' }

/**
 * Invites an email (already normalized to lower case) as MEMBER. Inviting an email that is still
 * pending and valid returns that invite (no duplicate, no second email: Resend is for that); an
 * expired one, or an accepted one of someone who has since left, is renewed and needs its email.
 */
export async function createInvite({
	organizationId,
	invitedById,
	email,
}: {
	organizationId: string
	invitedById: string
	email: string
}): Promise<CreateInviteResult> {
	const member = await prisma.membership.findFirst({
		where: { organizationId, user: { email: { equals: email, mode: 'insensitive' } } },
		select: { id: true },
	})
	if (member) return { ok: false, reason: 'already_member' }

	const where = { organizationId_email: { organizationId, email } }
	const existing = await prisma.invite.findUnique({ where, select: inviteSelect })
	if (existing && !existing.acceptedAt && !isInviteExpired(existing.sentAt))
		return { ok: true, created: false, invite: existing, needsEmail: false }
	if (existing) {
		const invite = await prisma.invite.update({
			where,
			data: { acceptedAt: null, invitedById, role: 'MEMBER', sentAt: new Date(), tokenHash: null },
			select: inviteSelect,
		})
		return { ok: true, created: !!existing.acceptedAt, invite, needsEmail: true }
	}
	// ON CONFLICT DO NOTHING: two managers inviting the same email at once get one invite, one email.
	const { count } = await prisma.invite.createMany({
		data: [{ organizationId, email, invitedById, role: 'MEMBER' }],
		skipDuplicates: true,
	})
	const invite = await prisma.invite.findUniqueOrThrow({ where, select: inviteSelect })
	return { ok: true, created: count > 0, invite, needsEmail: count > 0 }
}

export async function findPendingInvite(organizationId: string, inviteId: string) {
	return prisma.invite.findFirst({
		where: { id: inviteId, organizationId, acceptedAt: null },
		select: inviteSelect,
	})
}

/** false when no such invite exists in this organization. */
export async function cancelInvite(organizationId: string, inviteId: string) {
	const { count } = await prisma.invite.deleteMany({ where: { id: inviteId, organizationId } })
	return count > 0
}
