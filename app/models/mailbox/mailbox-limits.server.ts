import { replanHeldSteps } from '#app/models/sequence/replan-held-steps.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { mailboxDailyLimit } from './mailbox.server.ts'

/**
 * The warm-up settings of each mailbox and how much of today's cap it used. The day is the
 * organization's calendar day (MailboxDailyUsage.day), as the dispatcher counts it.
 */

export type MailboxLimits = { dailyLimitStart: number; dailyLimitIncrement: number; dailyLimitMax: number }

/** Today's date in the time zone, as the UTC midnight a `@db.Date` column stores. */
export function calendarDay(timeZone: string, now = new Date()) {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).formatToParts(now)
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
	return new Date(`${part('year')}-${part('month')}-${part('day')}T00:00:00.000Z`)
}

/**
 * Every mailbox of the organization with its limits, today's cap and today's count.
 * `editableBy` marks what this member may change: managers every mailbox, others their own.
 */
export async function listMailboxesWithUsage(
	organizationId: string,
	viewer: { userId: string; canManage: boolean },
	now = new Date(),
) {
	const organization = await prisma.organization.findUnique({
		where: { id: organizationId },
		select: { timeZone: true },
	})
	if (!organization) return []
	const day = calendarDay(organization.timeZone, now)
	const mailboxes = await prisma.mailbox.findMany({
		where: { organizationId },
		select: {
			id: true,
			address: true,
			kind: true,
			userId: true,
			verifiedAt: true,
			dailyLimitStart: true,
			dailyLimitIncrement: true,
			dailyLimitMax: true,
			warmupStartedAt: true,
			serverUnreachableAt: true,
			serverError: true,
			usage: { where: { day }, select: { sentCount: true } },
		},
		orderBy: [{ kind: 'asc' }, { address: 'asc' }],
	})
	return mailboxes.map(({ usage, ...mailbox }) => ({
		...mailbox,
		todayLimit: mailboxDailyLimit(mailbox, now),
		todaySent: usage[0]?.sentCount ?? 0,
		canEdit: viewer.canManage || mailbox.userId === viewer.userId,
	}))
}

/**
 * Null when the mailbox is not this organization's, or not this member's to change. Steps the
 * old cap held are planned again at once (a raised cap releases them now, in a spread).
 */
export async function updateMailboxLimits(
	organizationId: string,
	viewer: { userId: string; canManage: boolean },
	mailboxId: string,
	limits: MailboxLimits,
) {
	const updated = await prisma.mailbox.updateMany({
		where: { id: mailboxId, organizationId, ...(viewer.canManage ? {} : { userId: viewer.userId }) },
		data: limits,
	})
	if (updated.count === 0) return null
	await replanHeldSteps(organizationId, { kind: 'cap', mailboxId })
	return { id: mailboxId }
}
