import { Prisma } from '#app/generated/prisma/client.ts'
import { generateSequenceJobSpecSql, sharedGenerationPayload } from '#app/jobs/generate-sequence.ts'
import { selectedContactIdsSql } from '#app/models/contact/contact-filter.server.ts'
import { findUsableMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import {
	type GenerationOptions,
	GenerationRequestError,
	phoneCallsAllowed,
} from './generate-sequence.server.ts'

/** The most contacts one Generate Sequences run takes. */
export const GENERATION_RUN_LIMIT = 5_000
/**
 * Graphile Worker runs lower numbers first: a run's drafts wait behind a single contact's
 * generation from the panel, so one person's request never queues behind a thousand.
 */
const RUN_JOB_PRIORITY = 10

export type GenerationTarget =
	{ campaignId: string } | { selection: ContactSelection; filter: ContactFilter; excludeIds?: string[] }

export type GenerationActor = { organizationId: string; userId: string; email: string; name: string }

/**
 * Generate Sequences for many contacts (picked ones, all matching a filter, or a campaign's):
 * one draft per contact, each written by its own `generate_sequence` job. The run, its
 * CREATING sequences and their jobs are added in one transaction; contacts with no email
 * address, or with a sequence already open (generating, draft, active or paused), are skipped
 * and counted, so running it twice never doubles anyone's drafts.
 */
export async function startGenerationRun({
	actor,
	target,
	emailAddressId,
	options,
}: {
	actor: GenerationActor
	target: GenerationTarget
	emailAddressId: string
	options: GenerationOptions
}) {
	const mailbox = await findUsableMailbox(actor, emailAddressId)
	if (!mailbox) throw new GenerationRequestError('Please select a sender email', 400)
	const phoneCall = await phoneCallsAllowed(actor.userId, options.phoneCall)
	let name: string
	let contactsSql: Prisma.Sql
	let campaignId: string | null = null
	if ('campaignId' in target) {
		const campaign = await prisma.campaign.findFirst({
			where: { id: target.campaignId, organizationId: actor.organizationId },
			select: { id: true, name: true },
		})
		if (!campaign) throw new GenerationRequestError('Campaign not found', 404)
		campaignId = campaign.id
		name = campaign.name
		contactsSql = Prisma.sql`SELECT cc."contactId" AS id FROM "CampaignContact" cc
			JOIN "Contact" c ON c.id = cc."contactId" AND c."organizationId" = ${actor.organizationId}
			WHERE cc."campaignId" = ${campaign.id}`
	} else {
		contactsSql = selectedContactIdsSql(
			actor.organizationId,
			target.selection,
			target.filter,
			target.excludeIds,
		)
		name = ''
	}

	return prisma.$transaction(
		async (tx) => {
			// One run at a time per organization, so two runs over the same contacts cannot both
			// see "no open sequence" and each add a draft.
			await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'generation-run:' + actor.organizationId}))`
			const candidates = await tx.$queryRaw<Array<{ id: string; eligible: boolean }>>`
				WITH picked AS (${contactsSql})
				SELECT c.id,
					(coalesce(btrim(c.email), '') <> '' AND NOT EXISTS (
						SELECT 1 FROM "Sequence" s WHERE s."contactId" = c.id
							AND s.status IN ('CREATING', 'PENDING', 'ACTIVE', 'PAUSED'))) AS eligible
				FROM "Contact" c JOIN picked ON picked.id = c.id
				LIMIT ${GENERATION_RUN_LIMIT + 1}`
			if (candidates.length === 0) throw new GenerationRequestError('Select at least one contact', 400)
			if (candidates.length > GENERATION_RUN_LIMIT) {
				throw new GenerationRequestError(
					`A run takes at most ${GENERATION_RUN_LIMIT.toLocaleString('en-US')} contacts`,
					400,
				)
			}
			// Each created sequence's job: the payload the run's jobs share (one parameter) and its id.
			const sharedPayload = sharedGenerationPayload({ ...options, phoneCall, userId: actor.userId })
			const jobSpec = generateSequenceJobSpecSql({
				sequenceId: 'created.id',
				sharedPayload: 'run_job.payload',
				priority: RUN_JOB_PRIORITY,
			})
			const contactIds = candidates.filter((row) => row.eligible).map((row) => row.id)
			const run = await tx.sequenceGeneration.create({
				data: {
					name: name || contactsLabel(candidates.length),
					organizationId: actor.organizationId,
					creatorId: actor.userId,
					campaignId,
					prompt: options.prompt,
					orgPrompt: options.orgPrompt,
					linkedin: options.linkedin,
					phoneCall,
					skipped: candidates.length - contactIds.length,
				},
				select: { id: true, name: true, skipped: true },
			})
			if (contactIds.length > 0) {
				await tx.$executeRaw`
					WITH created AS (
						INSERT INTO "Sequence" (id, status, progress, "organizationId", "contactId", "mailboxId", "creatorId", "generationId", "updatedAt")
						SELECT gen_random_uuid()::text, 'CREATING', 0, ${actor.organizationId}, contact_id, ${mailbox.id}, ${actor.userId}, ${run.id}, now()
						FROM unnest(${contactIds}::text[]) AS contact_id
						RETURNING id
					)
					SELECT count(*) FROM graphile_worker.add_jobs((
						SELECT array_agg(${Prisma.raw(jobSpec)})
						FROM created, (SELECT ${sharedPayload}::jsonb AS payload) AS run_job
					))`
			}
			return { id: run.id, name: run.name, total: contactIds.length, skipped: run.skipped }
		},
		{ timeout: 60_000, maxWait: 10_000 },
	)
}

/** What a run would cover, for the dialog's heading: the campaign's name or "N contacts", and the count. */
export async function describeGenerationTarget(organizationId: string, target: GenerationTarget) {
	if ('campaignId' in target) {
		const campaign = await prisma.campaign.findFirst({
			where: { id: target.campaignId, organizationId },
			select: { name: true, _count: { select: { contacts: true } } },
		})
		return campaign ? { label: campaign.name, count: campaign._count.contacts } : null
	}
	const [row] = await prisma.$queryRaw<Array<{ count: number }>>`
		SELECT count(*)::int AS count FROM (${selectedContactIdsSql(organizationId, target.selection, target.filter, target.excludeIds)}) picked`
	const count = row?.count ?? 0
	return { label: contactsLabel(count), count }
}

/** "1 contact", "1,000 contacts": a run's name when it is not a campaign's. */
function contactsLabel(count: number) {
	return `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`
}
