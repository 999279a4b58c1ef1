import { findGroupMembersPage } from '#app/models/contact/contact-list.server.ts'
import { type CreateCampaignInput } from '#app/schemas/campaign.ts'
import { prisma } from '#app/utils/db.server.ts'

export const CAMPAIGN_SELECT = {
	id: true,
	name: true,
	channels: true,
	status: true,
	createdAt: true,
} as const

export function createCampaign(organizationId: string, creatorId: string | null, input: CreateCampaignInput) {
	return prisma.campaign.create({
		data: { organizationId, creatorId, name: input.name, channels: input.channels },
		select: CAMPAIGN_SELECT,
	})
}

/** The organization's campaigns, newest first, with how many contacts each holds. */
export async function listCampaigns(organizationId: string) {
	const campaigns = await prisma.campaign.findMany({
		where: { organizationId },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		select: { ...CAMPAIGN_SELECT, _count: { select: { contacts: true } } },
	})
	return campaigns.map(({ _count, ...campaign }) => ({ ...campaign, contactCount: _count.contacts }))
}

/** The organization's campaigns as options (id and name), newest first: the Add to Campaign picker. */
export function listCampaignOptions(organizationId: string) {
	return prisma.campaign.findMany({
		where: { organizationId },
		select: { id: true, name: true },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
	})
}

/** The campaign, or null when it is not the organization's. */
export function findCampaign(organizationId: string, campaignId: string) {
	return prisma.campaign.findFirst({ where: { id: campaignId, organizationId }, select: CAMPAIGN_SELECT })
}

/** A campaign with one page of its contacts. */
export async function getCampaignWithContacts(
	organizationId: string,
	campaignId: string,
	page: Parameters<typeof findGroupMembersPage>[2] = {},
) {
	const campaign = await findCampaign(organizationId, campaignId)
	if (!campaign) return null
	const { contacts, total } = await findGroupMembersPage(
		organizationId,
		{ kind: 'campaign', id: campaign.id },
		page,
	)
	return { ...campaign, contacts, total }
}
