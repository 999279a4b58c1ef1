import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase } from './sequence-fixtures.ts'
import { signIn, uniqueEmail } from './utils.ts'

// The admin area (issue 16, decision 043). Administrators: dev sign-ins are verified and
// ADMIN_EMAIL_DOMAINS is reachout-admin.test (serve.ts). Figures the app only reaches by sending
// (a contacted lead) and a lead import are written straight into the e2e database.

function adminEmail() {
	return `admin-${randomUUID().slice(0, 8)}@reachout-admin.test`
}

async function organizationOf(db: pg.Client, email: string) {
	const result = await db.query<{ id: string }>(
		`SELECT m."organizationId" AS id FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
		[email],
	)
	return result.rows[0]!.id
}

/** Two organizations: "Busy" contacted a lead yesterday and used the lead scraper; "Quiet" did neither. */
async function seedOrganizations(page: Page, db: pg.Client) {
	const marker = `e2eadm${randomUUID().slice(0, 6)}`
	const busyEmail = await signIn(page, uniqueEmail('busy'))
	const quietEmail = await signIn(page, uniqueEmail('quiet'))
	const busy = await organizationOf(db, busyEmail)
	const quiet = await organizationOf(db, quietEmail)
	await db.query(`UPDATE "Organization" SET name = $2 WHERE id = $1`, [busy, `${marker} Busy Co`])
	await db.query(`UPDATE "Organization" SET name = $2 WHERE id = $1`, [quiet, `${marker} Quiet Ltd`])
	await db.query(
		`INSERT INTO "Contact" (id, "firstName", "lastName", "organizationId", "lastContactedAt", "updatedAt")
		VALUES ($1, 'Ada', 'Lead', $2, now() - interval '1 day', now()), ($3, 'Bob', 'Lead', $4, NULL, now())`,
		[`c-${randomUUID()}`, busy, `c-${randomUUID()}`, quiet],
	)
	await db.query(
		`INSERT INTO "LeadImport" (id, source, name, "organizationId", "updatedAt") VALUES ($1, 'TEXT', 'Pasted text', $2, now())`,
		[`li-${randomUUID()}`, busy],
	)
	await page.context().clearCookies()
	return marker
}

test.describe('Admin area', () => {
	test.describe.configure({ timeout: 90_000 })
	let db: pg.Client

	test.beforeAll(async () => {
		db = await connectDatabase()
	})
	test.afterAll(async () => {
		await db?.end()
	})

	test('an administrator filters organizations; the filters are in the URL and survive a reload and a new visit', async ({
		page,
	}) => {
		await page.setViewportSize({ width: 1280, height: 900 })
		const marker = await seedOrganizations(page, db)
		await signIn(page, adminEmail())
		await page.goto('/admin')
		await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
		// The seeded figures count once recomputed (each minute, or now).
		await page.getByRole('button', { name: 'Refresh figures' }).click()
		await expect(page.getByText('Figures refreshed')).toBeVisible()

		await page.getByRole('link', { name: /^Filters/ }).click()
		const dialog = page.getByRole('dialog', { name: 'Dashboard Filters' })
		await expect(dialog).toBeVisible()
		await expect(dialog.getByLabel('Leads contacted (at least)')).toHaveValue('1')
		await dialog.getByLabel('Organization name').fill(marker)
		await dialog.getByRole('button', { name: 'Apply filters' }).click()
		await expect(dialog).toBeHidden()
		await expect(page).toHaveURL(new RegExp(`search=${marker}`))

		// leadsContacted 1 by default: only Busy has contacted anyone.
		const table = page.getByRole('table', { name: 'Organizations' })
		await expect(table.getByRole('row')).toHaveCount(2)
		const busyRow = table.getByRole('row', { name: new RegExp(`${marker} Busy Co`) })
		await expect(busyRow).toContainText('Yes')

		// Leads contacted 0 shows Quiet too; "uses automatic lead finding" leaves only Busy.
		await page.getByRole('link', { name: /^Filters/ }).click()
		await dialog.getByLabel('Leads contacted (at least)').fill('0')
		await dialog.getByRole('button', { name: 'Apply filters' }).click()
		await expect(table.getByRole('row')).toHaveCount(3)
		await page.getByRole('link', { name: /^Filters/ }).click()
		await dialog.getByLabel(/Uses automatic lead finding/).check()
		await dialog.getByRole('button', { name: 'Apply filters' }).click()
		await expect(page).toHaveURL(/autoLeads=true/)
		await expect(page).toHaveURL(/leadsContacted=0/)
		await expect(table.getByRole('row')).toHaveCount(2)
		await page.screenshot({ path: 'test-results/admin-organizations.png', fullPage: true })

		await page.reload()
		await expect(page).toHaveURL(/autoLeads=true/)
		await expect(table.getByRole('row')).toHaveCount(2)

		// A bare /admin (the navigation link) brings the saved filters back from localStorage.
		await page.goto('/admin')
		await expect(page).toHaveURL(/autoLeads=true/)
		await expect(page).toHaveURL(new RegExp(`search=${marker}`))
		await expect(page).toHaveURL(/leadsContacted=0/)
		await expect(table.getByRole('row', { name: new RegExp(`${marker} Busy Co`) })).toBeVisible()

		// Reset forgets them.
		await page.getByRole('link', { name: /^Filters/ }).click()
		await dialog.getByRole('link', { name: 'Reset filters' }).click()
		await expect(page).toHaveURL(/\/admin$/)
		await page.goto('/admin')
		await expect(page).toHaveURL(/\/admin$/)
	})

	test('a date in the future is refused with the message; plan status is set and audited', async ({
		page,
	}) => {
		await page.setViewportSize({ width: 1280, height: 900 })
		const marker = await seedOrganizations(page, db)
		const email = await signIn(page, adminEmail())
		await page.goto('/admin')
		await page.getByRole('button', { name: 'Refresh figures' }).click()
		await expect(page.getByText('Figures refreshed')).toBeVisible()
		const response = await page.goto(`/admin?search=${marker}&noContactsSince=2099-01-01`)
		expect(response?.status()).toBe(400)
		await expect(page.getByText('Dates may not be in the future')).toBeVisible()
		await page.screenshot({ path: 'test-results/admin-filter-error.png', fullPage: true })

		await page.goto(`/admin?search=${marker}`)
		const busyRow = page
			.getByRole('table', { name: 'Organizations' })
			.getByRole('row', { name: new RegExp(`${marker} Busy Co`) })
		await busyRow.getByLabel(/Plan status of/).selectOption('ACTIVE')
		await busyRow.getByRole('button', { name: /Save plan status/ }).click()
		await expect(page.getByText('Plan status updated')).toBeVisible()
		await page.goto(`/admin?search=${marker}&activeSubscription=true`)
		await expect(page.getByRole('table', { name: 'Organizations' }).getByRole('row')).toHaveCount(2)

		const sections = page.getByRole('navigation', { name: 'Admin sections' })
		await sections.getByRole('link', { name: 'Audit log' }).click()
		const entry = page
			.getByRole('table', { name: 'Audit log' })
			.getByRole('row', { name: new RegExp(`${marker} Busy Co`) })
		await expect(entry).toContainText(email)
		await expect(entry).toContainText('NONE → ACTIVE')

		await sections.getByRole('link', { name: 'Campaigns' }).click()
		await expect(page.getByRole('button', { name: /^Search$/ })).toBeVisible()
		await page.screenshot({ path: 'test-results/admin-campaigns.png', fullPage: true })
	})

	test('the filters work without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({
			javaScriptEnabled: false,
			viewport: { width: 1280, height: 900 },
		})
		const page = await context.newPage()
		const marker = await seedOrganizations(page, db)
		await signIn(page, adminEmail())
		await page.goto('/admin')
		await page.getByRole('button', { name: 'Refresh figures' }).click()
		await page.getByRole('link', { name: /^Filters/ }).click()
		await expect(page).toHaveURL(/filters=1/)
		await page.getByLabel('Organization name').fill(marker)
		await page.getByLabel('Leads contacted (at least)').fill('0')
		await page.getByRole('button', { name: 'Apply filters' }).click()
		await expect(page).toHaveURL(/leadsContacted=0/)
		await expect(page.getByRole('table', { name: 'Organizations' }).getByRole('row')).toHaveCount(3)
		await context.close()
	})

	test('everyone else gets 403, pages and API alike', async ({ page }) => {
		await signIn(page, uniqueEmail('member'))
		for (const path of ['/admin', '/admin/campaigns', '/admin/audit']) {
			const response = await page.goto(path)
			expect(response?.status(), path).toBe(403)
		}
		await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)
		const api = await page.request.get('/api/v1/admin/organizations')
		expect(api.status()).toBe(403)
		expect(await api.json()).toMatchObject({ error: 'forbidden' })
	})
})
