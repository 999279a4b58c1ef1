import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { enqueueSequenceGeneration, type GenerateSequencePayload } from '#app/jobs/generate-sequence.ts'
import { findUsableMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { hasFeatureFlag } from '#app/models/user/feature-flags.server.ts'
import { SEQUENCE_PHONE_FLAG } from '#app/schemas/phone-call.ts'
import { prisma } from '#app/utils/db.server.ts'
import { prismaRun } from '#app/utils/sql-run.server.ts'
import { assistantContext } from './grounding.server.ts'
import { writeSequenceWithModel } from './model-writer.server.ts'
import { writeSequenceOffline } from './offline-writer.ts'
import { saveGeneratedDraft } from './save-draft.server.ts'

// The flag's name lives with the call list's contract; the generation routes read it from here.
export { SEQUENCE_PHONE_FLAG }

/** Phone-call steps are behind the sequence:phone flag, whatever the client sends. */
export async function phoneCallsAllowed(userId: string, requested: boolean) {
	return requested && (await hasFeatureFlag(userId, SEQUENCE_PHONE_FLAG))
}

/** What the user asks of a generation: the generate_sequence job's payload but whose and which sequence. */
export type GenerationOptions = Omit<GenerateSequencePayload, 'sequenceId' | 'userId'>

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
	const phoneCall = await phoneCallsAllowed(actor.userId, options.phoneCall)
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
		await enqueueSequenceGeneration(prismaRun(tx), {
			...options,
			phoneCall,
			sequenceId: sequence.id,
			userId: actor.userId,
		})
		return sequence
	})
}

/**
 * Writes a CREATING sequence: its grounding, the draft (the model's when configured, else the
 * offline writer's), then every step and PENDING in one transaction, so a failed or cancelled
 * generation leaves nothing half-written. The last failed attempt marks it FAILED with the reason.
 */
export async function runSequenceGeneration(
	job: GenerateSequencePayload,
	{ isFinalAttempt }: { isFinalAttempt: boolean },
) {
	// Claimed and at 10% in one statement: a run is a thousand of these.
	const [sequence] = await prisma.$queryRaw<
		Array<{
			id: string
			organizationId: string
			contactId: string
			mailboxId: string | null
			creatorName: string | null
			creatorEmail: string | null
		}>
	>`
		UPDATE "Sequence" s SET progress = 10, "updatedAt" = now()
		WHERE s.id = ${job.sequenceId} AND s.status = 'CREATING'
		RETURNING s.id, s."organizationId", s."contactId", s."mailboxId",
			(SELECT name FROM "User" WHERE id = s."creatorId") AS "creatorName",
			(SELECT email FROM "User" WHERE id = s."creatorId") AS "creatorEmail"`
	if (!sequence) return 'gone' as const
	try {
		const context = await assistantContext({
			organizationId: sequence.organizationId,
			contactId: sequence.contactId,
			query: job.prompt,
		})
		if (!context) throw new Error('The contact was deleted')
		const request = {
			...context,
			sender: { name: sequence.creatorName ?? '', email: sequence.creatorEmail ?? '' },
			instruction: job.prompt,
			useOrganizationPrompt: job.orgPrompt,
			// A run asks for LinkedIn for everyone; only contacts with a profile can get those steps.
			linkedin: job.linkedin && Boolean(context.contact.linkedin),
			phoneCall: job.phoneCall,
		}
		const modelWrites = isModelConfigured()
		// 30%: grounded, the model is writing (the long part). The offline writer takes no time.
		if (modelWrites) await setProgress(sequence.id, 30)
		const draft = modelWrites
			? await writeSequenceWithModel(request, { organizationId: sequence.organizationId })
			: writeSequenceOffline(request)
		const writer = modelWrites ? (process.env.OPENAI_MODEL ?? 'model') : 'offline'
		const saved = await saveGeneratedDraft(sequence.id, draft, {
			writer,
			linkedin: context.contact.linkedin ?? null,
		})
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
