import { expect, test } from 'vitest'
import { startGenerationRun } from '#app/models/assistant/generation-run.server.ts'
import { runPreflightCheck } from '#app/models/preflight/preflight-check.server.ts'
import * as mailboxesApi from '#app/routes/api+/v1+/campaigns.$campaign.mailboxes.ts'
import * as campaignPage from '#app/routes/_app+/campaigns.$campaign.tsx'
import * as generatePage from '#app/routes/_app+/sequences_.generations.new.tsx'
import { CAMPAIGN_MAILBOXES_MESSAGES, ROTATE_MAILBOXES } from '#app/schemas/campaign.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Mailbox rotation (issue 17 item 4, decision 053): a campaign sends from several mailboxes; each
// contact keeps the mailbox of its earlier thread, new contacts go to the one with the most room
// under its daily cap, and the pre-flight calendar counts each mailbox's own emails against its cap.

const OPTIONS = { prompt: '', orgPrompt: true, linkedin: false, phoneCall: false }

async function sender(organizationId: string, address: string, cap: number) {
	return prisma.mailbox.create({
		data: {
			organizationId,
			address,
			kind: 'SENDER',
			verifiedAt: new Date(),
			dailyLimitStart: cap,
			dailyLimitMax: cap,
			dailyLimitIncrement: 0,
		},
		select: { id: true, address: true },
	})
}

async function setup() {
	const signedIn = await createSignedInUser()
	const { organization, user } = signedIn
	const actor = { organizationId: organization.id, userId: user.id, email: user.email, name: user.name ?? '' }
	const small = await sender(organization.id, 'a-sender@rotation.test', 10)
	const large = await sender(organization.id, 'b-sender@rotation.test', 30)
	const campaign = await createCampaignRecord(organization.id, { name: 'Rotation' })
	const contacts = []
	for (let i = 0; i < 40; i++) {
		contacts.push(await insertContact(organization.id, { firstName: `Lead${i}`, lastName: 'New' }))
	}
	// Wrote to before from the smaller mailbox: the thread goes on from there.
	const returning = await insertContact(organization.id, { firstName: 'Returning', lastName: 'Lead' })
	await insertSequence({
		organizationId: organization.id,
		user,
		contactId: returning.id,
		status: 'COMPLETED',
		data: { mailboxId: small.id },
	})
	await addToCampaign(campaign.id, [...contacts.map((c) => c.id), returning.id])
	return { ...signedIn, actor, small, large, campaign, returning }
}

test('the campaign’s mailboxes are chosen through the API; only ones the member may send from', async () => {
	const { organization, cookie, small, large, campaign } = await setup()
	const stranger = await createSignedInUser()
	const theirs = await sender(stranger.organization.id, 'theirs@elsewhere.test', 50)
	const put = (mailboxIds: string[], campaignId = campaign.id, who = cookie) =>
		callRoute(() =>
			mailboxesApi.action({
				request: makeRequest(`/api/v1/campaigns/${campaignId}/mailboxes`, {
					method: 'PUT',
					cookie: who,
					json: { mailboxIds },
				}),
				params: { campaign: campaignId },
				context: {},
			}),
		)

	const refused = await put([small.id, theirs.id])
	expect(refused.status).toBe(400)
	expect(refused.body).toEqual({ error: 'validation_error', message: CAMPAIGN_MAILBOXES_MESSAGES.notUsable })
	expect(await prisma.campaignMailbox.count({ where: { campaignId: campaign.id } })).toBe(0)

	const saved = await put([small.id, large.id])
	expect(saved.status).toBe(200)
	const chosen = saved.body.data.filter((m: { selected: boolean }) => m.selected)
	expect(chosen.map((m: { address: string }) => m.address).sort()).toEqual([small.address, large.address])
	expect(chosen.find((m: { id: string }) => m.id === large.id)).toMatchObject({
		capToday: 30,
		sentToday: 0,
		room: 30,
	})

	// Another organization neither reads nor changes them.
	expect((await put([theirs.id], campaign.id, stranger.cookie)).status).toBe(404)
	const read = await callRoute(() =>
		mailboxesApi.loader({
			request: makeRequest(`/api/v1/campaigns/${campaign.id}/mailboxes`, { cookie: stranger.cookie }),
			params: { campaign: campaign.id },
			context: {},
		}),
	)
	expect(read.status).toBe(404)
	expect(
		await prisma.campaignMailbox.count({ where: { campaign: { organizationId: organization.id } } }),
	).toBe(2)
})

test('a rotated run: the returning contact keeps its mailbox, the others fill by room; the calendar counts each', async () => {
	const { organization, actor, cookie, small, large, campaign, returning } = await setup()
	// The card on the campaign page, a plain form.
	const form = new FormData()
	form.append('intent', 'set-mailboxes')
	form.append('mailboxIds', small.id)
	form.append('mailboxIds', large.id)
	const saved = await callRoute(() =>
		campaignPage.action({
			request: makeRequest(`/campaigns/${campaign.id}`, { method: 'POST', cookie, form }),
			params: { campaign: campaign.id },
			context: {},
		}),
	)
	expect(saved.status).toBe(302)

	// The Generate Sequences form offers the rotation, naming the mailboxes.
	const page = await callRoute(() =>
		generatePage.loader({
			request: makeRequest(`/sequences/generations/new?campaignId=${campaign.id}`, { cookie }),
			params: {},
			context: {},
		}),
	)
	expect(page.body.rotation).toEqual([small.address, large.address])

	const run = await startGenerationRun({
		actor,
		target: { campaignId: campaign.id },
		emailAddressId: ROTATE_MAILBOXES,
		options: OPTIONS,
	})
	expect(run.total).toBe(41)
	const drafted = await prisma.sequence.findMany({
		where: { generationId: run.id },
		select: { id: true, contactId: true, mailboxId: true },
	})
	expect(drafted.find((s) => s.contactId === returning.id)?.mailboxId).toBe(small.id)
	const count = (mailboxId: string) => drafted.filter((s) => s.mailboxId === mailboxId).length
	// Room 30 and 10: the larger takes 20 until they are level, then they alternate (10 and 10).
	expect(count(large.id)).toBe(30)
	expect(count(small.id)).toBe(11)

	// A second look at the room counts the drafts it now owes first emails to.
	const mailboxes = await callRoute(() =>
		mailboxesApi.loader({
			request: makeRequest(`/api/v1/campaigns/${campaign.id}/mailboxes`, { cookie }),
			params: { campaign: campaign.id },
			context: {},
		}),
	)
	const room = Object.fromEntries(
		mailboxes.body.data.map((m: { address: string; waiting: number; room: number }) => [m.address, m]),
	)
	expect(room[large.address]).toMatchObject({ waiting: 30, room: 0 })
	expect(room[small.address]).toMatchObject({ waiting: 11, room: -1 })

	// As drafts with one email each, the pre-flight calendar spreads each mailbox's own emails
	// under its own cap: 30 fit the large one's first day, the small one's 11th waits a day.
	await prisma.sequence.updateMany({ where: { generationId: run.id }, data: { status: 'PENDING' } })
	await prisma.emailStep.createMany({
		data: drafted.map((s) => ({
			order: 1,
			subject: 'Hello',
			bodyText: 'Hello there',
			bodyHtml: '<p>Hello there</p>',
			organizationId: organization.id,
			sequenceId: s.id,
			emailAddressId: s.mailboxId,
		})),
	})
	const check = await runPreflightCheck(
		organization.id,
		{ kind: 'generation_run', id: run.id, name: 'Rotation' },
		drafted.map((s) => s.id),
		{ checkLinks: false },
	)
	const calendar = Object.fromEntries(check.calendar.mailboxes.map((m) => [m.address, m]))
	expect(calendar[large.address]!.emails).toBe(30)
	expect(calendar[small.address]!.emails).toBe(11)
	expect(Math.max(...calendar[small.address]!.days.map((d) => d.emails))).toBeLessThanOrEqual(10)
	expect(calendar[small.address]!.days.length).toBeGreaterThanOrEqual(2)
})

test('rotation is refused outside a campaign, and for a campaign with no sending mailboxes', async () => {
	const { actor, campaign } = await setup()
	await expect(
		startGenerationRun({
			actor,
			target: { selection: 'all', filter: {} as never },
			emailAddressId: ROTATE_MAILBOXES,
			options: OPTIONS,
		}),
	).rejects.toThrow(CAMPAIGN_MAILBOXES_MESSAGES.campaignOnly)
	await expect(
		startGenerationRun({
			actor,
			target: { campaignId: campaign.id },
			emailAddressId: ROTATE_MAILBOXES,
			options: OPTIONS,
		}),
	).rejects.toThrow(CAMPAIGN_MAILBOXES_MESSAGES.noneChosen)
	expect(await prisma.sequenceGeneration.count({ where: { campaignId: campaign.id } })).toBe(0)
})
