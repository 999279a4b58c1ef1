import { describe, expect, test } from 'vitest'
import {
	EMAIL_REQUIRED_FOR_CAMPAIGN,
	INVALID_LINKEDIN_FOR_CAMPAIGN,
	LINKEDIN_REQUIRED_FOR_CAMPAIGN,
} from '#app/schemas/campaign.ts'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import { createContactRecords } from '#tests/factories/list.ts'
import { createTagRecord, tagContacts } from '#tests/factories/tag.ts'

const send = setupApiRouter()
const PROFILE = 'https://www.linkedin.com/in/someone'

describe('GET and POST /api/v1/campaigns', () => {
	test('any member creates a campaign (201 with its id) and lists them with counts', async () => {
		const { cookie, organization } = await createSignedInUser({ role: 'MEMBER' })
		const created = await send('POST', '/api/v1/campaigns', {
			cookie,
			json: { name: ' Launch ', channels: ['EMAIL', 'LINKEDIN'] },
		})
		expect(created.status).toBe(201)
		expect(created.json).toEqual({
			id: expect.any(String),
			name: 'Launch',
			channels: ['EMAIL', 'LINKEDIN'],
			status: 'DRAFT',
			createdAt: expect.any(String),
		})
		const defaulted = await send('POST', '/api/v1/campaigns', { cookie, json: { name: 'Email only' } })
		expect(defaulted.json.channels).toEqual(['EMAIL'])

		const [contact] = await createContactRecords(organization.id, [{}])
		await addToCampaign(created.json.id, [contact!.id])
		const listed = await send('GET', '/api/v1/campaigns', { cookie })
		expect(listed.status).toBe(200)
		expect(
			listed.json.data.map((row: { name: string; contactCount: number }) => [row.name, row.contactCount]),
		).toEqual([
			['Email only', 0],
			['Launch', 1],
		])
	})

	test('400 with the message for an empty name or no channel', async () => {
		const { cookie } = await createSignedInUser()
		expectApiError(
			await send('POST', '/api/v1/campaigns', { cookie, json: { name: '  ' } }),
			400,
			'Campaign name is required',
		)
		expectApiError(
			await send('POST', '/api/v1/campaigns', { cookie, json: { name: 'x', channels: [] } }),
			400,
			'Select at least one channel',
		)
		expectApiError(
			await send('POST', '/api/v1/campaigns', { cookie, json: { name: 'x', channels: ['SMS'] } }),
			400,
		)
	})

	test('401 without a session; another organization sees none', async () => {
		expectApiError(await send('GET', '/api/v1/campaigns'), 401)
		expectApiError(await send('POST', '/api/v1/campaigns', { json: { name: 'x' } }), 401)
		const owner = await createSignedInUser()
		await createCampaignRecord(owner.organization.id)
		const stranger = await createSignedInUser()
		expect((await send('GET', '/api/v1/campaigns', { cookie: stranger.cookie })).json.data).toEqual([])
	})
})

describe('POST /api/v1/campaigns/:campaign/contacts/batch', () => {
	test('ids: adds the eligible, skips the others with the channel messages', async () => {
		const { cookie, organization } = await createSignedInUser({ role: 'MEMBER' })
		const campaign = await createCampaignRecord(organization.id, { channels: ['EMAIL', 'LINKEDIN'] })
		const [ok, noEmail, companyUrl, noLinkedin] = await createContactRecords(organization.id, [
			{ email: 'ok@example.com', linkedin: PROFILE },
			{ email: null, linkedin: PROFILE },
			{ email: 'c@example.com', linkedin: 'https://www.linkedin.com/company/acme' },
			{ email: 'd@example.com', linkedin: null },
		])
		const result = await send('POST', `/api/v1/campaigns/${campaign.id}/contacts/batch`, {
			cookie,
			json: { contact_ids: [ok!.id, noEmail!.id, companyUrl!.id, noLinkedin!.id] },
		})
		expect(result.status).toBe(200)
		expect(result.json.added).toBe(1)
		expect(result.json.skippedCount).toBe(3)
		expect(result.json.skipped).toEqual(
			expect.arrayContaining([
				{ id: noEmail!.id, reason: EMAIL_REQUIRED_FOR_CAMPAIGN },
				{ id: companyUrl!.id, reason: INVALID_LINKEDIN_FOR_CAMPAIGN },
				{ id: noLinkedin!.id, reason: LINKEDIN_REQUIRED_FOR_CAMPAIGN },
			]),
		)
	})

	test("'all' with tags, search and exclude_ids adds exactly what the user saw", async () => {
		const { cookie, organization } = await createSignedInUser()
		const campaign = await createCampaignRecord(organization.id)
		const contacts = await createContactRecords(
			organization.id,
			['Ann', 'Anna', 'Annie', 'Bob'].map((firstName) => ({
				firstName,
				lastName: 'Test',
				email: `${firstName.toLowerCase()}@example.com`,
			})),
		)
		const tag = await createTagRecord(organization.id)
		await tagContacts(tag.id, [contacts[0]!.id, contacts[1]!.id, contacts[3]!.id])
		const result = await send('POST', `/api/v1/campaigns/${campaign.id}/contacts/batch`, {
			cookie,
			json: { contact_ids: 'all', tags: [tag.id], search: 'ann', exclude_ids: [contacts[1]!.id] },
		})
		expect(result.json).toEqual({ added: 1, skipped: [], skippedCount: 0 })
		const members = await prisma.campaignContact.findMany({ where: { campaignId: campaign.id } })
		expect(members.map((member) => member.contactId)).toEqual([contacts[0]!.id])
	})

	test("another organization's campaign is a 404, and its contacts are never added", async () => {
		const owner = await createSignedInUser()
		const campaign = await createCampaignRecord(owner.organization.id)
		const [foreignContact] = await createContactRecords(owner.organization.id, [{}])
		const stranger = await createSignedInUser()
		expectApiError(
			await send('POST', `/api/v1/campaigns/${campaign.id}/contacts/batch`, {
				cookie: stranger.cookie,
				json: { contact_ids: 'all' },
			}),
			404,
		)
		const own = await createCampaignRecord(stranger.organization.id)
		const result = await send('POST', `/api/v1/campaigns/${own.id}/contacts/batch`, {
			cookie: stranger.cookie,
			json: { contact_ids: [foreignContact!.id] },
		})
		expect(result.json).toEqual({ added: 0, skipped: [], skippedCount: 0 })
		expect(await prisma.campaignContact.count({ where: { campaignId: campaign.id } })).toBe(0)
	})

	test('400 for a bad body, 405 for GET, 401 without a session', async () => {
		const { cookie, organization } = await createSignedInUser()
		const campaign = await createCampaignRecord(organization.id)
		const path = `/api/v1/campaigns/${campaign.id}/contacts/batch`
		expectApiError(await send('POST', path, { cookie, json: { contact_ids: [] } }), 400)
		expectApiError(await send('POST', path, { cookie, json: {} }), 400)
		expectApiError(await send('GET', path, { cookie }), 405)
		expectApiError(await send('POST', path, { json: { contact_ids: 'all' } }), 401)
	})
})
