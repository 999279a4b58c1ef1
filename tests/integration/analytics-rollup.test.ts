import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { getAnalyticsSeries } from '#app/models/analytics/get-analytics-series.server.ts'
import { getAnalyticsSummary } from '#app/models/analytics/get-analytics-summary.server.ts'
import { followTrackedLink, rewriteLinksForTracking } from '#app/models/tracking/tracked-links.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// The analytics rollup (migration 20261128100000, decision 049) is kept by triggers on
// SequenceEvent. After every kind of change it must equal what is recomputed from the events
// themselves: SENT and scanner clicks per event, the other kinds once per email in the quarter
// hour of its first event of that kind.

const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const at = (day: number, hour = 12, minute = 0) => new Date(Date.UTC(2026, 10, day, hour, minute))
const november = { from: '2026-11-01', to: '2026-11-30', timeZone: 'UTC' }

type Row = Record<string, string | number>

/** The counters as the triggers kept them, for the given organizations. */
async function rollupOf(organizationIds: string[]) {
	return prisma.$queryRaw<Row[]>`
		SELECT "organizationId", to_char("quarterHour", 'YYYY-MM-DD HH24:MI') AS "quarterHour", "campaignId",
			"mailboxId", "userId", sent, bounced, clicked, "botClicks", replied, unsubscribed
		FROM "AnalyticsRollup" WHERE "organizationId" = ANY(${organizationIds})
		ORDER BY 1, 2, 3, 4, 5`
}

/** The same counters recomputed from the events, written out independently of the triggers. */
async function recomputedFromEvents(organizationIds: string[]) {
	return prisma.$queryRaw<Row[]>`
		WITH event AS (
			SELECT e.*, CASE WHEN e."emailStepId" IS NULL THEN NULL
					WHEN e.type = 'BOUNCE' THEN 'bounced'
					WHEN e.type = 'LINK_CLICK' AND e."botReason" IS NULL THEN 'clicked'
					WHEN e.type = 'REPLY' THEN 'replied'
					WHEN e.type = 'UNSUBSCRIBE' THEN 'unsubscribed' END AS kind
			FROM "SequenceEvent" e WHERE e."organizationId" = ANY(${organizationIds})
		), ranked AS (
			SELECT event.*, row_number() OVER (PARTITION BY "emailStepId", kind ORDER BY "createdAt", id) = 1 AS first
			FROM event
		), counted AS (
			SELECT "organizationId", to_char(date_trunc('hour', "createdAt")
					+ interval '15 minutes' * floor(extract(minute FROM "createdAt") / 15), 'YYYY-MM-DD HH24:MI') AS "quarterHour",
				coalesce("campaignId", '') AS "campaignId", coalesce("mailboxId", '') AS "mailboxId",
				coalesce("userId", '') AS "userId",
				count(*) FILTER (WHERE type = 'SENT')::int AS sent,
				count(*) FILTER (WHERE kind = 'bounced' AND first)::int AS bounced,
				count(*) FILTER (WHERE kind = 'clicked' AND first)::int AS clicked,
				count(*) FILTER (WHERE type = 'LINK_CLICK' AND "botReason" IS NOT NULL)::int AS "botClicks",
				count(*) FILTER (WHERE kind = 'replied' AND first)::int AS replied,
				count(*) FILTER (WHERE kind = 'unsubscribed' AND first)::int AS unsubscribed
			FROM ranked GROUP BY 1, 2, 3, 4, 5
		)
		SELECT * FROM counted WHERE sent + bounced + clicked + "botClicks" + replied + unsubscribed > 0
		ORDER BY 1, 2, 3, 4, 5`
}

async function expectRollupExact(organizationIds: string[]) {
	const expected = await recomputedFromEvents(organizationIds)
	expect(await rollupOf(organizationIds)).toEqual(expected)
	return expected
}

/** An organization with a campaign run of one sequence of three sent emails. */
async function organizationWithSequence() {
	const owner = await createSignedInUser()
	const organizationId = owner.organization.id
	const campaign = await prisma.campaign.create({ data: { name: 'Spring', organizationId } })
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
	const steps = sequence.emailSteps.map((step) => step.id)
	return {
		owner,
		organizationId,
		campaign,
		sequence,
		steps,
		base: { organizationId, sequenceId: sequence.id },
	}
}

/** Two organizations' events, written as many-row statements. */
async function twoOrganizationsWithEvents() {
	const mine = await organizationWithSequence()
	const theirs = await organizationWithSequence()
	const [s1, s2, s3] = mine.steps as [string, string, string]
	const { base } = mine
	// One statement, a later click listed before the earlier one of the same email.
	await prisma.sequenceEvent.createMany({
		data: [
			{ ...base, type: 'SENT', emailStepId: s1, createdAt: at(2, 9, 7) },
			{ ...base, type: 'SENT', emailStepId: s2, createdAt: at(2, 9, 14) },
			{ ...base, type: 'SENT', emailStepId: s3, createdAt: at(2, 9, 15) },
			{ ...base, type: 'LINK_CLICK', emailStepId: s1, url: 'https://a.test/1', createdAt: at(9) },
			{ ...base, type: 'LINK_CLICK', emailStepId: s1, url: 'https://a.test/2', createdAt: at(4) },
			{
				...base,
				type: 'LINK_CLICK',
				emailStepId: s2,
				url: 'https://a.test/1',
				botReason: 'too-fast',
				createdAt: at(2, 9, 14),
			},
			{ ...base, type: 'REPLY', emailStepId: s1, createdAt: at(5) },
			{ ...base, type: 'REPLY', emailStepId: s1, createdAt: at(6) },
			{ ...base, type: 'BOUNCE', emailStepId: s3, createdAt: at(2, 10) },
			{ ...base, type: 'UNSUBSCRIBE', emailStepId: s2, createdAt: at(7) },
			{ ...base, type: 'AUTO_REPLY', emailStepId: s2, createdAt: at(7) },
			// A LinkedIn reply names no email: not an email replied to.
			{ ...base, type: 'REPLY', createdAt: at(8) },
		],
	})
	await prisma.sequenceEvent.createMany({
		data: [
			{ ...theirs.base, type: 'SENT', emailStepId: theirs.steps[0]!, createdAt: at(2) },
			{
				...theirs.base,
				type: 'LINK_CLICK',
				emailStepId: theirs.steps[0]!,
				url: 'https://b.test',
				createdAt: at(3),
			},
		],
	})
	return { mine, theirs, s1, s2, s3 }
}

describe('the rollup stays equal to the events', () => {
	test('after inserts (out of order, many rows at once) and a click reclassified', async () => {
		const { mine, theirs, s1 } = await twoOrganizationsWithEvents()
		const rows = await expectRollupExact([mine.organizationId, theirs.organizationId])
		expect(rows.length).toBeGreaterThan(4)
		// The email clicked on the 4th and the 9th is one clicked email, on the 4th.
		const days = await getAnalyticsSeries(
			{ organizationId: mine.organizationId },
			{ ...november, from: '2026-11-02', to: '2026-11-09' },
			'day',
		)
		expect(days.filter((point) => point.clicked > 0).map((point) => [point.period, point.clicked])).toEqual([
			['2026-11-04', 1],
		])
		expect(await getAnalyticsSummary({ organizationId: mine.organizationId }, november)).toMatchObject({
			sent: 3,
			bounced: 1,
			clicked: 1,
			botClicks: 1,
			replied: 1,
			unsubscribed: 1,
		})

		// The person's click of the 4th turns out to be a scanner's: the email now counts as clicked on the 9th.
		await prisma.sequenceEvent.updateMany({
			where: { emailStepId: s1, type: 'LINK_CLICK', createdAt: at(4) },
			data: { botReason: 'burst' },
		})
		await expectRollupExact([mine.organizationId, theirs.organizationId])
		const after = await getAnalyticsSeries(
			{ organizationId: mine.organizationId },
			{ ...november, from: '2026-11-02', to: '2026-11-09' },
			'day',
		)
		expect(after.filter((point) => point.clicked > 0).map((point) => [point.period, point.clicked])).toEqual([
			['2026-11-09', 1],
		])
		expect(after.find((point) => point.period === '2026-11-04')).toMatchObject({ botClicks: 1 })
		// …and back to a person's.
		await prisma.sequenceEvent.updateMany({
			where: { emailStepId: s1, type: 'LINK_CLICK' },
			data: { botReason: null },
		})
		await expectRollupExact([mine.organizationId, theirs.organizationId])
	})

	test('after a corrected time, a change of kind, a metadata update and deletes (cascades included)', async () => {
		const { mine, theirs, s1, s2, s3 } = await twoOrganizationsWithEvents()
		// A time corrected, an event changing kind, a metadata-only update.
		await prisma.sequenceEvent.updateMany({
			where: { emailStepId: s1, type: 'REPLY', createdAt: at(6) },
			data: { createdAt: at(1) },
		})
		await prisma.sequenceEvent.updateMany({
			where: { emailStepId: s1, type: 'SENT' },
			data: { createdAt: at(2, 23, 50) },
		})
		await prisma.sequenceEvent.updateMany({
			where: { emailStepId: s2, type: 'AUTO_REPLY' },
			data: { type: 'REPLY' },
		})
		await prisma.sequenceEvent.updateMany({
			where: { emailStepId: s3 },
			data: { metadata: { note: 'checked' } },
		})
		await expectRollupExact([mine.organizationId, theirs.organizationId])

		// Deletes: the counted reply (the other one takes its place), then an email (cascade), then everything.
		await prisma.sequenceEvent.deleteMany({ where: { emailStepId: s1, type: 'REPLY', createdAt: at(1) } })
		await expectRollupExact([mine.organizationId, theirs.organizationId])
		expect(await getAnalyticsSummary({ organizationId: mine.organizationId }, november)).toMatchObject({
			replied: 2,
		})
		await prisma.emailStep.delete({ where: { id: s3 } })
		await expectRollupExact([mine.organizationId, theirs.organizationId])
		await prisma.sequence.delete({ where: { id: mine.sequence.id } })
		expect(await expectRollupExact([mine.organizationId])).toEqual([])
		// Rows back to zero are gone, and the other organization's are untouched.
		expect(await rollupOf([mine.organizationId])).toEqual([])
		expect(await getAnalyticsSummary({ organizationId: theirs.organizationId }, november)).toMatchObject({
			sent: 1,
			clicked: 1,
		})
		expect(await prisma.analyticsEmailFirst.count({ where: { organizationId: mine.organizationId } })).toBe(0)
	})

	test('the click redirect’s burst statement (an UPDATE and an INSERT in one statement)', async () => {
		const owner = await createSignedInUser()
		const links = ['https://acme.test/1', 'https://acme.test/2', 'https://acme.test/3']
		const bodyHtml = links.map((url) => `<a href="${url}">x</a>`).join(' ')
		const sequence = await insertSequence({
			organizationId: owner.organization.id,
			user: owner.user,
			status: 'ACTIVE',
			steps: [{ bodyHtml, status: 'SENT' }],
		})
		const step = await prisma.emailStep.update({
			where: { id: sequence.emailSteps[0]!.id },
			data: { sentAt: new Date(Date.now() - 3_600_000) },
		})
		const tokens = [...rewriteLinksForTracking(bodyHtml, step.id).matchAll(/\/t\/([\w-]+)"/g)].map(
			(match) => match[1]!,
		)
		const now = Date.now()
		await followTrackedLink(tokens[0]!, { userAgent: BROWSER, now: new Date(now) })
		await followTrackedLink(tokens[1]!, { userAgent: BROWSER, now: new Date(now + 1000) })
		await expectRollupExact([owner.organization.id])
		await followTrackedLink(tokens[2]!, { userAgent: BROWSER, now: new Date(now + 2000) })
		await expectRollupExact([owner.organization.id])
		const today = new Date(now).toISOString().slice(0, 10)
		expect(
			await getAnalyticsSummary(
				{ organizationId: owner.organization.id },
				{ from: today, to: today, timeZone: 'UTC' },
			),
		).toMatchObject({ clicked: 0, botClicks: 3 })
	})

	test('two clicks on one email racing in two transactions count the email once', async () => {
		const { organizationId, base, steps } = await organizationWithSequence()
		const insert = `INSERT INTO "SequenceEvent" (id, type, url, "organizationId", "sequenceId", "emailStepId", "createdAt")
			VALUES (gen_random_uuid()::text, 'LINK_CLICK', 'https://a.test', $1, $2, $3, $4)`
		const first = new pg.Client({ connectionString: process.env.DATABASE_URL })
		const second = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await Promise.all([first.connect(), second.connect()])
		try {
			await first.query('BEGIN')
			await second.query('BEGIN')
			await first.query(insert, [organizationId, base.sequenceId, steps[0], at(10)])
			// Waits for the first transaction (the same email and kind), then sees its click.
			let secondDone = false
			const racing = second.query(insert, [organizationId, base.sequenceId, steps[0], at(3)]).then(
				() => void (secondDone = true),
				(error: unknown) => error,
			)
			await new Promise((resolve) => setTimeout(resolve, 300))
			expect(secondDone).toBe(false)
			await first.query('COMMIT')
			expect(await racing).toBeUndefined()
			await second.query('COMMIT')
		} finally {
			await Promise.all([first.end(), second.end()])
		}
		await expectRollupExact([organizationId])
		expect(await getAnalyticsSummary({ organizationId }, november)).toMatchObject({ clicked: 1 })
		const days = await getAnalyticsSeries(
			{ organizationId },
			{ ...november, from: '2026-11-03', to: '2026-11-10' },
			'day',
		)
		expect(days.filter((point) => point.clicked > 0).map((point) => point.period)).toEqual(['2026-11-03'])
	})

	test('sends recorded in batches take their counter rows in one order: no deadlock between batches', async () => {
		const { organizationId, base, steps } = await organizationWithSequence()
		const sent = (step: string, createdAt: Date) =>
			`(gen_random_uuid()::text, 'SENT', '${organizationId}', '${base.sequenceId}', '${step}', '${createdAt.toISOString()}')`
		const insert = (...rows: string[]) =>
			`INSERT INTO "SequenceEvent" (id, type, "organizationId", "sequenceId", "emailStepId", "createdAt") VALUES ${rows.join(', ')}`
		const [early, late] = [at(12, 9), at(12, 10)]
		const first = new pg.Client({ connectionString: process.env.DATABASE_URL })
		const second = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await Promise.all([first.connect(), second.connect()])
		try {
			await first.query('BEGIN')
			await second.query('BEGIN')
			await first.query(insert(sent(steps[0]!, early)))
			// The later quarter hour listed first: still locked after the earlier one, so this batch
			// waits for the first transaction holding nothing it will need.
			let secondDone = false
			const batch = second.query(insert(sent(steps[1]!, late), sent(steps[2]!, early))).then(
				() => void (secondDone = true),
				(error: unknown) => error,
			)
			await new Promise((resolve) => setTimeout(resolve, 300))
			expect(secondDone).toBe(false)
			await first.query(insert(sent(steps[0]!, late)))
			await first.query('COMMIT')
			expect(await batch).toBeUndefined()
			await second.query('COMMIT')
		} finally {
			await Promise.all([first.end(), second.end()])
		}
		const rows = await expectRollupExact([organizationId])
		expect(rows.map((row) => [row.quarterHour, row.sent])).toEqual([
			['2026-11-12 09:00', 2],
			['2026-11-12 10:00', 2],
		])
	})

	test('a day of a zone with a 45-minute offset is exact, and another organization’s counters never show', async () => {
		const mine = await organizationWithSequence()
		const theirs = await organizationWithSequence()
		// Kathmandu is UTC+05:45: 18:14 UTC is 23:59 on the 2nd there, 18:15 UTC is 00:00 on the 3rd.
		await prisma.sequenceEvent.createMany({
			data: [
				{ ...mine.base, type: 'SENT', emailStepId: mine.steps[0]!, createdAt: at(2, 18, 14) },
				{ ...mine.base, type: 'SENT', emailStepId: mine.steps[1]!, createdAt: at(2, 18, 15) },
				{ ...theirs.base, type: 'SENT', emailStepId: theirs.steps[0]!, createdAt: at(2, 18, 15) },
			],
		})
		await expectRollupExact([mine.organizationId, theirs.organizationId])
		const kathmandu = { from: '2026-11-02', to: '2026-11-03', timeZone: 'Asia/Kathmandu' }
		const days = await getAnalyticsSeries({ organizationId: mine.organizationId }, kathmandu, 'day')
		expect(days.map((point) => [point.period, point.sent])).toEqual([
			['2026-11-02', 1],
			['2026-11-03', 1],
		])
		for (const scope of [{ campaignId: theirs.campaign.id }, { userId: theirs.owner.user.id }, {}]) {
			expect(
				await getAnalyticsSummary(
					{ organizationId: mine.organizationId, ...scope },
					{ ...kathmandu, from: '2026-11-03' },
				),
			).toMatchObject({ sent: 'campaignId' in scope || 'userId' in scope ? 0 : 1 })
		}
	})
})
