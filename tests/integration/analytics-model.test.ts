import { describe, expect, test } from 'vitest'
import { getAnalyticsBreakdown } from '#app/models/analytics/get-analytics-breakdown.server.ts'
import { getAnalyticsSeries } from '#app/models/analytics/get-analytics-series.server.ts'
import { getAnalyticsSummary } from '#app/models/analytics/get-analytics-summary.server.ts'
import { followTrackedLink, rewriteLinksForTracking } from '#app/models/tracking/tracked-links.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The analytics aggregates (decision 044): counted in SQL, an email once per kind, scanner clicks
// apart and out of the rates, and nothing from another organization.

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
const period = { from: '2026-11-01', to: '2026-11-30', timeZone: 'UTC' }
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour))

/** An organization with a campaign run of one sequence of three sent emails, and its events. */
async function organizationWithEvents() {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	const campaign = await prisma.campaign.create({ data: { name: 'Q4 push', organizationId } })
	const run = await prisma.sequenceGeneration.create({
		data: { name: 'Run', organizationId, campaignId: campaign.id },
	})
	const sequence = await insertSequence({
		organizationId,
		user: owner.user,
		status: 'ACTIVE',
		steps: [{ status: 'SENT' }, { status: 'SENT' }, { status: 'SENT' }],
		data: { generationId: run.id },
	})
	const [s1, s2, s3] = sequence.emailSteps.map((step) => step.id)
	const base = { organizationId, sequenceId: sequence.id }
	await prisma.sequenceEvent.createMany({
		data: [
			{ ...base, type: 'SENT', emailStepId: s1, createdAt: at(3) },
			{ ...base, type: 'SENT', emailStepId: s2, createdAt: at(5) },
			{ ...base, type: 'SENT', emailStepId: s3, createdAt: at(5) },
			{ ...base, type: 'BOUNCE', emailStepId: s3, createdAt: at(5, 13) },
			// Two clicks on one email by a person: one email clicked.
			{ ...base, type: 'LINK_CLICK', emailStepId: s1, url: 'https://a.test/1', createdAt: at(4) },
			{ ...base, type: 'LINK_CLICK', emailStepId: s1, url: 'https://a.test/2', createdAt: at(4, 13) },
			// A scanner's click on the other delivered email: apart, not in the click rate.
			{ ...base, type: 'LINK_CLICK', emailStepId: s2, url: 'https://a.test/1', botReason: 'too-fast', createdAt: at(5) },
			{ ...base, type: 'REPLY', emailStepId: s1, createdAt: at(6) },
			{ ...base, type: 'UNSUBSCRIBE', emailStepId: s2, createdAt: at(6) },
			// Not counted: an automatic reply, and an event outside the period.
			{ ...base, type: 'AUTO_REPLY', emailStepId: s2, createdAt: at(6) },
			{ ...base, type: 'SENT', emailStepId: s1, createdAt: new Date(Date.UTC(2026, 9, 31, 23)) },
		],
	})
	const mailboxId = sequence.emailSteps[0]!.emailAddressId!
	return { owner, organizationId, campaign, sequence, mailboxId }
}

describe('the figures of a scope', () => {
	test('count each email once per kind, keep scanner clicks apart and out of the rates', async () => {
		const { organizationId } = await organizationWithEvents()
		expect(await getAnalyticsSummary({ organizationId }, period)).toEqual({
			sent: 3,
			delivered: 2,
			bounced: 1,
			clicked: 1,
			replied: 1,
			unsubscribed: 1,
			botClicks: 1,
			replyRate: 0.5,
			clickRate: 0.5,
		})
	})

	test('events carry their campaign, mailbox and user, so each is a scope of its own', async () => {
		const { organizationId, campaign, mailboxId, owner, sequence } = await organizationWithEvents()
		const event = await prisma.sequenceEvent.findFirstOrThrow({ where: { sequenceId: sequence.id, type: 'REPLY' } })
		expect(event).toMatchObject({ campaignId: campaign.id, mailboxId, userId: owner.user.id })
		for (const scope of [{ campaignId: campaign.id }, { mailboxId }, { userId: owner.user.id }]) {
			expect(await getAnalyticsSummary({ organizationId, ...scope }, period)).toMatchObject({ sent: 3, clicked: 1 })
		}
		// A campaign with no sequences reads zero, rates unknown rather than 0%.
		const other = await prisma.campaign.create({ data: { name: 'Empty', organizationId } })
		expect(await getAnalyticsSummary({ organizationId, campaignId: other.id }, period)).toMatchObject({
			sent: 0,
			replyRate: null,
			clickRate: null,
		})
	})

	test("another organization's events and ids are never counted", async () => {
		const mine = await organizationWithEvents()
		const theirs = await organizationWithEvents()
		expect(await getAnalyticsSummary({ organizationId: mine.organizationId }, period)).toMatchObject({ sent: 3 })
		// Their campaign, mailbox or user under my organization: nothing.
		for (const scope of [
			{ campaignId: theirs.campaign.id },
			{ mailboxId: theirs.mailboxId },
			{ userId: theirs.owner.user.id },
		]) {
			expect(await getAnalyticsSummary({ organizationId: mine.organizationId, ...scope }, period)).toMatchObject({
				sent: 0,
				botClicks: 0,
			})
		}
		const byCampaign = await getAnalyticsBreakdown({ organizationId: mine.organizationId }, period, 'campaign')
		expect(byCampaign).toEqual([expect.objectContaining({ id: mine.campaign.id, name: 'Q4 push', sent: 3 })])
	})

	test('over time: every day of the range, or weeks from Monday, in the organization’s zone', async () => {
		const { organizationId } = await organizationWithEvents()
		const days = await getAnalyticsSeries({ organizationId }, { ...period, from: '2026-11-03', to: '2026-11-06' }, 'day')
		expect(days.map((point) => [point.period, point.sent, point.clicked, point.botClicks, point.replied])).toEqual([
			['2026-11-03', 1, 0, 0, 0],
			['2026-11-04', 0, 1, 0, 0],
			['2026-11-05', 2, 0, 1, 0],
			['2026-11-06', 0, 0, 0, 1],
		])
		const weeks = await getAnalyticsSeries({ organizationId }, period, 'week')
		expect(weeks.map((point) => point.period)).toEqual([
			'2026-10-26',
			'2026-11-02',
			'2026-11-09',
			'2026-11-16',
			'2026-11-23',
			'2026-11-30',
		])
		expect(weeks[1]).toMatchObject({ sent: 3, bounced: 1, delivered: 2, clicked: 1, replied: 1 })
		// The 31 October 23:00 UTC send is 1 November in Tokyo.
		const tokyo = await getAnalyticsSummary({ organizationId }, { ...period, timeZone: 'Asia/Tokyo' })
		expect(tokyo.sent).toBe(4)
	})
})

describe('clicks on tracked links are classified when recorded', () => {
	async function sentEmail(links: string[], sentSecondsAgo: number) {
		const owner = await createSignedInUser()
		const bodyHtml = links.map((url, index) => `<p><a href="${url}">Link ${index}</a></p>`).join('')
		const sequence = await insertSequence({
			organizationId: owner.organization.id,
			user: owner.user,
			status: 'ACTIVE',
			steps: [{ bodyHtml, status: 'SENT' }],
		})
		const step = await prisma.emailStep.update({
			where: { id: sequence.emailSteps[0]!.id },
			data: { sentAt: new Date(Date.now() - sentSecondsAgo * 1000) },
		})
		const html = rewriteLinksForTracking(bodyHtml, step.id)
		const tokens = [...html.matchAll(/\/t\/([\w-]+)"/g)].map((match) => match[1]!)
		const reasons = async () =>
			(
				await prisma.sequenceEvent.findMany({
					where: { emailStepId: step.id, type: 'LINK_CLICK' },
					orderBy: { createdAt: 'asc' },
					select: { botReason: true },
				})
			).map((event) => event.botReason)
		return { owner, step, tokens, reasons }
	}

	test('a person an hour after the send; HEAD, a scanner agent, no agent; within seconds of the send', async () => {
		const later = await sentEmail(['https://acme.test/a'], 3600)
		const [token] = later.tokens
		expect(await followTrackedLink(token!, { userAgent: BROWSER })).toEqual({ kind: 'redirect', url: 'https://acme.test/a' })
		await followTrackedLink(token!, { method: 'HEAD', userAgent: BROWSER })
		await followTrackedLink(token!, { userAgent: 'Mozilla/5.0 (compatible; Barracuda Sentinel)' })
		await followTrackedLink(token!, { userAgent: null })
		expect(await later.reasons()).toEqual([null, 'head', 'user-agent', 'user-agent'])

		const fresh = await sentEmail(['https://acme.test/b'], 2)
		expect(await followTrackedLink(fresh.tokens[0]!, { userAgent: BROWSER })).toMatchObject({ kind: 'redirect' })
		expect(await fresh.reasons()).toEqual(['too-fast'])
	})

	test('three different links of one email within seconds are a burst, the earlier clicks with it', async () => {
		const email = await sentEmail(['https://acme.test/1', 'https://acme.test/2', 'https://acme.test/3'], 3600)
		const [one, two, three] = email.tokens
		const now = Date.now()
		await followTrackedLink(one!, { userAgent: BROWSER, now: new Date(now) })
		await followTrackedLink(one!, { userAgent: BROWSER, now: new Date(now + 500) })
		await followTrackedLink(two!, { userAgent: BROWSER, now: new Date(now + 1000) })
		expect(await email.reasons()).toEqual([null, null, null])
		await followTrackedLink(three!, { userAgent: BROWSER, now: new Date(now + 1500) })
		expect(await email.reasons()).toEqual(['burst', 'burst', 'burst', 'burst'])
		// A person coming back later is a person again.
		await followTrackedLink(one!, { userAgent: BROWSER, now: new Date(now + 60_000) })
		expect((await email.reasons()).at(-1)).toBeNull()

		const figures = await getAnalyticsSummary(
			{ organizationId: email.owner.organization.id },
			{ from: '2000-01-01', to: '2100-01-01', timeZone: 'UTC' },
		)
		expect(figures).toMatchObject({ clicked: 1, botClicks: 4 })
	})
})
