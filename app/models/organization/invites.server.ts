import { prisma } from '#app/utils/db.server.ts'

const inviteSelect = { id: true, email: true, role: true, acceptedAt: true, createdAt: true } as const

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

export type CreateInviteResult =
	| {
			ok: true
			created: boolean
			invite: { id: string; email: string; role: string; acceptedAt: Date | null; createdAt: Date }
	  }
	| { ok: false; reason: 'already_member' }

/**
 * Invites an email (already normalized to lower case) as MEMBER. Inviting an
 * email that is still pending returns that invite (no duplicate); an accepted
 * invite of someone who has since left is renewed.
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
	if (existing && !existing.acceptedAt) return { ok: true, created: false, invite: existing }
	if (existing) {
		const invite = await prisma.invite.update({
			where,
			data: { acceptedAt: null, invitedById, role: 'MEMBER' },
			select: inviteSelect,
		})
		return { ok: true, created: true, invite }
	}
	// ON CONFLICT DO NOTHING: two managers inviting the same email at once get one invite.
	const { count } = await prisma.invite.createMany({
		data: [{ organizationId, email, invitedById, role: 'MEMBER' }],
		skipDuplicates: true,
	})
	const invite = await prisma.invite.findUniqueOrThrow({ where, select: inviteSelect })
	return { ok: true, created: count > 0, invite }
}

/** false when no such invite exists in this organization. */
export async function cancelInvite(organizationId: string, inviteId: string) {
	const { count } = await prisma.invite.deleteMany({ where: { id: inviteId, organizationId } })
	return count > 0
}
