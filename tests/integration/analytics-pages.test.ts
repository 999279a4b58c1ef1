import { describe, expect, test } from 'vitest'
import { loader as analyticsLoader } from '#app/routes/_app+/analytics.tsx'
import { loader as campaignLoader } from '#app/routes/_app+/campaigns.$campaign.tsx'
import { loader as sequencesLoader } from '#app/routes/_app+/sequences.tsx'
import { ANALYTICS_MESSAGES } from '#app/schemas/analytics.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The pages that show analytics: /analytics (its filter in the query string), the campaign page
// and the Sequences page — each reads its own organization's figures only (decision 044).

/** An organization with a campaign whose one sequence sent two emails today, one clicked by a person. */
async function organizationWithCampaign() {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	const campaign = await prisma.campaign.create({ data: { name: 'Launch', organizationId } })
	const run = await prisma.sequenceGeneration.create({ data: { name: 'Run', organizationId, campaignId: campaign.id } })
	const sequence = await insertSequence({
		organizationId,
		user: owner.user,
		status: 'ACTIVE',
		steps: [{ status: 'SENT' }, { status: 'SENT' }],
		data: { generationId: run.id },
	})
	const [first, second] = sequence.emailSteps
	const base = { organizationId, sequenceId: sequence.id }
	await prisma.sequenceEvent.createMany({
		data: [
			{ ...base, type: 'SENT', emailStepId: first!.id },
			{ ...base, type: 'SENT', emailStepId: second!.id },
			{ ...base, type: 'LINK_CLICK', emailStepId: first!.id, url: 'https://a.test/' },
			{ ...base, type: 'LINK_CLICK', emailStepId: second!.id, url: 'https://a.test/', botReason: 'head' },
		],
	})
	return { owner, campaign, mailboxId: first!.emailAddressId!, sequence }
}

function analytics(path: string, cookie: string) {
	return callRoute(() => analyticsLoader({ request: makeRequest(path, { cookie }), params: {}, context: {} }))
}

describe('/analytics', () => {
	test('the last 30 days by day by default, with breakdowns by campaign, mailbox and user', async () => {
		const { owner, campaign, mailboxId } = await organizationWithCampaign()
		const { status, body } = await analytics('/analytics', owner.cookie)
		expect(status).toBe(200)
		expect(body.errors).toEqual({})
		expect(body.view.series).toHaveLength(30)
		expect(body.view.summary).toMatchObject({ sent: 2, delivered: 2, clicked: 1, botClicks: 1, clickRate: 0.5 })
		expect(body.view.funnel.map((stage: { count: number }) => stage.count)).toEqual([2, 2, 1, 0])
		expect(body.view.breakdowns.campaign).toEqual([expect.objectContaining({ id: campaign.id, name: 'Launch', sent: 2 })])
		expect(body.view.breakdowns.mailbox).toEqual([expect.objectContaining({ id: mailboxId, sent: 2 })])
		expect(body.view.breakdowns.user).toEqual([expect.objectContaining({ id: owner.user.id, sent: 2 })])
		expect(body.options.campaigns).toEqual([{ id: campaign.id, label: 'Launch' }])
	})

	test('a range by week, and bad values fall back with a message instead of failing', async () => {
		const { owner } = await organizationWithCampaign()
		const weeks = await analytics('/analytics?from=2026-01-05&to=2026-02-01&granularity=week', owner.cookie)
		expect(weeks.body.filter).toMatchObject({ from: '2026-01-05', to: '2026-02-01', granularity: 'week' })
		expect(weeks.body.view.series.map((point: { period: string }) => point.period)).toEqual([
			'2026-01-05',
			'2026-01-12',
			'2026-01-19',
			'2026-01-26',
		])
		const bad = await analytics('/analytics?from=2026-02-30&granularity=hour&to=yesterday', owner.cookie)
		expect(bad.status).toBe(200)
		expect(bad.body.errors).toEqual({
			from: ANALYTICS_MESSAGES.invalidDate,
			to: ANALYTICS_MESSAGES.invalidDate,
			granularity: ANALYTICS_MESSAGES.invalidGranularity,
		})
		expect(bad.body.filter.granularity).toBe('day')
		const reversed = await analytics('/analytics?from=2026-03-01&to=2026-02-01', owner.cookie)
		expect(reversed.body.errors).toEqual({ from: ANALYTICS_MESSAGES.fromAfterTo })
		const long = await analytics('/analytics?from=2020-01-01&to=2026-02-01', owner.cookie)
		expect(long.body.errors).toEqual({ from: ANALYTICS_MESSAGES.rangeTooLong })
	})

	test("another organization's campaign, mailbox or user is refused, and its figures never show", async () => {
		const mine = await organizationWithCampaign()
		const theirs = await organizationWithCampaign()
		const query = new URLSearchParams({
			campaign: theirs.campaign.id,
			mailbox: theirs.mailboxId,
			user: theirs.owner.user.id,
		})
		const { status, body } = await analytics(`/analytics?${query}`, mine.owner.cookie)
		expect(status).toBe(200)
		expect(body.errors).toEqual({
			campaign: ANALYTICS_MESSAGES.invalidId,
			mailbox: ANALYTICS_MESSAGES.invalidId,
			user: ANALYTICS_MESSAGES.invalidId,
		})
		expect(body.filter).toMatchObject({ campaign: null, mailbox: null, user: null })
		// My own figures, not theirs added.
		expect(body.view.summary.sent).toBe(2)
		// Filtered by my campaign: mine.
		const filtered = await analytics(`/analytics?campaign=${mine.campaign.id}`, mine.owner.cookie)
		expect(filtered.body.view.summary).toMatchObject({ sent: 2, clicked: 1 })
	})

	test('needs a session', async () => {
		const { status, headers } = await callRoute(() =>
			analyticsLoader({ request: makeRequest('/analytics'), params: {}, context: {} }),
		)
		expect(status).toBe(302)
		expect(headers.get('Location')).toMatch(/^\/login/)
	})
})

describe('the campaign and Sequences pages', () => {
	test("the campaign page shows its campaign's figures, and another organization's campaign is a 404", async () => {
		const mine = await organizationWithCampaign()
		const theirs = await organizationWithCampaign()
		const page = await callRoute(() =>
			campaignLoader({
				request: makeRequest(`/campaigns/${mine.campaign.id}`, { cookie: mine.owner.cookie }),
				params: { campaign: mine.campaign.id },
				context: {},
			}),
		)
		expect(page.status).toBe(200)
		expect(page.body.analytics.summary).toMatchObject({ sent: 2, clicked: 1, botClicks: 1 })
		expect(page.body.analytics.series.length).toBeGreaterThan(0)
		const foreign = await callRoute(() =>
			campaignLoader({
				request: makeRequest(`/campaigns/${theirs.campaign.id}`, { cookie: mine.owner.cookie }),
				params: { campaign: theirs.campaign.id },
				context: {},
			}),
		)
		expect(foreign.status).toBe(404)
	})

	test('the Sequences page shows the last 30 days, and people’s clicks in each row', async () => {
		const mine = await organizationWithCampaign()
		await organizationWithCampaign()
		const page = await callRoute(() =>
			sequencesLoader({ request: makeRequest('/sequences', { cookie: mine.owner.cookie }), params: {}, context: {} }),
		)
		expect(page.body.analytics.summary).toMatchObject({ sent: 2, clicked: 1, botClicks: 1 })
		expect(page.body.analytics.series).toHaveLength(30)
		expect(page.body.sequences).toEqual([expect.objectContaining({ id: mine.sequence.id, stats: expect.objectContaining({ clicks: 1 }) })])
	})
})
