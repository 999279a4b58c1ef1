import { randomUUID } from 'node:crypto'
import { type CampaignChannel } from '#app/generated/prisma/enums.ts'
import { prisma } from '#app/utils/db.server.ts'

export async function createCampaignRecord(
	organizationId: string,
	{
		name = `Campaign ${randomUUID().slice(0, 8)}`,
		channels = ['EMAIL'],
	}: { name?: string; channels?: CampaignChannel[] } = {},
) {
	return prisma.campaign.create({
		data: { organizationId, name, channels },
		select: { id: true, name: true, channels: true, status: true },
	})
}

export async function addToCampaign(campaignId: string, contactIds: string[]) {
	await prisma.campaignContact.createMany({
		data: contactIds.map((contactId) => ({ campaignId, contactId })),
		skipDuplicates: true,
	})
}
