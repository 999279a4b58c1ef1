import { prisma } from '#app/utils/db.server.ts'

export type AnalyticsOption = { id: string; label: string }

/** What the Analytics page's filter offers: the organization's mailboxes, members and campaigns. */
export async function listAnalyticsOptions(organizationId: string) {
	const [mailboxes, members, campaigns] = await Promise.all([
		prisma.mailbox.findMany({
			where: { organizationId },
			select: { id: true, address: true },
			orderBy: { address: 'asc' },
		}),
		prisma.membership.findMany({
			where: { organizationId },
			select: { user: { select: { id: true, name: true, email: true } } },
			orderBy: { createdAt: 'asc' },
		}),
		prisma.campaign.findMany({
			where: { organizationId },
			select: { id: true, name: true },
			orderBy: { createdAt: 'desc' },
			take: 200,
		}),
	])
	return {
		mailboxes: mailboxes.map((mailbox): AnalyticsOption => ({ id: mailbox.id, label: mailbox.address })),
		users: members.map(({ user }): AnalyticsOption => ({ id: user.id, label: user.name || user.email })),
		campaigns: campaigns.map((campaign): AnalyticsOption => ({ id: campaign.id, label: campaign.name })),
	}
}
