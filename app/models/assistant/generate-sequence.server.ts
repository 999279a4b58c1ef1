import { type Prisma } from '#app/generated/prisma/client.ts'
import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { findUsableMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { hasFeatureFlag } from '#app/models/user/feature-flags.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { emailBodyFrom } from '#app/utils/editor-json.ts'
import { assistantContext } from './grounding.server.ts'
import { writeSequenceWithModel } from './model-writer.server.ts'
import { writeSequenceOffline } from './offline-writer.ts'
import { type SequenceDraft } from './sequence-draft.ts'

export const GENERATE_SEQUENCE_TASK = 'generate_sequence'

export type GenerationOptions = {
	prompt: string
	orgPrompt: boolean
	linkedin: boolean
	phoneCall: boolean
}

export type GenerationJob = GenerationOptions & { sequenceId: string; userId: string }

export class GenerationRequestError extends Error {
	name = 'GenerationRequestError'
	constructor(
		message: string,
		public status: 400 | 404,
	) {
		super(message)
	}
}

/**
 * `POST /api/sequences/background`: the sequence exists at once, in CREATING, and a worker job
 * writes it (runSequenceGeneration). Row and job are added in one transaction.
 */
export async function startSequenceGeneration({
	actor,
	contactId,
	emailAddressId,
	options,
}: {
	actor: { organizationId: string; userId: string; email: string; name: string }
	contactId: string
	emailAddressId: string
	options: GenerationOptions
}) {
	const owner = {
		organizationId: actor.organizationId,
		userId: actor.userId,
		email: actor.email,
		name: actor.name,
	}
	const mailbox = await findUsableMailbox(owner, emailAddressId)
	if (!mailbox) throw new GenerationRequestError('Please select a sender email', 400)
	const contact = await prisma.contact.findFirst({
		where: { id: contactId, organizationId: actor.organizationId },
		select: { id: true },
	})
	if (!contact) throw new GenerationRequestError('Contact not found', 404)
	// Phone-call steps are behind the sequence:phone flag, whatever the client sends.
	const phoneCall = options.phoneCall && (await hasFeatureFlag(actor.userId, 'sequence:phone'))
	return prisma.$transaction(async (tx) => {
		const sequence = await tx.sequence.create({
			data: {
				organizationId: actor.organizationId,
				contactId: contact.id,
				creatorId: actor.userId,
				mailboxId: mailbox.id,
				status: 'CREATING',
				progress: 0,
			},
			select: { id: true, status: true, progress: true },
		})
		const job: GenerationJob = { ...options, phoneCall, sequenceId: sequence.id, userId: actor.userId }
		await tx.$executeRaw`SELECT FROM graphile_worker.add_job(${GENERATE_SEQUENCE_TASK}, ${JSON.stringify(job)}::json,
			job_key => ${'generate-sequence:' + sequence.id}, max_attempts => 3)`
		return sequence
	})
}

/**
 * Writes a CREATING sequence: its grounding, the draft (the model's when configured, else the
 * offline writer's), then every step and PENDING in one transaction, so a failed or cancelled
 * generation leaves nothing half-written. The last failed attempt marks it FAILED with the reason.
 */
export async function runSequenceGeneration(
	job: GenerationJob,
	{ isFinalAttempt }: { isFinalAttempt: boolean },
) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: job.sequenceId, status: 'CREATING' },
		select: {
			id: true,
			organizationId: true,
			contactId: true,
			mailboxId: true,
			creator: { select: { name: true, email: true } },
		},
	})
	if (!sequence) return 'gone' as const
	try {
		await setProgress(sequence.id, 10)
		const context = await assistantContext({
			organizationId: sequence.organizationId,
			contactId: sequence.contactId,
			query: job.prompt,
		})
		if (!context) throw new Error('The contact was deleted')
		const request = {
			...context,
			sender: { name: sequence.creator?.name ?? '', email: sequence.creator?.email ?? '' },
			instruction: job.prompt,
			useOrganizationPrompt: job.orgPrompt,
			// A run asks for LinkedIn for everyone; only contacts with a profile can get those steps.
			linkedin: job.linkedin && Boolean(context.contact.linkedin),
			phoneCall: job.phoneCall,
		}
		await setProgress(sequence.id, 30)
		const modelWrites = isModelConfigured()
		const draft = modelWrites
			? await writeSequenceWithModel(request, { organizationId: sequence.organizationId })
			: writeSequenceOffline(request)
		await setProgress(sequence.id, 90)
		const writer = modelWrites ? (process.env.OPENAI_MODEL ?? 'model') : 'offline'
		const saved = await saveDraft(sequence, draft, { writer, linkedin: context.contact.linkedin ?? null })
		return saved ? ('written' as const) : ('gone' as const)
	} catch (error) {
		if (!isFinalAttempt) throw error
		const reason = error instanceof Error && error.message ? error.message : 'Failed to generate sequence'
		await prisma.sequence.updateMany({
			where: { id: sequence.id, status: 'CREATING' },
			data: { status: 'FAILED', failureReason: reason, progress: 0 },
		})
		return 'failed' as const
	}
}

async function setProgress(sequenceId: string, progress: number) {
	await prisma.sequence.updateMany({ where: { id: sequenceId, status: 'CREATING' }, data: { progress } })
}

async function saveDraft(
	sequence: { id: string; organizationId: string; mailboxId: string | null },
	draft: SequenceDraft,
	{ writer, linkedin }: { writer: string; linkedin: string | null },
) {
	const subject = draft.emailSteps[0]?.subject ?? ''
	return prisma.$transaction(async (tx) => {
		// Still CREATING (not deleted or cancelled meanwhile): lock it and write everything.
		const locked = await tx.$queryRaw<Array<{ id: string }>>`
			SELECT id FROM "Sequence" WHERE id = ${sequence.id} AND status = 'CREATING' FOR UPDATE`
		if (locked.length === 0) return false
		const emailSteps: Prisma.EmailStepCreateManyInput[] = draft.emailSteps.map((step, index) => {
			const body = emailBodyFrom({ body: step.body })
			return {
				organizationId: sequence.organizationId,
				sequenceId: sequence.id,
				emailAddressId: sequence.mailboxId,
				order: index + 1,
				subject,
				daysAfter: step.daysAfter,
				bodyJson: body.bodyJson as Prisma.InputJsonValue,
				bodyHtml: body.bodyHtml,
				bodyText: body.bodyText,
			}
		})
		await tx.emailStep.createMany({ data: emailSteps })
		await tx.linkedInStep.createMany({
			data: draft.linkedInSteps.map((step, index) => ({
				organizationId: sequence.organizationId,
				sequenceId: sequence.id,
				order: index + 1,
				linkedinUrl: linkedin,
				username: linkedin ? (/\/in\/([^/?#]+)/.exec(linkedin)?.[1] ?? null) : null,
				requestNote: step.requestNote,
				message: step.message,
				daysAfter: step.daysAfter,
			})),
		})
		await tx.phoneCallStep.createMany({
			data: draft.phoneCallSteps.map((step, index) => ({
				organizationId: sequence.organizationId,
				sequenceId: sequence.id,
				order: index + 1,
				talkingPoints: step.talkingPoints,
				daysAfter: step.daysAfter,
			})),
		})
		await tx.sequence.update({
			where: { id: sequence.id },
			data: { status: 'PENDING', progress: 100, subject, generatedBy: writer },
		})
		return true
	})
}
