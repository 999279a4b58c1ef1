import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The review of a lead import (issue 14, /lead-scraper/{queueId}): a READY import seeded in the
// database for the signed-in user, some of its people already contacts. Existing ones dimmed and
// not selectable, search, pages, the Add-contacts-to-tags dialog (with a tag, without, existing
// contacts), the toasts' texts — and the same save without JavaScript. Another organization's
// queue item is a 404.

const SHOTS = '/tmp/shots-c2'
mkdirSync(SHOTS, { recursive: true })

const COMPANY = 'Acme Rockets'
const LONG_ROLE = 'Vice President of Propulsion Engineering and Flight Test Operations'
const LONG_EMAIL = 'lead01.with.a.long.address@acme-rockets.example'

type SeedLead = {
	firstName: string
	lastName: string
	email: string | null
	linkedin?: string | null
	role?: string | null
	phone?: string | null
}

/** Lead 01 … Lead 55 (two pages of 50); 02 and 05 are contacts already; 54 repeats 01's email. */
function teamLeads(): SeedLead[] {
	return Array.from({ length: 55 }, (_, index) => {
		const number = String(index + 1).padStart(2, '0')
		const lead: SeedLead = {
			firstName: 'Lead',
			lastName: number,
			email: `lead${number}@acme-rockets.example`,
			role: 'Engineer',
			phone: `+1 555 01${number}`,
		}
		if (index === 0) Object.assign(lead, { email: LONG_EMAIL, role: LONG_ROLE })
		if (index === 4) Object.assign(lead, { email: null, linkedin: 'https://www.linkedin.com/in/lead-05' })
		if (index === 53) Object.assign(lead, { lastName: 'Twin', email: LONG_EMAIL })
		return lead
	})
}

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

function leadRow(page: Page, name: string) {
	return page.getByTestId('lead-row').filter({ has: page.getByText(name, { exact: true }) })
}

async function postJson<T>(request: APIRequestContext, path: string, data: unknown) {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

async function organizationOf(db: pg.Client, email: string) {
	const { rows } = await db.query<{ organizationId: string; userId: string }>(
		`SELECT m."organizationId", u.id AS "userId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
		[email],
	)
	return rows[0]!
}

/** A finished import with these leads, as the import job leaves it (READY, its queue item COMPLETED). */
async function seedLeadImport(
	db: pg.Client,
	email: string,
	leads: SeedLead[],
	{ state = 'READY', failureReason = null }: { state?: string; failureReason?: string | null } = {},
) {
	const { organizationId, userId } = await organizationOf(db, email)
	const queueId = `q${randomUUID()}`
	const leadImportId = `li${randomUUID()}`
	await db.query(
		`INSERT INTO "Queueable" (id, type, status, metadata, "organizationId", "userId", "updatedAt")
		 VALUES ($1, 'LEAD_IMPORT', $2, '{"source":"team.txt"}', $3, $4, now())`,
		[
			queueId,
			state === 'PARSING' ? 'PROCESSING' : state === 'FAILED' ? 'FAILED' : 'COMPLETED',
			organizationId,
			userId,
		],
	)
	await db.query(
		`INSERT INTO "LeadImport" (id, source, state, name, "leadCount", "failureReason", "queueableId", "organizationId", "userId", "updatedAt")
		 VALUES ($1, 'TEXT', $2, 'team.txt', $3, $4, $5, $6, $7, now())`,
		[leadImportId, state, leads.length, failureReason, queueId, organizationId, userId],
	)
	for (const [position, lead] of leads.entries()) {
		await db.query(
			`INSERT INTO "LeadImportLead" (id, "leadImportId", position, "firstName", "lastName", email, linkedin, role, phone, "companyName", "companyDescription")
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Reusable rockets')`,
			[
				`lil${randomUUID()}`,
				leadImportId,
				position,
				lead.firstName,
				lead.lastName,
				lead.email,
				lead.linkedin ?? null,
				lead.role ?? null,
				lead.phone ?? null,
				COMPANY,
			],
		)
	}
	return queueId
}

/** The company and two of the leads as contacts already (by email, and by LinkedIn profile). */
async function seedExistingContacts(request: APIRequestContext) {
	const company = await postJson<{ id: string }>(request, '/api/v1/companies', {
		name: COMPANY,
		description: 'Reusable rockets',
	})
	await postJson(request, '/api/v1/contacts', {
		firstName: 'Lead',
		lastName: '02',
		email: 'lead02@acme-rockets.example',
		role: 'Engineer',
		companyId: company.id,
	})
	// Another spelling of the same profile: LinkedIn URLs are compared normalized.
	await postJson(request, '/api/v1/contacts', {
		firstName: 'Lead',
		lastName: '05',
		email: 'lead.five@elsewhere.example',
		role: 'Engineer',
		linkedin: 'http://linkedin.com/in/Lead-05/',
		companyId: company.id,
	})
	return company.id
}

async function contactsInTag(db: pg.Client, tagName: string, email: string) {
	const { organizationId } = await organizationOf(db, email)
	const { rows } = await db.query<{ name: string }>(
		`SELECT c."firstName" || ' ' || c."lastName" AS name FROM "ContactTag" ct
		 JOIN "Tag" t ON t.id = ct."tagId" JOIN "Contact" c ON c.id = ct."contactId"
		 WHERE t."organizationId" = $1 AND t.name = $2 ORDER BY c."lastName"`,
		[organizationId, tagName],
	)
	return rows.map((row) => row.name)
}

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db.end()
})

test.describe('Lead review', () => {
	test.use({ viewport: { width: 1280, height: 900 } })

	test('existing contacts dimmed, search, pages, save with a tag, existing ones processed, all new ones without tags', async ({
		page,
	}) => {
		test.setTimeout(90_000)
		const consoleErrors: string[] = []
		page.on('console', (message) => {
			if (message.type() === 'error') consoleErrors.push(message.text())
		})
		const email = await signIn(page)
		await seedExistingContacts(page.request)
		const queueId = await seedLeadImport(db, email, teamLeads())
		await page.goto(`/lead-scraper/${queueId}`)
		await page.waitForLoadState('networkidle')
		await expect(page.getByRole('heading', { level: 1, name: 'Review leads: team.txt' })).toBeVisible()
		await expect(page.getByTestId('lead-row')).toHaveCount(50)
		const footer = page.getByTestId('review-footer')
		await expect(footer).toHaveText('50 contacts displayed • 0 selected • 2 already exist')
		await expect(page.getByText('Page 1 of 2 (55 leads)')).toBeVisible()

		// Already contacts: dimmed, their checkbox disabled (by email, and by a LinkedIn URL spelled otherwise).
		for (const name of ['Lead 02', 'Lead 05']) {
			await expect(leadRow(page, name)).toHaveAttribute('data-existing', 'true')
			await expect(page.getByLabel(`Select ${name}`)).toBeDisabled()
		}
		await expect(page.getByLabel('Select Lead 03')).toBeEnabled()
		// Role cut at 40 and email at 20 characters, the full text in a title; the name links to LinkedIn.
		const first = leadRow(page, 'Lead 01')
		await expect(first.locator(`td[title="${LONG_ROLE}"]`)).toHaveText(`${LONG_ROLE.slice(0, 40).trimEnd()}…`)
		await expect(first.getByRole('link', { name: `${LONG_EMAIL.slice(0, 20)}…` })).toHaveAttribute(
			'href',
			`mailto:${LONG_EMAIL}`,
		)
		const profile = page.getByRole('link', { name: 'Lead 05', exact: true })
		await expect(profile).toHaveAttribute('href', 'https://www.linkedin.com/in/lead-05')
		await expect(profile).toHaveAttribute('target', '_blank')
		await expect(page.getByTestId('lead-table-scroll')).toHaveCSS('height', '400px')
		await page.screenshot({ path: `${SHOTS}/review-page.png` })

		// Search narrows the rows on the server.
		await page.getByRole('searchbox', { name: 'Search contacts' }).fill('lead07')
		await expect(page).toHaveURL(/search=lead07/)
		await expect(page.getByTestId('lead-row')).toHaveCount(1)
		await expect(footer).toHaveText('1 contacts displayed • 0 selected')
		await page.getByRole('searchbox', { name: 'Search contacts' }).fill('')
		await expect(page.getByTestId('lead-row')).toHaveCount(50)

		// A selection across pages.
		await page.getByRole('link', { name: 'Next' }).click()
		await expect(page.getByText('Page 2 of 2 (55 leads)')).toBeVisible()
		await expect(page.getByTestId('lead-row')).toHaveCount(5)
		await page.getByLabel('Select Lead 52').check()
		await page.getByRole('link', { name: 'Previous' }).click()
		await expect(page.getByText('Page 1 of 2 (55 leads)')).toBeVisible()
		await page.getByLabel('Select Lead 03').check()
		await page.getByLabel('Select Lead 04').check()
		await expect(footer).toHaveText('50 contacts displayed • 3 selected • 2 already exist')

		// Save with a tag created in the dialog; the tag table shows skeleton rows while it loads.
		// The first tags request is held until the skeleton rows have been seen (no race with a timer).
		let releaseTags!: () => void
		const tagsHeld = new Promise<void>((resolve) => (releaseTags = resolve))
		await page.route('**/api/v1/tags?*', async (route) => {
			await tagsHeld
			await route.continue()
		})
		await page.getByRole('button', { name: 'Save contacts (3)' }).click()
		const dialog = page.getByRole('dialog', { name: 'Select tags for 3 contact(s)' })
		await expect(dialog).toBeVisible()
		await expect(dialog.locator('[data-skeleton]')).toHaveCount(8)
		releaseTags()
		await expect(dialog.getByText('No tags found')).toBeVisible()
		await expect(dialog.getByRole('button', { name: 'Save Contacts without tags' })).toBeVisible()
		await dialog.getByRole('button', { name: 'New tag' }).click()
		await dialog.getByLabel('New tag name').fill('   ')
		await dialog.getByRole('button', { name: 'Create', exact: true }).click()
		// An empty name just goes back to the search.
		await expect(dialog.getByLabel('Search tags')).toBeVisible()
		await dialog.getByRole('button', { name: 'New tag' }).click()
		await dialog.getByLabel('New tag name').fill('  Rocket Summit  ')
		await dialog.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(toast(page, 'Tag created successfully!')).toBeVisible()
		await expect(dialog.getByLabel('Select tag Rocket Summit')).toBeChecked()
		await expect(dialog.getByText('1 tag(s) selected')).toBeVisible()
		await page.unroute('**/api/v1/tags?*')
		await page.screenshot({ path: `${SHOTS}/save-dialog.png` })
		// While the save runs the button says so (the save is held until that has been seen).
		let releaseSave!: () => void
		const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve))
		const slowSave = (url: URL) => url.pathname.startsWith('/lead-scraper/')
		await page.route(slowSave, async (route) => {
			if (route.request().method() === 'POST') await saveHeld
			await route.continue()
		})
		await dialog.getByRole('button', { name: 'Save contacts with tag' }).click()
		await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeDisabled()
		releaseSave()
		await expect(
			toast(
				page,
				'Successfully processed 3 contacts! (3 new contacts created..., 0 existing contacts tagged or found)',
			),
		).toBeVisible()
		await expect(dialog).toBeHidden()
		await page.unroute(slowSave)
		await expect(leadRow(page, 'Lead 03')).toHaveAttribute('data-existing', 'true')
		await expect(footer).toHaveText('50 contacts displayed • 0 selected • 4 already exist')
		expect(await contactsInTag(db, 'Rocket Summit', email)).toEqual(['Lead 03', 'Lead 04', 'Lead 52'])

		// A chosen lead saved meanwhile (here, straight through the API): "Process existing contacts".
		await page.getByLabel('Select Lead 06').check()
		const companyId = await companyIdOf(db, email)
		await postJson(page.request, '/api/v1/contacts', {
			firstName: 'Lead',
			lastName: '06',
			email: 'lead06@acme-rockets.example',
			role: 'Engineer',
			companyId,
		})
		await page.getByRole('link', { name: 'Next' }).click()
		await page.getByRole('link', { name: 'Previous' }).click()
		await expect(leadRow(page, 'Lead 06')).toHaveAttribute('data-existing', 'true')
		await page.getByRole('button', { name: 'Save contacts (1)' }).click()
		const existingDialog = page.getByRole('dialog', { name: 'Select tags for 1 contact(s)' })
		await expect(
			existingDialog.getByText('Some contacts already exist in the database. Tag selection is disabled.'),
		).toBeVisible()
		await expect(existingDialog.getByLabel('Select tag Rocket Summit')).toBeDisabled()
		await page.screenshot({ path: `${SHOTS}/existing-dialog.png` })
		await existingDialog.getByRole('button', { name: 'Process existing contacts' }).click()
		await expect(
			toast(
				page,
				'Successfully processed 1 contacts! (0 new contacts created..., 1 existing contacts tagged or found)',
			),
		).toBeVisible()

		// The page's own select-all takes the new leads on it only.
		await page.getByLabel('Select all on this page').check()
		await expect(footer).toHaveText('50 contacts displayed • 45 selected • 5 already exist')
		await page.getByLabel('Select all on this page').uncheck()
		await expect(footer).toHaveText('50 contacts displayed • 0 selected • 5 already exist')

		// Every new lead, on every page, without tags: the duplicate is counted and warned about.
		await page.getByLabel('Select all 49 new leads').check()
		await expect(footer).toHaveText('50 contacts displayed • 49 selected • 5 already exist')
		await page.getByRole('button', { name: 'Save contacts (49)' }).click()
		const allDialog = page.getByRole('dialog', { name: 'Select tags for all contact(s)' })
		await expect(allDialog.getByRole('button', { name: 'Save Contacts without tags' })).toBeVisible()
		await allDialog.getByRole('button', { name: 'Save Contacts without tags' }).click()
		await expect(
			toast(
				page,
				'Successfully processed 48 contacts! (48 new contacts created..., 0 existing contacts tagged or found) • 1 skipped',
			),
		).toBeVisible()
		await expect(toast(page, 'Skipped 1 duplicate contacts')).toBeVisible()
		await expect(page.getByText('Every lead of this import is a contact already.')).toBeVisible()
		await expect(footer).toHaveText('50 contacts displayed • 0 selected • 50 already exist')
		await expect(page.getByRole('button', { name: 'Save contacts' })).toBeDisabled()
		await page.screenshot({ path: `${SHOTS}/review-saved.png` })
		expect(await contactsInTag(db, 'Rocket Summit', email)).toHaveLength(3)
		// Hydration went through (React reports a mismatch as a console error).
		expect(consoleErrors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual(
			[],
		)
	})

	test('a queue item still importing or failed says so; another organization’s is a 404', async ({
		page,
		browser,
	}) => {
		const email = await signIn(page)
		const parsing = await seedLeadImport(db, email, [], { state: 'PARSING' })
		await page.goto(`/lead-scraper/${parsing}`)
		await expect(page.getByText('Still importing leads from team.txt…')).toBeVisible()
		await expect(page.getByRole('link', { name: 'See the import’s progress' })).toHaveAttribute(
			'href',
			`/lead-scraper/progress?id=${parsing}`,
		)
		const failed = await seedLeadImport(db, email, [], {
			state: 'FAILED',
			failureReason: 'No text content found in the link',
		})
		await page.goto(`/lead-scraper/${failed}`)
		await expect(page.getByRole('alert')).toHaveText('No text content found in the link')

		const ready = await seedLeadImport(db, email, teamLeads().slice(0, 3))
		const other = await browser.newPage()
		await signIn(other)
		const visit = await other.goto(`/lead-scraper/${ready}`)
		expect(visit?.status()).toBe(404)
		await expect(other.getByRole('heading', { name: 'Page not found' })).toBeVisible()
		const post = await other.request.post(`/lead-scraper/${ready}`, {
			form: { intent: 'save', selection: 'all' },
			maxRedirects: 0,
		})
		expect(post.status()).toBe(404)
		await other.close()
	})
})

test.describe('Lead review without JavaScript', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })

	test('the table is a form: save checked leads with a tag created on the page, then all new ones', async ({
		page,
	}) => {
		const email = await signIn(page)
		await seedExistingContacts(page.request)
		const queueId = await seedLeadImport(db, email, teamLeads())
		await page.goto(`/lead-scraper/${queueId}`)
		await expect(page.getByTestId('lead-row')).toHaveCount(50)
		await expect(page.getByTestId('review-footer')).toHaveText('50 contacts displayed • 2 already exist')
		await expect(page.getByLabel('Select Lead 02')).toBeDisabled()
		const notice = (text: string) => page.getByRole('status').filter({ hasText: text })

		// Nothing checked: the spec's refusal.
		await page.getByRole('button', { name: 'Save contacts' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'No leads selected.' })).toBeVisible()

		// A tag created inline comes back searched, ready to check.
		await page.getByLabel('New tag name').fill('Webinar')
		await page.getByRole('button', { name: 'Create tag' }).click()
		await expect(notice('Tag created successfully!')).toBeVisible()
		await expect(page).toHaveURL(/tagSearch=Webinar/)
		await page.getByLabel('Select tag Webinar').check()
		await page.getByLabel('Select Lead 03').check()
		await page.getByLabel('Select Lead 04').check()
		await page.screenshot({ path: `${SHOTS}/review-no-js.png`, fullPage: true })
		await page.getByRole('button', { name: 'Save contacts' }).click()
		await expect(
			notice(
				'Successfully processed 2 contacts! (2 new contacts created..., 0 existing contacts tagged or found)',
			),
		).toBeVisible()
		await expect(page.getByLabel('Select Lead 03')).toBeDisabled()
		expect(await contactsInTag(db, 'Webinar', email)).toEqual(['Lead 03', 'Lead 04'])

		// Search with its button.
		await page.getByRole('searchbox', { name: 'Search contacts' }).fill('lead53')
		await page.getByRole('button', { name: 'Search', exact: true }).click()
		await expect(page.getByTestId('lead-row')).toHaveCount(1)

		// All new leads, without tags: the duplicate is said in the same message.
		await page.getByLabel('Select all 51 new leads').check()
		await page.getByRole('button', { name: 'Save contacts' }).click()
		await expect(
			notice(
				'Successfully processed 50 contacts! (50 new contacts created..., 0 existing contacts tagged or found) • 1 skipped Skipped 1 duplicate contacts',
			),
		).toBeVisible()
		await expect(page.getByText('Every lead of this import is a contact already.')).toBeVisible()
	})
})

async function companyIdOf(db: pg.Client, email: string) {
	const { organizationId } = await organizationOf(db, email)
	const { rows } = await db.query<{ id: string }>(
		`SELECT id FROM "Company" WHERE "organizationId" = $1 AND name = $2`,
		[organizationId, COMPANY],
	)
	return rows[0]!.id
}
