import { Prisma } from '#app/generated/prisma/client.ts'
import { generateSequenceJobSpecSql, sharedGenerationPayload } from '#app/jobs/generate-sequence.ts'
import { selectedContactIdsSql } from '#app/models/contact/contact-filter.server.ts'
import { keptMailboxes, rotationPool } from '#app/models/campaign/campaign-mailboxes.server.ts'
import { assignRotationMailboxes } from '#app/models/campaign/mailbox-rotation.ts'
import { findUsableMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { CAMPAIGN_MAILBOXES_MESSAGES, ROTATE_MAILBOXES } from '#app/schemas/campaign.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import {
	type GenerationOptions,
	GenerationRequestError,
	phoneCallsAllowed,
} from './generate-sequence.server.ts'
import { describeGenerationSkips, generationEligibleSql } from './generation-skips.server.ts'

/** Every contact of the target is skipped: the run is refused rather than started empty. */
export const NOTHING_TO_GENERATE =
	'Nothing to generate: every contact has no email address or already has an open sequence'

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
 * address, or with a sequence already open (generation-skips.server.ts: a sequence a reply
 * stopped is not open), are skipped and counted, so running it twice never doubles anyone's
 * drafts. A run that would skip everyone is refused (no empty run, no "0 of 0 done").
 * A campaign's run may rotate across the campaign's mailboxes (`emailAddressId: 'rotate'`,
 * decision 053): each contact keeps the mailbox of its earlier thread, the others go where there
 * is most room under the daily caps.
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
	const rotate = emailAddressId === ROTATE_MAILBOXES
	if (rotate && !('campaignId' in target)) {
		throw new GenerationRequestError(CAMPAIGN_MAILBOXES_MESSAGES.campaignOnly, 400)
	}
	const mailbox = rotate ? null : await findUsableMailbox(actor, emailAddressId)
	if (!rotate && !mailbox) throw new GenerationRequestError('Please select a sender email', 400)
	const phoneCall = await phoneCallsAllowed(actor.userId, options.phoneCall)
	let name = ''
	let campaignId: string | null = null
	if ('campaignId' in target) {
		const campaign = await prisma.campaign.findFirst({
			where: { id: target.campaignId, organizationId: actor.organizationId },
			select: { id: true, name: true },
		})
		if (!campaign) throw new GenerationRequestError('Campaign not found', 404)
		campaignId = campaign.id
		name = campaign.name
	}
	const contactsSql = targetContactsSql(actor.organizationId, target)

	return prisma.$transaction(
		async (tx) => {
			// One run at a time per organization, so two runs over the same contacts cannot both
			// see "no open sequence" and each add a draft.
			await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'generation-run:' + actor.organizationId}))`
			const candidates = await tx.$queryRaw<Array<{ id: string; eligible: boolean }>>`
				WITH picked AS (${contactsSql})
				SELECT c.id, ${generationEligibleSql(Prisma.sql`c`)} AS eligible
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
			if (contactIds.length === 0) throw new GenerationRequestError(NOTHING_TO_GENERATE, 400)
			const mailboxIds = await mailboxOfEachContact(tx, actor, campaignId, mailbox?.id ?? null, contactIds)
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
						SELECT gen_random_uuid()::text, 'CREATING', 0, ${actor.organizationId}, contact_id, mailbox_id, ${actor.userId}, ${run.id}, now()
						FROM unnest(${contactIds}::text[], ${mailboxIds}::text[]) AS target(contact_id, mailbox_id)
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

/**
 * The sending mailbox of each contact, in order: the one chosen, or under rotation the campaign's
 * pool as it stands inside the run's lock (a run started beside it already counts).
 */
async function mailboxOfEachContact(
	tx: Prisma.TransactionClient,
	actor: GenerationActor,
	campaignId: string | null,
	mailboxId: string | null,
	contactIds: string[],
) {
	if (mailboxId) return contactIds.map(() => mailboxId)
	const pool = campaignId ? await rotationPool(tx, actor, campaignId) : []
	if (pool.length === 0) throw new GenerationRequestError(CAMPAIGN_MAILBOXES_MESSAGES.noneChosen, 400)
	const poolIds = pool.map((entry) => entry.id)
	const kept = await keptMailboxes(tx, actor.organizationId, contactIds, poolIds)
	const assigned = assignRotationMailboxes(pool, contactIds, kept)
	return contactIds.map((contactId) => assigned.get(contactId)!)
}

/** The target's contact ids as a query (column `id`), only the organization's contacts. */
function targetContactsSql(organizationId: string, target: GenerationTarget) {
	if ('campaignId' in target) {
		return Prisma.sql`SELECT cc."contactId" AS id FROM "CampaignContact" cc
			JOIN "Contact" c ON c.id = cc."contactId" AND c."organizationId" = ${organizationId}
			WHERE cc."campaignId" = ${target.campaignId}`
	}
	return selectedContactIdsSql(organizationId, target.selection, target.filter, target.excludeIds)
}

/**
 * What a run would cover, for the form: the campaign's name or "N contacts", the count, and who
 * would be skipped and why (each named, up to a limit), said before the click.
 */
export async function describeGenerationTarget(organizationId: string, target: GenerationTarget) {
	let label: string | null = null
	if ('campaignId' in target) {
		const campaign = await prisma.campaign.findFirst({
			where: { id: target.campaignId, organizationId },
			select: { name: true },
		})
		if (!campaign) return null
		label = campaign.name
	}
	const skips = await describeGenerationSkips(targetContactsSql(organizationId, target))
	const count = skips.eligible + skips.skipped
	return { label: label ?? contactsLabel(count), count, skips }
}

/** "1 contact", "1,000 contacts": a run's name when it is not a campaign's. */
function contactsLabel(count: number) {
	return `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`
}
