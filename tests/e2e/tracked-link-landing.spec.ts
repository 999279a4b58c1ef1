import { expect, test } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sendAtAnyHour } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// A tracked link of a sent email redirects at once; a year later it opens a page that shows where
// it goes and continues there on a click, without JavaScript (decision 020). The email's
// unsubscribe link keeps working.

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db?.end()
})

const DESTINATION = 'https://acme.example/pricing?plan=pro&ref=email'

test('an old tracked link shows its destination and continues there on a click', async ({ page }) => {
	const email = await signIn(page)
	await sendAtAnyHour(db, email)
	await db.query(
		`UPDATE "Organization" SET name = 'Analytical Engines'
		WHERE id IN (SELECT m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1)`,
		[email],
	)
	const contact = await seedContact(page.request)
	const sequence = await seedSequence(page.request, contact.id, {
		subject: 'Pricing for Acme',
		steps: [
			{
				daysAfter: 0,
				body: `<p>Hello Ada, see <a href="${DESTINATION.replace('&', '&amp;')}">our pricing</a>.</p>`,
			},
		],
	})
	// acme.example never answers the pre-flight check's link probe (decision 051): launched acknowledged.
	const activated = await page.request.put(`/api/v1/sequences/${sequence.id}`, {
		data: { status: 'ACTIVE', acknowledgeProblems: true },
	})
	expect(activated.ok(), await activated.text()).toBe(true)
	await expect
		.poll(
			async () =>
				(await db.query(`SELECT status FROM "EmailStep" WHERE "sequenceId" = $1`, [sequence.id])).rows[0]
					?.status,
			{ timeout: 20_000 },
		)
		.toBe('SENT')

	const { rows } = await db.query(`SELECT html FROM "OutboxMessage" WHERE subject = 'Pricing for Acme'`)
	const html = rows[0].html as string
	const tracked = /href="([^"]*\/t\/[^"]+)"/.exec(html)![1]!
	const unsubscribe = /href="([^"]*\/unsubscribe\/[^"]+)"/.exec(html)![1]!

	// Fresh: one redirect.
	const fresh = await page.request.get(tracked, { maxRedirects: 0 })
	expect(fresh.status()).toBe(302)
	expect(fresh.headers().location).toBe(DESTINATION)

	// A year and more later: the page, no redirect, no click recorded for the view.
	await db.query(`UPDATE "EmailStep" SET "sentAt" = now() - interval '400 days' WHERE "sequenceId" = $1`, [
		sequence.id,
	])
	await page.route('https://acme.example/**', (route) =>
		route.fulfill({ contentType: 'text/html', body: '<h1>Acme pricing</h1>' }),
	)
	await page.setViewportSize({ width: 1280, height: 800 })
	const response = await page.goto(tracked)
	expect(response?.status()).toBe(200)
	await page.waitForLoadState('networkidle')
	await expect(page.getByRole('heading', { name: 'Check where this link goes' })).toBeVisible()
	await expect(page.getByText(DESTINATION, { exact: true })).toBeVisible()
	await expect(page.getByText(/from an email Analytical Engines sent on/)).toBeVisible()
	await page.screenshot({ path: test.info().outputPath('tracked-link-landing-1280.png'), fullPage: true })
	const clicks = async () =>
		Number(
			(
				await db.query(
					`SELECT count(*) FROM "SequenceEvent" WHERE "sequenceId" = $1 AND type = 'LINK_CLICK'`,
					[sequence.id],
				)
			).rows[0].count,
		)
	expect(await clicks()).toBe(1)

	await page.getByRole('link', { name: 'Continue to acme.example' }).click()
	await expect(page).toHaveURL(DESTINATION)
	await expect(page.getByRole('heading', { name: 'Acme pricing' })).toBeVisible()

	// The unsubscribe link of the same email still opens its page.
	await page.goto(unsubscribe)
	await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible()
})
