import { type Prisma } from '#app/generated/prisma/client.ts'
import { type Role } from '#app/generated/prisma/enums.ts'
import { prisma } from '#app/utils/db.server.ts'

export type MemberChangeFailure = 'forbidden' | 'not_found' | 'self' | 'owner_only' | 'last_owner'
export type MemberChangeResult = { ok: true } | { ok: false; reason: MemberChangeFailure }

/** The organization's users with their roles, owners first, then by when they joined. */
export async function listMembers(organizationId: string) {
	const memberships = await prisma.membership.findMany({
		where: { organizationId },
		select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
	})
	const rank: Record<Role, number> = { OWNER: 0, ADMIN: 1, MEMBER: 2 }
	return memberships
		.map(({ role, createdAt, user }) => ({
			id: user.id,
			name: user.name,
			email: user.email,
			role,
			joinedAt: createdAt,
		}))
		.sort((a, b) => rank[a.role] - rank[b.role])
}

/**
 * Locks the organization's memberships for the rest of the transaction, so two
 * owners demoting or removing each other at once cannot leave it without an owner.
 */
async function lockMemberships(tx: Prisma.TransactionClient, organizationId: string) {
	await tx.$queryRaw`SELECT "id" FROM "Membership" WHERE "organizationId" = ${organizationId} ORDER BY "id" FOR UPDATE`
}

/**
 * Who may change whom: OWNER and ADMIN manage members, never themselves; only an
 * OWNER may touch an OWNER or make someone OWNER; the last OWNER always stays.
 */
async function checkChange(
	tx: Prisma.TransactionClient,
	{
		organizationId,
		actorUserId,
		targetUserId,
		newRole,
	}: { organizationId: string; actorUserId: string; targetUserId: string; newRole: Role | null },
): Promise<{ ok: true; membershipId: string } | { ok: false; reason: MemberChangeFailure }> {
	await lockMemberships(tx, organizationId)
	// Roles are read again under the lock: the actor's may have changed since the request began.
	const [actor, target] = await Promise.all([
		tx.membership.findUnique({
			where: { organizationId_userId: { organizationId, userId: actorUserId } },
			select: { role: true },
		}),
		tx.membership.findUnique({
			where: { organizationId_userId: { organizationId, userId: targetUserId } },
			select: { id: true, role: true },
		}),
	])
	if (!actor || actor.role === 'MEMBER') return { ok: false, reason: 'forbidden' }
	if (!target) return { ok: false, reason: 'not_found' }
	if (targetUserId === actorUserId) return { ok: false, reason: 'self' }
	if ((target.role === 'OWNER' || newRole === 'OWNER') && actor.role !== 'OWNER')
		return { ok: false, reason: 'owner_only' }
	if (target.role === 'OWNER' && newRole !== 'OWNER') {
		const owners = await tx.membership.count({ where: { organizationId, role: 'OWNER' } })
		if (owners <= 1) return { ok: false, reason: 'last_owner' }
	}
	return { ok: true, membershipId: target.id }
}

export async function changeMemberRole({
	organizationId,
	actorUserId,
	targetUserId,
	role,
}: {
	organizationId: string
	actorUserId: string
	targetUserId: string
	role: Role
}): Promise<MemberChangeResult> {
	return prisma.$transaction(async (tx) => {
		const check = await checkChange(tx, { organizationId, actorUserId, targetUserId, newRole: role })
		if (!check.ok) return check
		await tx.membership.update({ where: { id: check.membershipId }, data: { role } })
		return { ok: true }
	})
}

/** Removes the user from the organization (their account and other memberships stay). */
export async function removeMember({
	organizationId,
	actorUserId,
	targetUserId,
}: {
	organizationId: string
	actorUserId: string
	targetUserId: string
}): Promise<MemberChangeResult> {
	return prisma.$transaction(async (tx) => {
		const check = await checkChange(tx, { organizationId, actorUserId, targetUserId, newRole: null })
		if (!check.ok) return check
		await tx.membership.delete({ where: { id: check.membershipId } })
		return { ok: true }
	})
}

/** What users read when a change is refused. */
export function memberChangeMessage(reason: MemberChangeFailure, action: 'role' | 'remove') {
	switch (reason) {
		case 'forbidden':
			return 'Only owners and admins can manage users'
		case 'not_found':
			return 'This user is not a member of your organization'
		case 'self':
			return action === 'role'
				? 'You cannot change your own role'
				: 'You cannot remove yourself from the organization'
		case 'owner_only':
			return 'Only an owner can change an owner or make someone an owner'
		case 'last_owner':
			return 'An organization must keep at least one owner'
	}
}
