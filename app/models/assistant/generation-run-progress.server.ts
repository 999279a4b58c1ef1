import { type SequenceStatus } from '#app/generated/prisma/client.ts'
import { activateSequences } from '#app/models/sequence/sequence-status.server.ts'
import { type GenerationRunCounts } from '#app/schemas/generation-progress.ts'
import { prisma } from '#app/utils/db.server.ts'
import { cancelSequenceGenerations } from './cancel-generation.server.ts'

export const GENERATION_RUN_PAGE_SIZE = 100

/** A run's figures, read from its sequences (one indexed aggregate, nothing stored to drift). */
export async function generationRunCounts(organizationId: string, runId: string) {
	return (await countsOfRuns(organizationId, [runId])).get(runId) ?? countsFrom(null)
}

type CountsRow = {
	generationId: string
	total: number
	generating: number
	drafts: number
	active: number
	failed: number
	points: number
}

/** The figures of several runs in one aggregate (a list of runs costs one query, not one each). */
async function countsOfRuns(organizationId: string, runIds: string[]) {
	if (runIds.length === 0) return new Map<string, GenerationRunCounts>()
	const rows = await prisma.$queryRaw<CountsRow[]>`
		SELECT "generationId",
			count(*)::int AS total,
			count(*) FILTER (WHERE status = 'CREATING')::int AS generating,
			count(*) FILTER (WHERE status = 'PENDING')::int AS drafts,
			count(*) FILTER (WHERE status IN ('ACTIVE', 'PAUSED', 'COMPLETED'))::int AS active,
			count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
			coalesce(sum(CASE WHEN status = 'CREATING' THEN least(progress, 100) ELSE 100 END), 0)::int AS points
		FROM "Sequence" WHERE "generationId" = ANY(${runIds}::text[]) AND "organizationId" = ${organizationId}
		GROUP BY "generationId"`
	return new Map(rows.map((row) => [row.generationId, countsFrom(row)]))
}

function countsFrom(row: CountsRow | null): GenerationRunCounts {
	const total = row?.total ?? 0
	const counted = (row?.generating ?? 0) + (row?.drafts ?? 0) + (row?.active ?? 0) + (row?.failed ?? 0)
	return {
		total,
		generating: row?.generating ?? 0,
		drafts: row?.drafts ?? 0,
		active: row?.active ?? 0,
		failed: row?.failed ?? 0,
		other: total - counted,
		progress: total === 0 ? 100 : Math.floor((row?.points ?? 0) / total),
	}
}

export async function findGenerationRunId(organizationId: string, runId: string) {
	const run = await prisma.sequenceGeneration.findFirst({
		where: { id: runId, organizationId },
		select: { id: true },
	})
	return run?.id ?? null
}

export async function getGenerationRun(organizationId: string, runId: string) {
	const run = await prisma.sequenceGeneration.findFirst({
		where: { id: runId, organizationId },
		select: {
			id: true,
			name: true,
			prompt: true,
			linkedin: true,
			phoneCall: true,
			skipped: true,
			cancelledAt: true,
			createdAt: true,
			campaign: { select: { id: true, name: true } },
		},
	})
	if (!run) return null
	return { ...run, counts: await generationRunCounts(organizationId, run.id) }
}

export type GenerationRunRow = {
	id: string
	status: SequenceStatus
	progress: number
	subject: string
	failureReason: string | null
	generatedBy: string | null
	contact: { id: string; firstName: string; lastName: string; email: string | null; role: string | null }
	stepCount: number
}

/** One page of a run's sequences, by contact name. */
export async function listGenerationRunSequences(
	organizationId: string,
	runId: string,
	{ page = 1, status }: { page?: number; status?: SequenceStatus } = {},
): Promise<GenerationRunRow[]> {
	const rows = await prisma.sequence.findMany({
		where: { generationId: runId, organizationId, ...(status ? { status } : {}) },
		orderBy: [{ contact: { firstName: 'asc' } }, { contact: { lastName: 'asc' } }, { id: 'asc' }],
		skip: (Math.max(1, page) - 1) * GENERATION_RUN_PAGE_SIZE,
		take: GENERATION_RUN_PAGE_SIZE,
		select: {
			id: true,
			status: true,
			progress: true,
			subject: true,
			failureReason: true,
			generatedBy: true,
			contact: { select: { id: true, firstName: true, lastName: true, email: true, role: true } },
			_count: { select: { emailSteps: true, linkedInSteps: true, phoneCallSteps: true } },
		},
	})
	return rows.map(({ _count, ...row }) => ({
		...row,
		stepCount: _count.emailSteps + _count.linkedInSteps + _count.phoneCallSteps,
	}))
}

/** The organization's recent runs, newest first, with their figures. */
export async function listGenerationRuns(organizationId: string, { take = 10 }: { take?: number } = {}) {
	const runs = await prisma.sequenceGeneration.findMany({
		where: { organizationId },
		orderBy: { createdAt: 'desc' },
		take,
		select: { id: true, name: true, createdAt: true, cancelledAt: true, skipped: true },
	})
	const counts = await countsOfRuns(
		organizationId,
		runs.map((run) => run.id),
	)
	return runs.map((run) => ({ ...run, counts: counts.get(run.id) ?? countsFrom(null) }))
}

/** Review done: every draft of the run starts sending. Returns how many were activated. */
export async function activateGenerationRun(organizationId: string, runId: string, now = new Date()) {
	const drafts = await prisma.sequence.findMany({
		where: { generationId: runId, organizationId, status: 'PENDING' },
		select: { id: true },
	})
	const activated = await activateSequences(
		organizationId,
		drafts.map((draft) => draft.id),
		now,
	)
	return activated.length
}

/**
 * Stops a run: the sequences still generating are removed with their jobs (a job already
 * running finds its row gone and writes nothing); drafts already written stay for review.
 */
export async function cancelGenerationRun(organizationId: string, runId: string) {
	const id = await findGenerationRunId(organizationId, runId)
	if (!id) return null
	const generating = await prisma.sequence.findMany({
		where: { generationId: id, organizationId, status: 'CREATING' },
		select: { id: true },
	})
	const cancelled = await cancelSequenceGenerations(
		organizationId,
		generating.map((sequence) => sequence.id),
	)
	await prisma.sequenceGeneration.update({ where: { id }, data: { cancelledAt: new Date() } })
	return cancelled
}
