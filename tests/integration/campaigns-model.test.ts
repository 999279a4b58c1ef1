import { describe, expect, test } from 'vitest'
import {
	EMAIL_REQUIRED_FOR_CAMPAIGN,
	INVALID_LINKEDIN_FOR_CAMPAIGN,
	LINKEDIN_REQUIRED_FOR_CAMPAIGN,
} from '#app/schemas/campaign.ts'
import { ContactFilterSchema } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { addToCampaign } from '#tests/factories/campaign.ts'
import { createContactRecords } from '#tests/factories/list.ts'
import { createTagRecord, tagContacts } from '#tests/factories/tag.ts'
import { addContactsToCampaign, campaignMemberIds } from '#app/models/campaign/campaign-contacts.server.ts'
import {
	createCampaign,
	findCampaign,
	getCampaignWithContacts,
	listCampaigns,
} from '#app/models/campaign/campaign.server.ts'

const noFilter = ContactFilterSchema.parse({})
const PROFILE = 'https://www.linkedin.com/in/someone'

async function newOrganization() {
	const { organization, user } = await createSignedInUser()
	return { organizationId: organization.id, userId: user.id }
}

describe('campaigns', () => {
	test('create, list with counts, find: organization scoped', async () => {
		const { organizationId, userId } = await newOrganization()
		const other = await newOrganization()
		const campaign = await createCampaign(organizationId, userId, {
			name: 'Launch',
			channels: ['EMAIL', 'LINKEDIN'],
		})
		expect(campaign).toMatchObject({ name: 'Launch', channels: ['EMAIL', 'LINKEDIN'], status: 'DRAFT' })
		const [contact] = await createContactRecords(organizationId, [{}])
		await addToCampaign(campaign.id, [contact!.id])

		expect(await listCampaigns(organizationId)).toEqual([
			expect.objectContaining({ id: campaign.id, contactCount: 1 }),
		])
		expect(await listCampaigns(other.organizationId)).toEqual([])
		expect(await findCampaign(other.organizationId, campaign.id)).toBeNull()
		expect(await getCampaignWithContacts(other.organizationId, campaign.id)).toBeNull()
		const page = await getCampaignWithContacts(organizationId, campaign.id)
		expect(page?.total).toBe(1)
		expect(page?.contacts.map((row) => row.id)).toEqual([contact!.id])
	})
})

describe('adding contacts to a campaign', () => {
	test('by ids: the channel rules skip with reasons; other organizations are ignored', async () => {
		const { organizationId, userId } = await newOrganization()
		const other = await newOrganization()
		const [withEmail, noEmail, companyPage, none, both] = await createContactRecords(organizationId, [
			{ email: 'a@example.com' },
			{ email: null, linkedin: PROFILE },
			{ email: 'c@example.com', linkedin: 'https://www.linkedin.com/company/acme' },
			{ email: null, linkedin: null },
			{ email: 'e@example.com', linkedin: PROFILE },
		])
		const [foreign] = await createContactRecords(other.organizationId, [{}])
		const ids = [withEmail!, noEmail!, companyPage!, none!, both!, foreign!].map((contact) => contact.id)

		const emailCampaign = await createCampaign(organizationId, userId, { name: 'E', channels: ['EMAIL'] })
		const emailResult = await addContactsToCampaign(organizationId, emailCampaign, ids, noFilter)
		expect(emailResult.added).toBe(3)
		expect(emailResult.skippedCount).toBe(2)
		expect(new Map(emailResult.skipped.map((skip) => [skip.id, skip.reason]))).toEqual(
			new Map([
				[noEmail!.id, EMAIL_REQUIRED_FOR_CAMPAIGN],
				[none!.id, EMAIL_REQUIRED_FOR_CAMPAIGN],
			]),
		)

		const linkedinCampaign = await createCampaign(organizationId, userId, {
			name: 'L',
			channels: ['LINKEDIN'],
		})
		const linkedinResult = await addContactsToCampaign(organizationId, linkedinCampaign, ids, noFilter)
		expect(linkedinResult.added).toBe(2)
		expect(new Map(linkedinResult.skipped.map((skip) => [skip.id, skip.reason]))).toEqual(
			new Map([
				[withEmail!.id, LINKEDIN_REQUIRED_FOR_CAMPAIGN],
				[companyPage!.id, INVALID_LINKEDIN_FOR_CAMPAIGN],
				[none!.id, LINKEDIN_REQUIRED_FOR_CAMPAIGN],
			]),
		)
		expect(await campaignMemberIds(linkedinCampaign.id, ids)).toEqual(new Set([noEmail!.id, both!.id]))

		const bothCampaign = await createCampaign(organizationId, userId, {
			name: 'B',
			channels: ['EMAIL', 'LINKEDIN'],
		})
		const bothResult = await addContactsToCampaign(organizationId, bothCampaign, ids, noFilter)
		expect(bothResult.added).toBe(1)
		expect(await campaignMemberIds(bothCampaign.id, ids)).toEqual(new Set([both!.id]))

		// Members already there are neither added again nor skipped.
		expect(await addContactsToCampaign(organizationId, emailCampaign, [withEmail!.id], noFilter)).toEqual({
			added: 0,
			skipped: [],
			skippedCount: 0,
		})
	})

	test("'all' applies the filter and exclude_ids and counts the skipped", async () => {
		const { organizationId, userId } = await newOrganization()
		const other = await newOrganization()
		const contacts = await createContactRecords(organizationId, [
			{ firstName: 'Ann', email: 'ann@example.com' },
			{ firstName: 'Anna', email: null, linkedin: PROFILE },
			{ firstName: 'Annie', email: 'annie@example.com' },
			{ firstName: 'Bob', email: 'bob@example.com' },
		])
		await createContactRecords(other.organizationId, [{ firstName: 'Ann', email: 'ann@example.com' }])
		const tag = await createTagRecord(organizationId)
		await tagContacts(
			tag.id,
			contacts.map((contact) => contact.id),
		)
		const campaign = await createCampaign(organizationId, userId, { name: 'C', channels: ['EMAIL'] })

		const filter = ContactFilterSchema.parse({ search: 'ann', tags: [tag.id] })
		const result = await addContactsToCampaign(organizationId, campaign, 'all', filter, [contacts[2]!.id])
		expect(result).toEqual({ added: 1, skipped: [], skippedCount: 1 })
		expect(await prisma.campaignContact.count({ where: { campaignId: campaign.id } })).toBe(1)
		expect(await campaignMemberIds(campaign.id, [contacts[0]!.id])).toEqual(new Set([contacts[0]!.id]))
	})
})
