import { describe, expect, test } from 'vitest'
import { action as campaignAction, loader as campaignLoader } from '#app/routes/_app+/campaigns.$campaign.tsx'
import { action as campaignsAction, loader as campaignsLoader } from '#app/routes/_app+/campaigns._index.tsx'
import { EMAIL_REQUIRED_FOR_CAMPAIGN } from '#app/schemas/campaign.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import { createContactRecords } from '#tests/factories/list.ts'

describe('/campaigns', () => {
	test('the name form creates a campaign with its channels and redirects to it', async () => {
		const { cookie, organization } = await createSignedInUser({ role: 'MEMBER' })
		const form = new FormData()
		form.set('intent', 'create-campaign')
		form.set('name', ' Spring ')
		form.append('channels', 'EMAIL')
		form.append('channels', 'LINKEDIN')
		const result = await callRoute(() =>
			campaignsAction({
				request: makeRequest('/campaigns?index', { method: 'POST', cookie, form }),
				params: {},
				context: {},
			}),
		)
		const campaign = await prisma.campaign.findFirstOrThrow({ where: { organizationId: organization.id } })
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe(`/campaigns/${campaign.id}`)
		expect(campaign).toMatchObject({ name: 'Spring', channels: ['EMAIL', 'LINKEDIN'], status: 'DRAFT' })
	})

	test('an empty name and no channel give the messages', async () => {
		const { cookie } = await createSignedInUser()
		const result = await callRoute(() =>
			campaignsAction({
				request: makeRequest('/campaigns?index', {
					method: 'POST',
					cookie,
					form: { intent: 'create-campaign', name: ' ' },
				}),
				params: {},
				context: {},
			}),
		)
		expect(result.status).toBe(400)
		expect(result.body.result.error).toMatchObject({
			name: ['Campaign name is required'],
			channels: ['Select at least one channel'],
		})
	})

	test("the table lists the organization's campaigns with counts", async () => {
		const { cookie, organization } = await createSignedInUser()
		const campaign = await createCampaignRecord(organization.id, { name: 'Mine' })
		const [contact] = await createContactRecords(organization.id, [{}])
		await addToCampaign(campaign.id, [contact!.id])
		const other = await createSignedInUser()
		await createCampaignRecord(other.organization.id, { name: 'Theirs' })
		const result = await callRoute(() =>
			campaignsLoader({ request: makeRequest('/campaigns', { cookie }), params: {}, context: {} }),
		)
		expect(result.body.campaigns).toEqual([
			expect.objectContaining({ name: 'Mine', status: 'DRAFT', channels: ['EMAIL'], contactCount: 1 }),
		])
	})
})

describe('/campaigns/:campaign', () => {
	test('the page with its contacts; the no-JavaScript form adds by checkbox with the channel rules', async () => {
		const { cookie, organization } = await createSignedInUser()
		const campaign = await createCampaignRecord(organization.id)
		const [withEmail, withoutEmail] = await createContactRecords(organization.id, [
			{ email: 'a@example.com' },
			{ email: null, linkedin: 'https://www.linkedin.com/in/b' },
		])
		const page = await callRoute(() =>
			campaignLoader({
				request: makeRequest(`/campaigns/${campaign.id}?add=1`, { cookie }),
				params: { campaign: campaign.id },
				context: {},
			}),
		)
		expect(page.status).toBe(200)
		expect(page.body.total).toBe(0)
		const reasons = Object.fromEntries(
			page.body.add.rows.map((row: { id: string; ineligibleReason: string | null }) => [
				row.id,
				row.ineligibleReason,
			]),
		)
		expect(reasons).toEqual({ [withEmail!.id]: null, [withoutEmail!.id]: EMAIL_REQUIRED_FOR_CAMPAIGN })

		const form = new FormData()
		form.set('intent', 'add-to-campaign')
		form.set('scope', 'selected')
		form.append('contactIds', withEmail!.id)
		form.append('contactIds', withoutEmail!.id)
		const result = await callRoute(() =>
			campaignAction({
				request: makeRequest(`/campaigns/${campaign.id}?add=1`, { method: 'POST', cookie, form }),
				params: { campaign: campaign.id },
				context: {},
			}),
		)
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe(`/campaigns/${campaign.id}`)
		const members = await prisma.campaignContact.findMany({ where: { campaignId: campaign.id } })
		expect(members.map((member) => member.contactId)).toEqual([withEmail!.id])

		const after = await callRoute(() =>
			campaignLoader({
				request: makeRequest(`/campaigns/${campaign.id}`, { cookie }),
				params: { campaign: campaign.id },
				context: {},
			}),
		)
		expect(after.body.total).toBe(1)
		expect(after.body.contacts[0].id).toBe(withEmail!.id)
	})

	test("another organization's campaign is a 404 for the page and the form", async () => {
		const owner = await createSignedInUser()
		const campaign = await createCampaignRecord(owner.organization.id)
		const stranger = await createSignedInUser()
		const page = await callRoute(() =>
			campaignLoader({
				request: makeRequest(`/campaigns/${campaign.id}`, { cookie: stranger.cookie }),
				params: { campaign: campaign.id },
				context: {},
			}),
		)
		expect(page.status).toBe(404)
		const post = await callRoute(() =>
			campaignAction({
				request: makeRequest(`/campaigns/${campaign.id}`, {
					method: 'POST',
					cookie: stranger.cookie,
					form: { intent: 'add-to-campaign', scope: 'all' },
				}),
				params: { campaign: campaign.id },
				context: {},
			}),
		)
		expect(post.status).toBe(404)
		expect(await prisma.campaignContact.count({ where: { campaignId: campaign.id } })).toBe(0)
	})
})
