import { type Prisma } from '#app/generated/prisma/client.ts'
import { calendarDay } from '#app/models/mailbox/mailbox-limits.server.ts'
import {
	type MailboxOwner,
	listUsableMailboxes,
	mailboxDailyLimit,
} from '#app/models/mailbox/mailbox.server.ts'
import { CAMPAIGN_MAILBOXES_MESSAGES } from '#app/schemas/campaign.ts'
import { prisma } from '#app/utils/db.server.ts'
import { type RotationMailbox } from './mailbox-rotation.ts'

type Db = Prisma.TransactionClient | typeof prisma

export class CampaignMailboxesError extends Error {
	constructor(
		message: string,
		readonly status: number,
	) {
		super(message)
	}
}

type MailboxLoad = {
	id: string
	address: string
	dailyLimitStart: number
	dailyLimitIncrement: number
	dailyLimitMax: number
	warmupStartedAt: Date
	sentToday: number
	/** Open sequences on it whose first email has not gone yet: slots it already owes. */
	waiting: number
}

/**
 * Today's figures of the given mailboxes: cap, sent, owed first emails and the room left. One
 * query; "today" is the organization's calendar day, as the caps count it.
 */
async function mailboxLoads(db: Db, organizationId: string, mailboxIds: string[], now: Date) {
	if (mailboxIds.length === 0) return []
	const organization = await db.organization.findUniqueOrThrow({
		where: { id: organizationId },
		select: { timeZone: true },
	})
	const day = calendarDay(organization.timeZone, now)
	const rows = await db.$queryRaw<MailboxLoad[]>`
		SELECT m.id, m.address, m."dailyLimitStart", m."dailyLimitIncrement", m."dailyLimitMax", m."warmupStartedAt",
			coalesce(u."sentCount", 0)::int AS "sentToday",
			(SELECT count(*)::int FROM "Sequence" s
				WHERE s."mailboxId" = m.id AND s.status IN ('CREATING', 'PENDING', 'ACTIVE', 'PAUSED')
				AND NOT EXISTS (SELECT 1 FROM "EmailStep" e WHERE e."sequenceId" = s.id
					AND e.status IN ('SENDING', 'SENT', 'REPLIED'))) AS waiting
		FROM "Mailbox" m
		LEFT JOIN "MailboxDailyUsage" u ON u."mailboxId" = m.id AND u.day = ${day}
		WHERE m.id = ANY(${mailboxIds}::text[]) AND m."organizationId" = ${organizationId}
		ORDER BY m.address`
	return rows.map((row) => {
		const capToday = mailboxDailyLimit(row, now)
		return {
			id: row.id,
			address: row.address,
			capToday,
			sentToday: row.sentToday,
			waiting: row.waiting,
			room: capToday - row.sentToday - row.waiting,
		}
	})
}

/**
 * The Sending mailboxes card and `GET /campaigns/:id/mailboxes`: every mailbox this member may
 * send from, whether the campaign rotates across it, and its room today. Null: not the
 * organization's campaign.
 */
export async function getCampaignMailboxes(actor: MailboxOwner, campaignId: string, now = new Date()) {
	const campaign = await prisma.campaign.findFirst({
		where: { id: campaignId, organizationId: actor.organizationId },
		select: { id: true, mailboxes: { select: { mailboxId: true } } },
	})
	if (!campaign) return null
	const usable = await listUsableMailboxes(actor)
	const chosen = new Set(campaign.mailboxes.map((row) => row.mailboxId))
	const loads = await mailboxLoads(
		prisma,
		actor.organizationId,
		usable.map((mailbox) => mailbox.id),
		now,
	)
	const loadById = new Map(loads.map((load) => [load.id, load]))
	return usable.map((mailbox) => {
		const load = loadById.get(mailbox.id)
		return {
			id: mailbox.id,
			address: mailbox.address,
			selected: chosen.has(mailbox.id),
			capToday: load?.capToday ?? 0,
			sentToday: load?.sentToday ?? 0,
			waiting: load?.waiting ?? 0,
			room: load?.room ?? 0,
		}
	})
}

/** Replaces the campaign's sending mailboxes; each must be one this member may send from. */
export async function setCampaignMailboxes(actor: MailboxOwner, campaignId: string, mailboxIds: string[]) {
	const campaign = await prisma.campaign.findFirst({
		where: { id: campaignId, organizationId: actor.organizationId },
		select: { id: true },
	})
	if (!campaign) throw new CampaignMailboxesError('Campaign not found', 404)
	const usable = new Set((await listUsableMailboxes(actor)).map((mailbox) => mailbox.id))
	if (mailboxIds.some((id) => !usable.has(id))) {
		throw new CampaignMailboxesError(CAMPAIGN_MAILBOXES_MESSAGES.notUsable, 400)
	}
	await prisma.$transaction([
		prisma.campaignMailbox.deleteMany({ where: { campaignId, mailboxId: { notIn: mailboxIds } } }),
		prisma.campaignMailbox.createMany({
			data: mailboxIds.map((mailboxId) => ({ campaignId, mailboxId })),
			skipDuplicates: true,
		}),
	])
	return mailboxIds.length
}

/**
 * The mailboxes a run for this campaign rotates across, with their room: the campaign's, less any
 * this member may no longer send from (another member's, or a sender whose verification went).
 */
export async function rotationPool(
	db: Db,
	actor: MailboxOwner,
	campaignId: string,
	now = new Date(),
): Promise<RotationMailbox[]> {
	const rows = await db.campaignMailbox.findMany({
		where: {
			campaignId,
			campaign: { organizationId: actor.organizationId },
			mailbox: {
				organizationId: actor.organizationId,
				verifiedAt: { not: null },
				OR: [{ kind: 'SENDER' }, { userId: actor.userId }],
			},
		},
		select: { mailboxId: true },
	})
	const loads = await mailboxLoads(
		db,
		actor.organizationId,
		rows.map((row) => row.mailboxId),
		now,
	)
	return loads.map(({ id, address, room }) => ({ id, address, room }))
}

/**
 * The mailbox each contact's latest sequence was sent from, where it is one of the pool: the
 * thread goes on from the address the person already knows.
 */
export async function keptMailboxes(db: Db, organizationId: string, contactIds: string[], poolIds: string[]) {
	if (contactIds.length === 0 || poolIds.length === 0) return new Map<string, string>()
	const rows = await db.$queryRaw<Array<{ contactId: string; mailboxId: string }>>`
		SELECT DISTINCT ON (s."contactId") s."contactId", s."mailboxId"
		FROM "Sequence" s
		WHERE s."organizationId" = ${organizationId} AND s."contactId" = ANY(${contactIds}::text[])
			AND s."mailboxId" = ANY(${poolIds}::text[])
		ORDER BY s."contactId", s."createdAt" DESC`
	return new Map(rows.map((row) => [row.contactId, row.mailboxId]))
}
