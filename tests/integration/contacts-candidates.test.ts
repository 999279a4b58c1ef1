import { describe, expect, test } from 'vitest'
import { addContactsToCampaign } from '#app/models/campaign/campaign-contacts.server.ts'
import {
	type CandidateGroup,
	findCandidateGroup,
	listGroupCandidates,
} from '#app/models/contact/contact-candidates.server.ts'
import { addContactsToList } from '#app/models/list/list.server.ts'
import { INVALID_LINKEDIN_FOR_CAMPAIGN, LINKEDIN_REQUIRED_FOR_CAMPAIGN } from '#app/schemas/campaign.ts'
import { ContactFilterSchema } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import {
	ADMIN_DOMAIN,
	addToList,
	adminEmail,
	createContactRecords,
	createListRecord,
} from '#tests/factories/list.ts'

// Add Contacts, one query and one resource for lists and campaigns: listGroupCandidates and
// GET /resources/candidates/:kind/:group.

// Administrators (who may add to lists): set before the router's first request.
process.env.ADMIN_EMAIL_DOMAINS = ADMIN_DOMAIN
const send = setupApiRouter()
const noFilter = ContactFilterSchema.parse({})
const PROFILE = 'https://www.linkedin.com/in/someone'
const byName = ContactFilterSchema.parse({ sortBy: 'firstName', sortDirection: 'asc' })

async function newOrganization() {
	const { organization } = await createSignedInUser()
	return organization.id
}

describe('listGroupCandidates', () => {
	test('a campaign: every matching contact with its Added state and channel rule', async () => {
		const organizationId = await newOrganization()
		const campaign = await createCampaignRecord(organizationId, { channels: ['LINKEDIN'] })
		const [member, noLinkedin, ok] = await createContactRecords(organizationId, [
			{ firstName: 'Zed', linkedin: PROFILE },
			{ firstName: 'Yan' },
			{ firstName: 'Xia', linkedin: PROFILE },
		])
		await addToCampaign(campaign.id, [member!.id])
		const group: CandidateGroup = { kind: 'campaign', ...campaign }
		// The group's own filter is dropped: the offer is every contact, not the members.
		const { rows, total, addable } = await listGroupCandidates(
			organizationId,
			group,
			ContactFilterSchema.parse({ sortBy: 'firstName', sortDirection: 'asc', campaign: campaign.id }),
			{ take: 2, skip: 0 },
		)
		expect(total).toBe(3)
		expect(addable).toBe(2)
		expect(rows.map((row) => [row.firstName, row.added, row.ineligibleReason])).toEqual([
			['Xia', false, null],
			['Yan', false, LINKEDIN_REQUIRED_FOR_CAMPAIGN],
		])
		const second = await listGroupCandidates(organizationId, group, noFilter, { take: 100, skip: 0 })
		expect(second.rows.find((row) => row.id === member!.id)?.added).toBe(true)
		expect(second.rows.find((row) => row.id === ok!.id)?.added).toBe(false)
		expect(second.rows.find((row) => row.id === noLinkedin!.id)?.added).toBe(false)
	})

	test('a list: the same rows, Added for members, no channel rule', async () => {
		const organizationId = await newOrganization()
		const list = await createListRecord(organizationId)
		const [member, other] = await createContactRecords(organizationId, [
			{ firstName: 'Mia', email: null },
			{ firstName: 'Noa', linkedin: 'https://linkedin.com/company/x' },
		])
		await addToList(list.id, [member!.id])
		const { rows, total } = await listGroupCandidates(
			organizationId,
			{ kind: 'list', id: list.id, name: list.name },
			ContactFilterSchema.parse({ ...byName, list: list.id }),
			{ take: 100, skip: 0 },
		)
		expect(total).toBe(2)
		expect(rows.map((row) => [row.id, row.added, row.ineligibleReason])).toEqual([
			[member!.id, true, null],
			[other!.id, false, null],
		])
		expect(Object.keys(rows[0]!).sort()).toEqual(
			[
				'added',
				'company',
				'createdAt',
				'email',
				'firstName',
				'id',
				'ineligibleReason',
				'lastName',
				'linkedin',
				'role',
				'tags',
			].sort(),
		)
	})

	test("another organization's contacts never appear as candidates and cannot be added", async () => {
		const organizationId = await newOrganization()
		const otherId = await newOrganization()
		const [mine] = await createContactRecords(organizationId, [{ firstName: 'Mine' }])
		const [theirs] = await createContactRecords(otherId, [{ firstName: 'Theirs' }])
		const list = await createListRecord(organizationId)
		const campaign = await createCampaignRecord(organizationId)
		const groups: CandidateGroup[] = [
			{ kind: 'list', id: list.id, name: list.name },
			{ kind: 'campaign', ...campaign },
		]
		for (const group of groups) {
			const { rows, total } = await listGroupCandidates(organizationId, group, noFilter, {
				take: 100,
				skip: 0,
			})
			expect(rows.map((row) => row.id)).toEqual([mine!.id])
			expect(total).toBe(1)
			expect(await listGroupCandidates(otherId, group, noFilter, { take: 1, skip: 0 })).toMatchObject({
				total: 1,
				addable: 1,
			})
			// Their group is not found from here, by id (or a list's slug).
			expect(await findCandidateGroup(otherId, group.kind, group.id)).toBeNull()
			expect(await findCandidateGroup(organizationId, group.kind, group.id)).toMatchObject({ id: group.id })
		}
		expect(await findCandidateGroup(otherId, 'list', list.slug)).toBeNull()
		expect(await addContactsToList(organizationId, list.id, [theirs!.id], noFilter)).toEqual({ added: 0 })
		expect(await addContactsToCampaign(organizationId, campaign, [theirs!.id], noFilter)).toMatchObject({
			added: 0,
		})
		expect(await addContactsToList(organizationId, list.id, 'all', noFilter)).toEqual({ added: 1 })
		expect(await addContactsToCampaign(organizationId, campaign, 'all', noFilter)).toMatchObject({ added: 1 })
		expect(await prisma.listContact.count({ where: { contactId: theirs!.id } })).toBe(0)
		expect(await prisma.campaignContact.count({ where: { contactId: theirs!.id } })).toBe(0)
	})
})

describe('GET /resources/candidates/:kind/:group', () => {
	test('a campaign: a page of contacts with Added and the channel rule; 404 for another organization', async () => {
		const { cookie, organization } = await createSignedInUser()
		const campaign = await createCampaignRecord(organization.id, { channels: ['LINKEDIN'] })
		const [member, invalid] = await createContactRecords(organization.id, [
			{ firstName: 'Alpha', linkedin: PROFILE },
			{ firstName: 'Beta', linkedin: 'https://linkedin.com/company/x' },
		])
		await addToCampaign(campaign.id, [member!.id])
		const result = await send(
			'GET',
			`/resources/candidates/campaign/${campaign.id}?sortBy=firstName&sortDirection=asc&take=100&skip=0`,
			{ cookie },
		)
		expect(result.status).toBe(200)
		// Add All offers only the contact not yet in the campaign.
		expect(result.json.meta).toEqual({ total: 2, addable: 1, take: 100, skip: 0 })
		expect(
			result.json.data.map((row: { id: string; added: boolean; ineligibleReason: string | null }) => [
				row.id,
				row.added,
				row.ineligibleReason,
			]),
		).toEqual([
			[member!.id, true, null],
			[invalid!.id, false, INVALID_LINKEDIN_FOR_CAMPAIGN],
		])
		const stranger = await createSignedInUser()
		expectApiError(
			await send('GET', `/resources/candidates/campaign/${campaign.id}`, { cookie: stranger.cookie }),
			404,
		)
	})

	test('a list: the same rows for administrators; 403 for others, 404 for another organization', async () => {
		const admin = await createSignedInUser({ email: adminEmail() })
		const list = await createListRecord(admin.organization.id)
		const [member, other] = await createContactRecords(admin.organization.id, [
			{ firstName: 'Ada' },
			{ firstName: 'Bea' },
		])
		await addToList(list.id, [member!.id])
		const path = `/resources/candidates/list/${list.id}`
		const result = await send('GET', `${path}?sortBy=firstName&sortDirection=asc&search=a`, {
			cookie: admin.cookie,
		})
		expect(result.status).toBe(200)
		expect(result.json.meta.total).toBe(2)
		expect(
			result.json.data.map((row: { id: string; added: boolean; ineligibleReason: string | null }) => [
				row.id,
				row.added,
				row.ineligibleReason,
			]),
		).toEqual([
			[member!.id, true, null],
			[other!.id, false, null],
		])
		const colleague = await createSignedInUser({ organizationId: admin.organization.id })
		expectApiError(await send('GET', path, { cookie: colleague.cookie }), 403)
		const strangerAdmin = await createSignedInUser({ email: adminEmail() })
		expectApiError(await send('GET', path, { cookie: strangerAdmin.cookie }), 404)
		expectApiError(await send('GET', `/resources/candidates/tag/${list.id}`, { cookie: admin.cookie }), 404)
		expectApiError(await send('GET', path), 401)
		expectApiError(await send('POST', path, { cookie: admin.cookie }), 405)
	})
})
