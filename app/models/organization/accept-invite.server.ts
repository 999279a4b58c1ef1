import { type Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'
import { hashLinkToken } from '#app/utils/link-token.server.ts'
import { inviteExpiresAt, isInviteExpired, validSince } from './invites.server.ts'

/**
 * Accepting an invitation (decision 040). A user belongs to one organization; accepting moves them:
 * their membership of the organization they are in ends, and everything of it (contacts, sequences,
 * mailboxes) stays there. Only the invited email may accept, signed in; the emailed link's token
 * finds the invite, and so does the list of invitations a signed-in user sees.
 */

const invitationSelect = {
	id: true,
	email: true,
	role: true,
	acceptedAt: true,
	sentAt: true,
	organizationId: true,
	organization: { select: { name: true } },
	invitedBy: { select: { name: true } },
} as const

type InvitationRow = Prisma.InviteGetPayload<{ select: typeof invitationSelect }>

export type Invitation = {
	id: string
	email: string
	organizationId: string
	organizationName: string
	invitedByName: string | null
	state: 'valid' | 'expired' | 'accepted'
	expiresAt: Date
}

function toInvitation(row: InvitationRow, now: Date): Invitation {
	return {
		id: row.id,
		email: row.email,
		organizationId: row.organizationId,
		organizationName: row.organization.name,
		invitedByName: row.invitedBy?.name ?? null,
		state: row.acceptedAt ? 'accepted' : isInviteExpired(row.sentAt, now) ? 'expired' : 'valid',
		expiresAt: inviteExpiresAt(row.sentAt),
	}
}

/** The invitation of an emailed link; null for a token that names none (unknown, replaced, used). */
// An accepted invite keeps its token's hash: the link, opened after sign-in joined, says so.
export async function findInvitationByToken(token: string, now = new Date()) {
	if (!token) return null
	const row = await prisma.invite.findUnique({
		where: { tokenHash: hashLinkToken(token) },
		select: invitationSelect,
	})
	return row ? toInvitation(row, now) : null
}

/** Valid invitations to this email from organizations other than the user's own, newest first. */
export async function listInvitationsFor(user: { email: string; organizationId: string }, now = new Date()) {
	const rows = await prisma.invite.findMany({
		where: {
			email: user.email.toLowerCase(),
			acceptedAt: null,
			sentAt: { gt: validSince(now) },
			organizationId: { not: user.organizationId },
		},
		select: invitationSelect,
		orderBy: [{ sentAt: 'desc' }, { id: 'desc' }],
	})
	return rows.map((row) => toInvitation(row, now))
}

export type LeaveWarning = {
	organizationId: string
	organizationName: string
	/** Other members keep the organization; with none, nobody can open it after the move. */
	otherMembers: number
	/** Sequences the user started there that are still running: they keep sending. */
	runningSequences: number
	/** The only owner of an organization that has other members may not leave it. */
	soleOwner: boolean
}

/** What accepting would leave behind, to say before the click; null when the user is in no organization. */
export async function leaveWarning(
	userId: string,
	tx: Prisma.TransactionClient = prisma,
): Promise<LeaveWarning | null> {
	const membership = await tx.membership.findFirst({
		where: { userId },
		select: { role: true, organizationId: true, organization: { select: { name: true } } },
	})
	if (!membership) return null
	const { organizationId } = membership
	const [otherMembers, otherOwners, runningSequences] = await Promise.all([
		tx.membership.count({ where: { organizationId, userId: { not: userId } } }),
		tx.membership.count({ where: { organizationId, userId: { not: userId }, role: 'OWNER' } }),
		tx.sequence.count({
			where: { organizationId, creatorId: userId, status: { in: ['ACTIVE', 'PENDING', 'CREATING'] } },
		}),
	])
	return {
		organizationId,
		organizationName: membership.organization.name,
		otherMembers,
		runningSequences,
		soleOwner: membership.role === 'OWNER' && otherOwners === 0 && otherMembers > 0,
	}
}

export type AcceptInviteResult =
	| { ok: true; organizationId: string; organizationName: string; left: string | null }
	| { ok: false; reason: 'not_found' | 'expired' | 'sole_owner'; organizationName?: string }

/**
 * Accepts for the signed-in user whose email the invite names: one transaction takes the invite
 * (a conditional update, so two clicks accept once), ends their current membership and adds the new
 * one with the invited role. The sole owner of an organization with other members is refused.
 */
export async function acceptInvite(
	{ inviteId, user }: { inviteId: string; user: { userId: string; email: string } },
	now = new Date(),
): Promise<AcceptInviteResult> {
	return prisma.$transaction(async (tx) => {
		const invite = await tx.invite.findFirst({
			where: { id: inviteId, email: user.email.toLowerCase(), acceptedAt: null },
			select: {
				id: true,
				role: true,
				sentAt: true,
				organizationId: true,
				organization: { select: { name: true } },
			},
		})
		if (!invite) return { ok: false, reason: 'not_found' } as const
		if (isInviteExpired(invite.sentAt, now)) return { ok: false, reason: 'expired' } as const
		const warning = await leaveWarning(user.userId, tx)
		if (warning?.organizationId === invite.organizationId) {
			await tx.invite.update({ where: { id: invite.id }, data: { acceptedAt: now } })
			return {
				ok: true,
				organizationId: invite.organizationId,
				organizationName: invite.organization.name,
				left: null,
			}
		}
		if (warning?.soleOwner)
			return { ok: false, reason: 'sole_owner', organizationName: warning.organizationName } as const
		const taken = await tx.invite.updateMany({
			where: { id: invite.id, acceptedAt: null },
			data: { acceptedAt: now },
		})
		if (taken.count === 0) return { ok: false, reason: 'not_found' } as const
		await tx.membership.deleteMany({ where: { userId: user.userId } })
		await tx.membership.create({
			data: { userId: user.userId, organizationId: invite.organizationId, role: invite.role },
		})
		return {
			ok: true,
			organizationId: invite.organizationId,
			organizationName: invite.organization.name,
			left: warning?.organizationName ?? null,
		}
	})
}
