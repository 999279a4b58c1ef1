import { enqueueEmailStepJobs } from '#app/jobs/send-email-step.ts'
import { prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'

/** How often the sweep runs (jobs/crontab.ts: every minute). */
export const SWEEP_INTERVAL_MS = 60_000

/**
 * The safety net under the send jobs. A worker killed mid-job leaves its Graphile job
 * locked for hours; the step itself says what is owed. Every minute this finds, per active
 * sequence, the first step that is overdue (SCHEDULED a lease past its time) or stranded
 * (SENDING past its lease) and adds its job again. The dispatcher's claim makes a duplicate
 * job harmless: the step is claimed once, and a stranded send asks the provider first.
 *
 * It also looks one interval ahead: a step that will be a lease late before the next run gets
 * its job now, at the moment its lease runs out. Without that, a step a dead worker held waited
 * its lease plus up to a whole minute for the next run (issue 20's lateness figure). With the
 * default lease (120 s) the look-ahead only reaches steps already a minute late; with a lease
 * shorter than the interval it adds a second job for steps due soon, which the claim makes harmless.
 */
export async function requeueStrandedEmailSteps({
	limit = 5000,
	now = new Date(),
	lookaheadMs = SWEEP_INTERVAL_MS,
} = {}) {
	const leaseMs = getEnv().EMAIL_SEND_LEASE_SECONDS * 1000
	const lateBefore = new Date(now.getTime() + lookaheadMs - leaseMs)
	const steps = await prisma.$queryRaw<Array<{ id: string; runAt: Date }>>`
		SELECT DISTINCT ON (e."sequenceId") e.id,
			greatest(${now}::timestamptz, CASE WHEN e.status = 'SENDING'
				-- The dispatcher takes a send over a second after its lease ends.
				THEN e."sendingStartedAt" + make_interval(secs => ${(leaseMs + 1000) / 1000}::float8)
				ELSE e."scheduledFor" + make_interval(secs => ${leaseMs / 1000}::float8) END) AS "runAt"
		FROM "EmailStep" e JOIN "Sequence" s ON s.id = e."sequenceId"
		WHERE s.status = 'ACTIVE'
			AND ((e.status = 'SCHEDULED' AND e."scheduledFor" < ${lateBefore})
				OR (e.status = 'SENDING' AND e."sendingStartedAt" < ${lateBefore}))
		ORDER BY e."sequenceId", e."order"
		LIMIT ${limit}`
	await enqueueEmailStepJobs(
		prismaRun(prisma),
		steps.map((step) => ({ stepId: step.id, runAt: step.runAt })),
	)
	return steps.length
}
