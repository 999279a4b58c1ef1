import { expect, type Page, test } from '@playwright/test'
import type pg from 'pg'
import { startFakeWebSite } from '../fakes/web-site.ts'
import { connectDatabase, seedContact, seedSequence } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The pre-flight check as a user meets it (decision 051): Activate sequence in the drawer leads to
// the check's page, which lists a dead link (asked through the safe fetcher of a local site the e2e
// server allows: 127.0.0.1:<E2E_PORT + 2500>) and an unfilled placeholder, each with its fix, and
// the send calendar; Launch anyway needs the box ticked and is recorded. The page works without JavaScript.

const SITE_PORT = Number(process.env.E2E_PORT ?? 3917) + 2500
let site: Awaited<ReturnType<typeof startFakeWebSite>>
let db: pg.Client

test.beforeAll(async () => {
	site = await startFakeWebSite({ port: SITE_PORT })
	site.html('/pricing', '<p>Pricing</p>')
	site.status('/old-offer', 404)
	db = await connectDatabase()
})
test.afterAll(async () => {
	await site?.close()
	await db?.end()
})

async function draftWithProblems(page: Page) {
	const contact = await seedContact(page.request, { firstName: 'Grace', lastName: 'Hopper' })
	return seedSequence(page.request, contact.id, {
		subject: 'Compilers at Acme',
		steps: [
			{
				daysAfter: 0,
				// Written out as text: the editor keeps only https links, and the local site is http.
				body: `<p>Hello Grace, our pricing is at ${site.origin}/pricing and the offer at ${site.origin}/old-offer today.</p>`,
			},
			{ daysAfter: 3, body: '<p>Hello {{firstName}}, following up on compilers.</p>' },
		],
	})
}

test('Activate leads to the check: problems with their fixes, the calendar, and Launch anyway recorded', async ({
	page,
}) => {
	await page.setViewportSize({ width: 1280, height: 900 })
	await signIn(page)
	const sequence = await draftWithProblems(page)

	await page.goto(`/sequences/${sequence.id}`)
	const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	await drawer.getByRole('button', { name: 'Activate sequence' }).click()

	await expect(page).toHaveURL(new RegExp(`/sequences/${sequence.id}/launch$`))
	await expect(
		page.getByRole('heading', { name: 'Pre-flight check — Grace Hopper: Compilers at Acme' }),
	).toBeVisible()
	await expect(page.getByRole('heading', { name: '2 problems to fix before launch' })).toBeVisible()
	const problems = page.getByRole('list', { name: 'Problems' })
	await expect(problems.getByRole('listitem')).toHaveCount(2)
	await expect(problems).toContainText(
		`The link ${site.origin}/old-offer in the Initial Email for Grace Hopper does not work: it answers 404.`,
	)
	await expect(problems).toContainText('Fix: Correct the link in the step, or remove it.')
	await expect(problems).toContainText('Follow-up Email 1 for Grace Hopper still has “{{firstName}}”.')
	await expect(problems.getByRole('link', { name: /Fix it/ }).first()).toHaveAttribute(
		'href',
		`/sequences/${sequence.id}`,
	)

	// The calendar: both steps, in the contact's zone (the organization's, UTC), the window's note.
	const steps = page.getByRole('table', { name: 'Steps by recipient' })
	await expect(steps.getByRole('row')).toHaveCount(3)
	await expect(steps).toContainText('Initial Email')
	await expect(steps).toContainText('Follow-up Email 1')
	await expect(page.getByRole('table', { name: 'Mailboxes' })).toContainText('2')
	await expect(page.getByText(/Send window: Mon, Tue, Wed, Thu, Fri, 08:00–18:00/)).toBeVisible()

	await page.screenshot({ path: test.info().outputPath('preflight-check-1280.png'), fullPage: true })

	// Launch anyway needs the box: the browser refuses the form without it.
	const launch = page.getByRole('button', { name: 'Launch anyway' })
	await launch.click()
	await expect(page).toHaveURL(new RegExp(`/sequences/${sequence.id}/launch$`))
	await page.getByLabel(/I have read the 2 problems above and want to launch anyway/).check()
	await launch.click()
	await expect(page.getByText('Sequence updated successfully')).toBeVisible()
	await expect(page).toHaveURL(/\/sequences$/)

	const { rows } = await db.query(
		`SELECT s.status, a."userEmail", a.kind, a.problems FROM "Sequence" s
		JOIN "LaunchAcknowledgement" a ON a."targetId" = s.id WHERE s.id = $1`,
		[sequence.id],
	)
	expect(rows).toHaveLength(1)
	expect(rows[0].status).toBe('ACTIVE')
	expect(rows[0].kind).toBe('SEQUENCE')
	expect(rows[0].problems.total).toBe(2)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the check page lists the problems and launches with the box ticked', async ({ page }) => {
		const email = await signIn(page)
		const sequence = await draftWithProblems(page)
		await page.goto(`/sequences/${sequence.id}/launch`)
		await expect(page.getByRole('heading', { name: '2 problems to fix before launch' })).toBeVisible()
		await page.getByLabel(/I have read the 2 problems above/).check()
		await page.getByRole('button', { name: 'Launch anyway' }).click()
		await expect(page).toHaveURL(/\/sequences$/)
		const { rows } = await db.query(
			`SELECT s.status, a."userEmail" FROM "Sequence" s JOIN "LaunchAcknowledgement" a ON a."targetId" = s.id
			WHERE s.id = $1`,
			[sequence.id],
		)
		expect(rows).toEqual([{ status: 'ACTIVE', userEmail: email }])
	})
})
