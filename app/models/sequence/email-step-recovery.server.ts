import { enqueueEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'

/**
 * The safety net under the send jobs. A worker killed mid-job leaves its Graphile job
 * locked for hours; the step itself says what is owed. Every minute this finds, per active
 * sequence, the first step that is overdue (SCHEDULED a lease past its time) or stranded
 * (SENDING past its lease) and adds its job again. The dispatcher's claim makes a duplicate
 * job harmless: the step is claimed once, and a stranded send asks the provider first.
 */
export async function requeueStrandedEmailSteps({ limit = 5000, now = new Date() } = {}) {
	const leaseMs = getEnv().EMAIL_SEND_LEASE_SECONDS * 1000
	const overdueBefore = new Date(now.getTime() - leaseMs)
	const strandedBefore = new Date(now.getTime() - leaseMs)
	const steps = await prisma.$queryRaw<Array<{ id: string }>>`
		SELECT DISTINCT ON (e."sequenceId") e.id
		FROM "EmailStep" e JOIN "Sequence" s ON s.id = e."sequenceId"
		WHERE s.status = 'ACTIVE'
			AND ((e.status = 'SCHEDULED' AND e."scheduledFor" < ${overdueBefore})
				OR (e.status = 'SENDING' AND e."sendingStartedAt" < ${strandedBefore}))
		ORDER BY e."sequenceId", e."order"
		LIMIT ${limit}`
	await enqueueEmailStepJobs(
		prismaRun(prisma),
		steps.map((step) => ({ stepId: step.id, runAt: now })),
	)
	return steps.length
}
