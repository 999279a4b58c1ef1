import { type Prisma } from '#app/generated/prisma/client.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import { prisma } from '#app/utils/db.server.ts'

type Db = Pick<Prisma.TransactionClient, 'adminAuditEntry'>

/** Records one administrator action; pass the action's transaction so both happen or neither. */
export function recordAdminAction(
	db: Db,
	actor: Pick<Actor, 'userId' | 'email'>,
	action: string,
	target: { organizationId?: string | null; details?: Prisma.InputJsonObject },
) {
	return db.adminAuditEntry.create({
		data: {
			actorUserId: actor.userId,
			actorEmail: actor.email,
			action,
			targetOrganizationId: target.organizationId ?? null,
			details: target.details ?? {},
		},
		select: { id: true },
	})
}

/** The latest administrator actions, newest first, with the organization's current name. */
export async function listAdminActions(take = 50) {
	const entries = await prisma.adminAuditEntry.findMany({
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take,
		select: {
			id: true,
			actorEmail: true,
			action: true,
			targetOrganizationId: true,
			details: true,
			createdAt: true,
		},
	})
	const ids = [...new Set(entries.map((entry) => entry.targetOrganizationId).filter((id) => id !== null))]
	const organizations = await prisma.organization.findMany({
		where: { id: { in: ids } },
		select: { id: true, name: true },
	})
	const names = new Map(organizations.map((organization) => [organization.id, organization.name]))
	return entries.map((entry) => ({
		...entry,
		createdAt: entry.createdAt.toISOString(),
		organizationName: entry.targetOrganizationId ? (names.get(entry.targetOrganizationId) ?? null) : null,
	}))
}
