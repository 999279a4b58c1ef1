import { type Actor } from '#app/models/session/auth.server.ts'
import { type PlanStatusValue } from '#app/schemas/admin.ts'
import { prisma } from '#app/utils/db.server.ts'
import { recordAdminAction } from './audit-log.server.ts'

export const SET_PLAN_STATUS_ACTION = 'organization.plan_status.set'

/**
 * Sets an organization's plan status and records who did it, from what, in one transaction.
 * Null when there is no such organization. Platform administrators only (the routes check).
 */
export async function setPlanStatus(actor: Actor, organizationId: string, planStatus: PlanStatusValue) {
	return prisma.$transaction(async (tx) => {
		// FOR UPDATE: two administrators at once each record the status they replaced.
		const [current] = await tx.$queryRaw<Array<{ planStatus: PlanStatusValue; name: string }>>`
			SELECT "planStatus"::text AS "planStatus", "name" FROM "Organization" WHERE id = ${organizationId} FOR UPDATE`
		if (!current) return null
		await tx.organization.update({
			where: { id: organizationId },
			data: { planStatus },
			select: { id: true },
		})
		await recordAdminAction(tx, actor, SET_PLAN_STATUS_ACTION, {
			organizationId,
			details: { from: current.planStatus, to: planStatus, organizationName: current.name },
		})
		return { id: organizationId, name: current.name, planStatus }
	})
}
