import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence } from './sequence-fixtures.ts'
import { signIn, uniqueEmail } from './utils.ts'

// The charts drawn from real rows (decision 044): events written into the e2e server's database,
// read back by the Analytics page, the campaign page and the Sequences page; the filter is a GET
// form that works without JavaScript.

let db: pg.Client

test.beforeAll(async () => {
	db = await connectDatabase()
})

test.afterAll(async () => {
	await db?.end()
})

const DAY = 86_400_000
const noonDaysAgo = (days: number) => {
	const date = new Date(Date.now() - days * DAY)
	date.setUTCHours(12, 0, 0, 0)
	return date
}

/** A campaign whose sequence sent emails 1, 2 and 5 days ago; one clicked by a person and once by a scanner, one answered. */
async function seedCampaignWithEvents(page: Page) {
	const email = await signIn(page, uniqueEmail('analytics'))
	const contact = await seedContact(page.request)
	const sequence = await seedSequence(page.request, contact.id, {
		steps: [{ daysAfter: 0 }, { daysAfter: 1 }, { daysAfter: 3 }],
	})
	const { rows } = await db.query<{ organizationId: string }>(
		`SELECT m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
		[email],
	)
	const organizationId = rows[0]!.organizationId
	const campaignId = `camp_${randomUUID().slice(0, 8)}`
	const runId = `run_${randomUUID().slice(0, 8)}`
	await db.query(
		`INSERT INTO "Campaign" (id, name, "organizationId", "createdAt", "updatedAt") VALUES ($1, 'Autumn launch', $2, $3, now())`,
		[campaignId, organizationId, noonDaysAgo(10)],
	)
	await db.query(`INSERT INTO "SequenceGeneration" (id, name, "organizationId", "campaignId") VALUES ($1, 'Run', $2, $3)`, [
		runId,
		organizationId,
		campaignId,
	])
	await db.query(`UPDATE "Sequence" SET "generationId" = $1, status = 'ACTIVE' WHERE id = $2`, [runId, sequence.id])
	await db.query(`UPDATE "EmailStep" SET status = 'SENT' WHERE "sequenceId" = $1`, [sequence.id])
	const [first, second, third] = sequence.emailSteps.sort((a, b) => a.order - b.order)
	const events: Array<[string, string, Date, string | null]> = [
		['SENT', first!.id, noonDaysAgo(5), null],
		['SENT', second!.id, noonDaysAgo(2), null],
		['SENT', third!.id, noonDaysAgo(1), null],
		['LINK_CLICK', first!.id, noonDaysAgo(2), null],
		['LINK_CLICK', third!.id, noonDaysAgo(1), 'too-fast'],
		['REPLY', second!.id, noonDaysAgo(1), null],
	]
	for (const [type, stepId, createdAt, botReason] of events) {
		await db.query(
			`INSERT INTO "SequenceEvent" (id, type, "organizationId", "sequenceId", "emailStepId", "createdAt", "botReason", url)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			[randomUUID(), type, organizationId, sequence.id, stepId, createdAt, botReason, type === 'LINK_CLICK' ? 'https://acme.test/' : null],
		)
	}
	return { campaignId }
}

test('the Analytics page draws its charts from the events, and its filter narrows them', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 900 })
	const { campaignId } = await seedCampaignWithEvents(page)
	await page.goto('/analytics')
	await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()

	const figures = page.getByRole('region', { name: 'Email performance' })
	await expect(figures.getByText('Sent', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('3')
	await expect(figures.getByText('Clicked', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1')
	await expect(figures.getByText('Reply rate', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('33.3%')
	await expect(figures.getByText('1 click by security scanners')).toBeVisible()

	// Over time: four lines (sent, clicked, replied, bounced), a point per day of the 30.
	const overTime = page.getByRole('figure', { name: 'Email performance over time' })
	await expect(overTime.locator('svg.recharts-surface').first()).toBeVisible()
	await expect(overTime.locator('.recharts-line')).toHaveCount(4)
	await expect(overTime.locator('.recharts-line-dots').first().locator('.recharts-dot')).toHaveCount(30)
	// The funnel: a bar per stage.
	const funnel = page.getByRole('figure', { name: 'Email performance funnel' })
	await expect(funnel.locator('.recharts-bar-rectangle')).toHaveCount(4)
	await page.screenshot({ path: 'test-results/analytics-page.png', fullPage: true })

	// By week: the points are the weeks, and the URL says so (a view to share).
	await page.getByLabel('Group by').selectOption('week')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/granularity=week/)
	// The URL changes a moment before the new data is drawn: wait for the weeks, not the address.
	await expect(overTime).toHaveAttribute('data-points', /^[56]$/)
	const weeks = await overTime.getAttribute('data-points')
	await expect(overTime.locator('.recharts-line-dots').first().locator('.recharts-dot')).toHaveCount(Number(weeks))

	// A range before any event: nothing sent, rates unknown.
	await page.getByLabel('From').fill('2025-01-01')
	await page.getByLabel('To').fill('2025-01-31')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/from=2025-01-01/)
	await expect(figures.getByText('Sent', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('0')
	await expect(figures.getByText('Reply rate', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('—')
	// Instead of flat lines and empty bars, a sentence.
	await expect(figures.getByText(/Nothing sent or answered in this period yet/)).toBeVisible()
	await expect(figures.getByRole('figure')).toHaveCount(0)

	// The campaign page shows the same figures for its campaign.
	await page.goto(`/campaigns/${campaignId}`)
	const campaign = page.getByRole('region', { name: 'Campaign analytics' })
	await expect(campaign.getByText('Sent', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('3')
	await expect(campaign.getByRole('figure', { name: 'Campaign analytics over time' }).locator('.recharts-line')).toHaveCount(4)
	await page.screenshot({ path: 'test-results/analytics-campaign.png', fullPage: true })

	// And the Sequences page, the last 30 days.
	await page.goto('/sequences')
	const recent = page.getByRole('region', { name: 'Last 30 days' })
	await expect(recent.getByRole('figure', { name: 'Last 30 days over time' }).locator('.recharts-dot').first()).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the figures are tables and the filter is a plain GET form', async ({ page }) => {
		await seedCampaignWithEvents(page)
		await page.goto('/analytics')
		await expect(page.locator('svg.recharts-surface')).toHaveCount(0)
		await expect(page.getByRole('table', { name: 'Email performance over time' }).locator('tbody tr')).toHaveCount(30)
		await page.getByLabel('Group by').selectOption('week')
		await page.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/granularity=week/)
		await expect(page.getByLabel('Group by')).toHaveValue('week')
		await expect(page.getByRole('table', { name: 'Email performance funnel' })).toBeVisible()
		// A bad date in a shared link: its message, and the default range instead of an error page.
		await page.goto('/analytics?from=2026-13-45')
		await expect(page.getByText('Enter a date as YYYY-MM-DD')).toBeVisible()
		await expect(page.getByRole('table', { name: 'Email performance over time' }).locator('tbody tr')).toHaveCount(30)
	})
})
