import { type Prisma } from '#app/generated/prisma/client.ts'
import {
	activateGenerationRun,
	getGenerationRun,
} from '#app/models/assistant/generation-run-progress.server.ts'
import { changeSequenceStatus } from '#app/models/sequence/sequence-status.server.ts'
import { type PreflightCheck, PREFLIGHT_MESSAGES } from '#app/schemas/preflight.ts'
import { prisma } from '#app/utils/db.server.ts'
import { type PreflightOptions, runPreflightCheck } from './preflight-check.server.ts'

/**
 * Launching through the pre-flight check (decision 051): a draft sequence's activation and a
 * Generate Sequences run's "Activate drafts" (a campaign's run included) first run the check; with
 * problems the launch is refused unless the caller acknowledges them, and an acknowledged launch
 * is recorded (who, when, which problems) before it starts.
 */

export type LaunchActor = { organizationId: string; userId: string; email: string }

/** The check found problems and nobody acknowledged them: the API answers 409 with the check. */
export class PreflightProblemsError extends Error {
	name = 'PreflightProblemsError'
	constructor(public check: PreflightCheck) {
		super(PREFLIGHT_MESSAGES.refused(check.totalProblems))
	}
}

/** A draft sequence's check, or null when the organization has no such sequence. */
export async function preflightSequence(
	organizationId: string,
	sequenceId: string,
	options?: PreflightOptions,
) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: { id: true, subject: true, contact: { select: { firstName: true, lastName: true } } },
	})
	if (!sequence) return null
	const name = `${[sequence.contact.firstName, sequence.contact.lastName].filter(Boolean).join(' ')}${sequence.subject ? `: ${sequence.subject}` : ''}`
	return runPreflightCheck(
		organizationId,
		{ kind: 'sequence', id: sequence.id, name },
		[sequence.id],
		options,
	)
}

/** A run's check over its drafts, or null when the organization has no such run. */
export async function preflightGenerationRun(
	organizationId: string,
	runId: string,
	options?: PreflightOptions,
) {
	const run = await getGenerationRun(organizationId, runId)
	if (!run) return null
	const drafts = await prisma.sequence.findMany({
		where: { generationId: run.id, organizationId, status: 'PENDING' },
		select: { id: true },
	})
	const name = run.campaign ? `Campaign ${run.campaign.name}` : run.name
	return runPreflightCheck(
		organizationId,
		{ kind: 'generation_run', id: run.id, name },
		drafts.map((draft) => draft.id),
		options,
	)
}

/** The sequence's id when it is the organization's, else null: a page's 404 before any check runs. */
export async function findSequenceId(organizationId: string, sequenceId: string) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: { id: true },
	})
	return sequence?.id ?? null
}

/**
 * Activates a draft through its check. Only PENDING → ACTIVE is a launch; any other change (a
 * resume, a pause) goes straight to changeSequenceStatus. Returns the check when one ran.
 */
export async function launchSequence({
	actor,
	sequenceId,
	acknowledgeProblems = false,
	options,
}: {
	actor: LaunchActor
	sequenceId: string
	acknowledgeProblems?: boolean
	options?: PreflightOptions
}) {
	const current = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId: actor.organizationId },
		select: { status: true },
	})
	let check: PreflightCheck | null = null
	if (current?.status === 'PENDING') {
		check = await preflightSequence(actor.organizationId, sequenceId, options)
		if (check) await requireAcknowledged(actor, check, acknowledgeProblems)
	}
	await changeSequenceStatus({ organizationId: actor.organizationId, sequenceId, status: 'ACTIVE' })
	return check
}

/** "Activate drafts" of a run through its check. Returns how many started, or null for no such run. */
export async function launchGenerationRun({
	actor,
	runId,
	acknowledgeProblems = false,
	options,
}: {
	actor: LaunchActor
	runId: string
	acknowledgeProblems?: boolean
	options?: PreflightOptions
}) {
	const check = await preflightGenerationRun(actor.organizationId, runId, options)
	if (!check) return null
	if (check.sequences > 0) await requireAcknowledged(actor, check, acknowledgeProblems)
	return activateGenerationRun(actor.organizationId, runId)
}

async function requireAcknowledged(actor: LaunchActor, check: PreflightCheck, acknowledged: boolean) {
	if (check.totalProblems === 0) return
	if (!acknowledged) throw new PreflightProblemsError(check)
	await prisma.launchAcknowledgement.create({
		data: {
			organizationId: actor.organizationId,
			userId: actor.userId,
			userEmail: actor.email,
			kind: check.target.kind === 'sequence' ? 'SEQUENCE' : 'GENERATION_RUN',
			targetId: check.target.id,
			problems: {
				total: check.totalProblems,
				counts: check.problemCounts,
				listed: check.problems,
			} as unknown as Prisma.InputJsonValue,
		},
	})
}

/** The acknowledged launches of a target, newest first (the check page and the API show them). */
export function listLaunchAcknowledgements(organizationId: string, targetId: string) {
	return prisma.launchAcknowledgement.findMany({
		where: { organizationId, targetId },
		orderBy: { createdAt: 'desc' },
		take: 20,
		select: { id: true, userEmail: true, kind: true, createdAt: true, problems: true },
	})
}
