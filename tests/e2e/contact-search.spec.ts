import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type pg from 'pg'
import { type ContactSearchJobResult, type ContactSearchResult } from '#app/schemas/contact-search.ts'
import { connectDatabase } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Contact search results (issue 15, /contact-search/{queueId}): a finished bulk search seeded as the
// job leaves it — the groups and their counts, search, selection, Export CSV (the downloaded file
// read back), Import Leads with a tag through the Add-contacts-to-tags dialog, imported people then
// dimmed; the export without JavaScript; another organization's search a 404.

const SHOTS = '/tmp/shots-contact-search'
mkdirSync(SHOTS, { recursive: true })

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db.end()
})

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

async function postJson<T>(request: APIRequestContext, path: string, data: unknown) {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

function person(
	id: string,
	companyId: string | null,
	companyName: string,
	patch: Partial<ContactSearchResult>,
) {
	return {
		id,
		rank: 1,
		firstName: null,
		lastName: null,
		email: null,
		phone: null,
		role: null,
		roleDetails: null,
		companyName,
		linkedinUrl: null,
		matchReason: '',
		score: 0.5,
		relevanceScore: 50,
		location: null,
		companyData: { id: companyId, name: companyName },
		source: 'LINKEDIN',
		existingContactId: null,
		...patch,
	} satisfies ContactSearchResult
}

async function seedSearch(page: Page, email: string) {
	const acme = await postJson<{ id: string }>(page.request, '/api/v1/companies', {
		name: 'Acme Rockets',
		description: 'Reusable rockets',
	})
	const existing = await postJson<{ id: string }>(page.request, '/api/v1/contacts', {
		firstName: 'Grace',
		lastName: 'Hopper',
		email: 'grace@acme-rockets.example',
		role: 'CTO',
		companyId: acme.id,
	})
	const { rows } = await db.query<{ organizationId: string; userId: string }>(
		`SELECT m."organizationId", u.id AS "userId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
		[email],
	)
	const { organizationId, userId } = rows[0]!
	const result: ContactSearchJobResult = {
		mode: 'bulk',
		ranker: 'offline',
		query: { lookingFor: 'Sales leaders in Europe', topX: 3 },
		summary: { totalContactsFound: 4, successfulCompanies: 2 },
		results: [
			{
				companyId: acme.id,
				companyName: 'Acme Rockets',
				website: 'https://acme-rockets.example',
				logoUrl: null,
				totalEmployeesAnalyzed: 42,
				topContacts: [
					person('r1', acme.id, 'Acme Rockets', {
						rank: 1,
						firstName: 'Ada',
						lastName: 'Lovelace',
						email: 'ada.lovelace.sales@acme-rockets.example',
						role: 'Vice President of Sales, Europe, Middle East and Africa',
						linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace-acme',
						matchReason: "VP-level sales leader: 'Vice President of Sales, EMEA' matches sales leaders",
					}),
					person('r2', acme.id, 'Acme Rockets', {
						rank: 2,
						firstName: 'Grace',
						lastName: 'Hopper',
						email: 'grace@acme-rockets.example',
						role: 'CTO',
						matchReason: 'C-level, not in sales',
						existingContactId: existing.id,
					}),
					person('r3', acme.id, 'Acme Rockets', {
						rank: null,
						role: 'Head of Revenue',
						linkedinUrl: 'https://www.linkedin.com/in/anonymous-revenue',
						matchReason: 'Head-level revenue leader',
					}),
				],
			},
			{
				companyId: null,
				companyName: 'Globex',
				website: null,
				logoUrl: null,
				totalEmployeesAnalyzed: 0,
				topContacts: [],
			},
		],
	}
	const id = `cs${randomUUID()}`
	await db.query(
		`INSERT INTO "Queueable" (id, type, status, progress, payload, result, "isActionable", "organizationId", "userId", "updatedAt")
		 VALUES ($1, 'contact_search', 'COMPLETED', 100, $2, $3, true, $4, $5, now())`,
		[
			id,
			JSON.stringify({ mode: 'bulk', lookingFor: result.query.lookingFor }),
			JSON.stringify(result),
			organizationId,
			userId,
		],
	)
	return id
}

test.describe('Contact search results', () => {
	test.use({ viewport: { width: 1280, height: 900 } })

	test('groups, search, export, import with a tag; imported people dimmed', async ({ page, browser }) => {
		const email = await signIn(page)
		const id = await seedSearch(page, email)
		await page.goto(`/contact-search/${id}`)
		await page.waitForLoadState('networkidle')
		await expect(page.getByText('Found 3 contacts across 2 companies')).toBeVisible()
		await expect(page.getByText('Looking for: Sales leaders in Europe').first()).toBeVisible()
		const acme = page.getByRole('region', { name: 'Acme Rockets' })
		await expect(acme).toContainText('3 contacts found • 1 already exist • 42 employees analyzed')
		await expect(page.getByRole('region', { name: 'Globex' })).toContainText(
			'No contacts found for this company',
		)
		const rows = acme.getByTestId('result-row')
		await expect(rows).toHaveCount(3)
		// Rank, the name to LinkedIn in a new tab, role cut at 40 with the full text as its title, email at 20.
		const ada = rows.nth(0)
		await expect(ada).toContainText('#1')
		await expect(ada.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('target', '_blank')
		await expect(ada.getByText('Vice President of Sales, Europe, Middle…')).toHaveAttribute(
			'title',
			'Vice President of Sales, Europe, Middle East and Africa',
		)
		await expect(ada.getByRole('link', { name: 'ada.lovelace.sales@a…' })).toHaveAttribute(
			'href',
			'mailto:ada.lovelace.sales@acme-rockets.example',
		)
		await expect(rows.nth(2)).toContainText('#N/A')
		await expect(rows.nth(2)).toContainText('Name not available')
		await expect(rows.nth(1)).toHaveAttribute('data-existing', 'true')
		await expect(rows.nth(1).getByRole('checkbox')).toBeDisabled()
		await page.screenshot({ path: `${SHOTS}/bulk-results.png`, fullPage: true })

		// The search filters as one types.
		await page.getByLabel('Search contacts').fill('revenue')
		await expect(rows).toHaveCount(1)
		await page.getByLabel('Search contacts').fill('nobody here')
		await expect(page.getByText('No contacts found matching your search.')).toBeVisible()
		await page.getByLabel('Search contacts').fill('')

		// Select All takes the people not saved yet.
		await page.getByRole('button', { name: 'Select All (2)' }).click()
		await expect(page.getByTestId('results-footer')).toHaveText(
			'3 contacts displayed • 2 selected • 1 already exist',
		)
		await expect(acme).toContainText('2 selected')

		// Export CSV (2): the downloaded file.
		const downloading = page.waitForEvent('download')
		await page.getByRole('button', { name: 'Export CSV (2)' }).click()
		const download = await downloading
		expect(download.suggestedFilename()).toMatch(/^bulk-contact-search-results-\d{4}-\d{2}-\d{2}\.csv$/)
		const csv = readFileSync(await download.path(), 'utf8')
		expect(csv).toContain('# Query: Sales leaders in Europe')
		expect(csv).toContain('# Companies: Acme Rockets; Globex')
		expect(csv).toContain('"Vice President of Sales, Europe, Middle East and Africa"')
		expect(csv.trim().split('\r\n')).toHaveLength(6)

		// Import Leads (1) with a new tag.
		await acme.getByLabel('Select Head of Revenue').uncheck()
		await page.getByRole('button', { name: 'Import Leads (1)' }).click()
		const dialog = page.getByRole('dialog', { name: 'Select tags for 1 contact(s)' })
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'New tag' }).click()
		await dialog.getByLabel('New tag name').fill('EMEA sales')
		await dialog.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(dialog.getByLabel('Select tag EMEA sales')).toBeChecked()
		await dialog.getByRole('button', { name: 'Save contacts with tag' }).click()
		await expect(
			toast(
				page,
				'Successfully processed 1 contacts! (1 new contacts created..., 0 existing contacts tagged or found)',
			),
		).toBeVisible()
		await expect(dialog).toBeHidden()
		await expect(rows.nth(0)).toHaveAttribute('data-existing', 'true')
		await expect(page.getByTestId('results-footer')).toHaveText(
			'3 contacts displayed • 0 selected • 2 already exist',
		)
		const tagged = await db.query<{ lastName: string }>(
			`SELECT c."lastName" FROM "Contact" c JOIN "ContactTag" ct ON ct."contactId" = c.id JOIN "Tag" t ON t.id = ct."tagId" WHERE t.name = 'EMEA sales' AND c.email = 'ada.lovelace.sales@acme-rockets.example'`,
		)
		expect(tagged.rows).toEqual([{ lastName: 'Lovelace' }])

		const other = await browser.newPage()
		await signIn(other)
		expect((await other.goto(`/contact-search/${id}`))?.status()).toBe(404)
		await other.close()
	})
})

test.describe('Contact search results without JavaScript', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })

	test('search by the form, the CSV link, and Import Leads as a plain form', async ({ page }) => {
		const email = await signIn(page)
		const id = await seedSearch(page, email)
		await page.goto(`/contact-search/${id}`)
		await page.getByLabel('Search contacts').fill('lovelace')
		await page.getByRole('button', { name: 'Search', exact: true }).click()
		await expect(page).toHaveURL(/search=lovelace/)
		await expect(page.getByTestId('result-row')).toHaveCount(1)

		const response = await page.request.get(`/contact-search/${id}/export`)
		expect(response.headers()['content-disposition']).toMatch(/bulk-contact-search-results-/)
		expect(await response.text()).toContain('Head of Revenue')

		await page.getByLabel('Select Ada Lovelace').check()
		await page.getByRole('button', { name: 'Import Leads' }).click()
		await expect(page.getByTestId('result-row').first()).toHaveAttribute('data-existing', 'true')
	})
})

/** Earlier leads at Acme Rockets (a finished lead import): the people a search finds there. */
async function seedEarlierLeads(email: string) {
	const { rows } = await db.query<{ organizationId: string; userId: string }>(
		`SELECT m."organizationId", u.id AS "userId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
		[email],
	)
	const { organizationId, userId } = rows[0]!
	const queueId = `q${randomUUID()}`
	const leadImportId = `li${randomUUID()}`
	await db.query(
		`INSERT INTO "Queueable" (id, type, status, metadata, "organizationId", "userId", "updatedAt")
		 VALUES ($1, 'LEAD_IMPORT', 'COMPLETED', '{"source":"team.txt"}', $2, $3, now())`,
		[queueId, organizationId, userId],
	)
	await db.query(
		`INSERT INTO "LeadImport" (id, source, state, name, "leadCount", "queueableId", "organizationId", "userId", "updatedAt")
		 VALUES ($1, 'TEXT', 'READY', 'team.txt', 3, $2, $3, $4, now())`,
		[leadImportId, queueId, organizationId, userId],
	)
	const people = [
		['Margaret', 'Hamilton', 'Head of Sales, Europe'],
		['Katherine', 'Johnson', 'Flight Dynamics Engineer'],
		['Gene', 'Kranz', 'Chief Financial Officer'],
	]
	for (const [position, [firstName, lastName, role]] of people.entries()) {
		await db.query(
			`INSERT INTO "LeadImportLead" (id, "leadImportId", position, "firstName", "lastName", email, role, "companyName", "companyDescription")
			 VALUES ($1, $2, $3, $4, $5, $6, $7, 'Acme Rockets', 'Reusable rockets')`,
			[
				`lil${randomUUID()}`,
				leadImportId,
				position,
				firstName,
				lastName,
				`${firstName!.toLowerCase()}@acme-rockets.example`,
				role,
			],
		)
	}
}

test.describe('Finding leads', () => {
	test.use({ viewport: { width: 1280, height: 900 } })

	test('at one company: the form, then the ranked people with their reasons', async ({ page }) => {
		test.setTimeout(90_000)
		const email = await signIn(page)
		const acme = await postJson<{ id: string }>(page.request, '/api/v1/companies', {
			name: 'Acme Rockets',
			description: 'Reusable rockets',
		})
		await seedEarlierLeads(email)
		await page.goto(`/companies/${acme.id}`)
		await page.getByRole('link', { name: 'Find leads' }).click()
		await expect(page.getByRole('heading', { name: 'Find leads at Acme Rockets' })).toBeVisible()
		// The way back leads to the company, as above every page of one thing.
		await expect(page.getByRole('link', { name: 'Acme Rockets' })).toHaveAttribute(
			'href',
			`/companies/${acme.id}`,
		)
		await page.getByLabel('Number of people').fill('21')
		await page.getByLabel('What are you looking for?').fill('head of sales in Europe')
		await page.getByRole('button', { name: 'Find Leads' }).click()
		await expect(page.getByText('Cannot exceed 20 people').first()).toBeVisible()
		await page.getByLabel('Number of people').fill('2')
		await page.getByRole('button', { name: 'Find Leads' }).click()
		await expect(toast(page, /^Contact search started! Estimated time: /)).toBeVisible()
		await expect(page).toHaveURL(/\/contact-search\//)
		const rows = page.getByTestId('result-row')
		await expect(rows).toHaveCount(2, { timeout: 30_000 })
		await expect(rows.first()).toContainText('#1')
		await expect(rows.first()).toContainText('Margaret Hamilton')
		await expect(rows.first()).toContainText(/sales/i)
		await page.screenshot({ path: `${SHOTS}/single-results.png`, fullPage: true })
	})

	test('at several: chosen on the Companies page, the bulk form, the search started', async ({ page }) => {
		test.setTimeout(90_000)
		const email = await signIn(page)
		for (const name of ['Acme Rockets', 'Globex']) {
			await postJson(page.request, '/api/v1/companies', { name, description: `${name} makes things` })
		}
		await seedEarlierLeads(email)
		await page.goto('/companies')
		await page.getByRole('button', { name: 'Find Leads from Multiple Companies' }).click()
		await expect(page.getByText('Please select at least one company')).toBeVisible()
		await page.goto('/companies')
		await page.getByLabel('Select Acme Rockets').check()
		await page.getByLabel('Select Globex').check()
		await page.getByRole('button', { name: 'Find Leads from Multiple Companies' }).click()
		await expect(page.getByRole('heading', { name: 'Find Leads from Multiple Companies' })).toBeVisible()
		const chosen = page.getByRole('list', { name: 'Selected companies' })
		await expect(chosen.getByRole('listitem')).toHaveCount(2)
		await page.getByLabel('Top contacts per company').fill('3')
		await expect(page.getByTestId('bulk-total-hint')).toHaveText(
			'Maximum 20 contacts per company. Total: 6 contacts',
		)
		await page.getByRole('button', { name: 'Find Leads from 2 Companies' }).click()
		await expect(toast(page, 'Please describe what you are looking for')).toBeVisible()
		await page.getByLabel('What are you looking for?').fill('finance leaders')
		await page.getByRole('button', { name: 'Find Leads from 2 Companies' }).click()
		await expect(toast(page, /^Bulk contact search started for 2 companies! Estimated time: /)).toBeVisible()
		await expect(page.getByText(/^Found \d+ contacts? across 2 companies$/)).toBeVisible({ timeout: 30_000 })
		const acme = page.getByRole('region', { name: 'Acme Rockets' })
		await expect(acme.getByTestId('result-row').first()).toContainText('Gene Kranz')
		await expect(page.getByRole('region', { name: 'Globex' })).toContainText(
			'No contacts found for this company',
		)
		await page.screenshot({ path: `${SHOTS}/bulk-started.png`, fullPage: true })
	})

	test('from a CSV of companies: the lead scraper’s company mode, each company searched for its role prompt', async ({
		page,
	}) => {
		test.setTimeout(90_000)
		const email = await signIn(page)
		await postJson(page.request, '/api/v1/companies', {
			name: 'Acme Rockets',
			description: 'Reusable rockets',
		})
		await seedEarlierLeads(email)
		await page.goto('/imports')
		await page.getByRole('button', { name: 'Scrape leads' }).click()
		const dialog = page.getByRole('dialog')
		await dialog.getByRole('radio', { name: 'Scrape file (companies)', exact: true }).check()
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByRole('heading', { name: 'Scrape leads from different sources' })).toBeVisible()
		await expect(dialog.getByText('Step 2 of 2: Upload files')).toBeVisible()
		const scrape = dialog.getByRole('button', { name: 'Scrape', exact: true })
		await expect(scrape).toBeDisabled()
		await dialog.getByLabel('Company files (CSV)').setInputFiles({
			name: 'targets.csv',
			mimeType: 'text/csv',
			buffer: Buffer.from('Company,Looking for\nAcme Rockets,Chief Financial Officer or head of finance\n'),
		})
		// analyze-csv found the role prompt column: no looking-for needed.
		await expect(dialog.getByText(/The file says whom to find at each company/)).toBeVisible()
		await dialog.getByLabel('Top contacts per company').fill('21')
		await expect(scrape).toBeDisabled()
		await dialog.getByLabel('Top contacts per company').fill('1')
		await page.screenshot({ path: `${SHOTS}/company-mode-dialog.png` })
		await scrape.click()
		await expect(toast(page, /^Bulk contact search started for 1 companies! Estimated time: /)).toBeVisible()
		await expect(page).toHaveURL(/\/contact-search\//)
		await expect(page.getByText(/^Found 1 contact across 1 company$/)).toBeVisible({ timeout: 30_000 })
		await expect(
			page.getByText(/Looking for: Each company's role prompt \(Chief Financial Officer/),
		).toBeVisible()
		const acme = page.getByRole('region', { name: 'Acme Rockets' })
		await expect(acme.getByTestId('result-row')).toHaveCount(1)
		await expect(acme.getByTestId('result-row').first()).toContainText('Gene Kranz')
		await page.screenshot({ path: `${SHOTS}/company-mode-results.png`, fullPage: true })
	})

	test('company mode without JavaScript: the plain form refuses a file without a role prompt, then starts', async ({
		browser,
	}) => {
		const context = await browser.newContext({
			javaScriptEnabled: false,
			viewport: { width: 1280, height: 900 },
		})
		const page = await context.newPage()
		await signIn(page)
		await page.goto('/lead-scraper/new')
		await page.getByRole('radio', { name: 'Scrape file (companies)', exact: true }).check()
		await page.getByLabel('Company files (CSV)').setInputFiles({
			name: 'plain.csv',
			mimeType: 'text/csv',
			buffer: Buffer.from('Company,Website\nInitech,initech.example\n'),
		})
		await page.getByRole('button', { name: 'Scrape', exact: true }).click()
		await expect(page.getByText('Please enter a role prompt or looking for').first()).toBeVisible()
		await page.getByRole('radio', { name: 'Scrape file (companies)', exact: true }).check()
		await page.getByLabel('Company files (CSV)').setInputFiles({
			name: 'plain.csv',
			mimeType: 'text/csv',
			buffer: Buffer.from('Company,Website\nInitech,initech.example\n'),
		})
		await page.getByLabel('What are you looking for?').fill('Head of Finance')
		await page.getByRole('button', { name: 'Scrape', exact: true }).click()
		await expect(page).toHaveURL(/\/contact-search\//)
		await expect(page.getByText(/Bulk contact search started for 1 companies!/)).toBeVisible()
		await context.close()
	})
})
