import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { signIn } from './utils.ts'

// The contacts screen: search, sort, paging with the next page prefetched, selection up to
// "all matching contacts", the CSV export, the tag filter — and the same without JavaScript.
// Data is seeded through the JSON API with the page's session.

type Seed = { firstName: string; lastName?: string; role?: string; tagIds?: string[] }

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

async function createCompany(request: APIRequestContext, name = 'Acme Rockets') {
	return postJson<{ id: string }>(request, '/api/v1/companies', {
		name,
		description: `${name} builds things`,
	})
}

async function createTag(request: APIRequestContext, name: string) {
	return postJson<{ id: string; name: string }>(request, '/api/v1/tags', { name })
}

/** Contacts one after another, so the newest-first order is the reverse of `seeds`. */
async function createContacts(request: APIRequestContext, companyId: string, seeds: Seed[]) {
	const ids: string[] = []
	for (const [index, seed] of seeds.entries()) {
		const contact = await postJson<{ id: string }>(request, '/api/v1/contacts', {
			firstName: seed.firstName,
			lastName: seed.lastName ?? 'Tester',
			email: `${seed.firstName.toLowerCase().replace(/\W+/g, '.')}.${index}@example.com`,
			role: seed.role ?? 'Engineer',
			companyId,
			tagIds: seed.tagIds ?? [],
		})
		ids.push(contact.id)
	}
	return ids
}

function numbered(count: number, prefix = 'Person') {
	return Array.from({ length: count }, (_, index) => ({
		firstName: `${prefix} ${String(index).padStart(3, '0')}`,
	}))
}

function bodyRows(page: Page) {
	return page.getByRole('table', { name: 'Contacts' }).locator('tbody tr')
}

async function firstNames(page: Page) {
	return bodyRows(page)
		.locator('td:nth-child(2)')
		.allInnerTexts()
		.then((names) => names.map((name) => name.split(' ')[0]))
}

test.describe('Contacts screen', () => {
	test('shows the empty state, then rows with status, tags 3 then +N and one campaign then +N', async ({
		page,
	}) => {
		await signIn(page)
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await expect(page.getByRole('heading', { name: 'No contacts yet' })).toBeVisible()

		const company = await createCompany(page.request)
		const tags = []
		for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'])
			tags.push(await createTag(page.request, name))
		const [id] = await createContacts(page.request, company.id, [
			{ firstName: 'Grace', lastName: 'Hopper', role: 'Admiral', tagIds: tags.map((tag) => tag.id) },
		])
		for (const name of ['Spring launch', 'Summer push']) {
			const campaign = await postJson<{ id: string }>(page.request, '/api/v1/campaigns', { name })
			await postJson(page.request, `/api/v1/campaigns/${campaign.id}/contacts/batch`, { contact_ids: [id] })
		}

		await page.reload()
		const row = bodyRows(page).first()
		await expect(row.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', `/contacts/${id}`)
		await expect(row).toContainText('grace.0@example.com')
		await expect(row).toContainText('Acme Rockets')
		await expect(row).toContainText('Admiral')
		await expect(row.getByText('New', { exact: true })).toHaveAttribute('data-colour', 'gray')
		const tagCell = row.getByRole('list', { name: 'tags' })
		await expect(tagCell.getByRole('listitem')).toHaveCount(4)
		await expect(tagCell).toContainText('+2')
		const campaignCell = row.getByRole('list', { name: 'campaigns' })
		await expect(campaignCell.getByRole('listitem')).toHaveCount(2)
		await expect(campaignCell).toContainText('+1')

		await page.getByRole('searchbox', { name: 'Search contacts' }).fill('zzz-nobody')
		await expect(page.getByRole('heading', { name: 'No contacts found' })).toBeVisible()
	})

	test('searches name, email, company and role, and sorts by headers and selects', async ({ page }) => {
		await signIn(page)
		const acme = await createCompany(page.request, 'Acme Rockets')
		const zephyr = await createCompany(page.request, 'Zephyr Analytics')
		await createContacts(page.request, acme.id, [
			{ firstName: 'Charlie', role: 'Pilot' },
			{ firstName: 'Alice', role: 'Navigator' },
		])
		await createContacts(page.request, zephyr.id, [{ firstName: 'Bob', role: 'Analyst' }])
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await expect.poll(() => firstNames(page)).toEqual(['Bob', 'Alice', 'Charlie'])

		const search = page.getByRole('searchbox', { name: 'Search contacts' })
		await search.fill('zephyr')
		await expect(page).toHaveURL(/search=zephyr/)
		await expect.poll(() => firstNames(page)).toEqual(['Bob'])
		await search.fill('navig')
		await expect.poll(() => firstNames(page)).toEqual(['Alice'])
		await search.fill('charlie.0@')
		await expect.poll(() => firstNames(page)).toEqual(['Charlie'])
		await search.fill('')
		await expect.poll(() => firstNames(page)).toEqual(['Bob', 'Alice', 'Charlie'])

		const table = page.getByRole('table', { name: 'Contacts' })
		await table.getByRole('link', { name: /^Name/ }).click()
		await expect(page).toHaveURL(/sortBy=firstName&sortDirection=asc/)
		await expect.poll(() => firstNames(page)).toEqual(['Alice', 'Bob', 'Charlie'])
		await expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending')
		await table.getByRole('link', { name: /^Name/ }).click()
		await expect.poll(() => firstNames(page)).toEqual(['Charlie', 'Bob', 'Alice'])

		await page.getByRole('combobox', { name: 'Sort by' }).selectOption('createdAt')
		await page.getByRole('combobox', { name: 'Sort direction' }).selectOption('asc')
		await expect.poll(() => firstNames(page)).toEqual(['Charlie', 'Alice', 'Bob'])
	})

	test('pages by 100 with the next page prefetched; select all matching and export CSV', async ({ page }) => {
		test.setTimeout(90_000)
		await signIn(page)
		const company = await createCompany(page.request)
		await createContacts(page.request, company.id, numbered(105))
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')

		await expect(bodyRows(page)).toHaveCount(100)
		await expect(page.getByText('Showing 1–100 of 105')).toBeVisible()
		// The next page's data is fetched ahead of the click.
		await expect(page.locator('link[rel="prefetch"][href*="page=2"]')).toHaveCount(1)
		await page.getByRole('link', { name: 'Next' }).click()
		await expect(page).toHaveURL(/page=2/)
		await expect(bodyRows(page)).toHaveCount(5)
		await expect(page.getByText('Showing 101–105 of 105')).toBeVisible()
		await page.getByRole('link', { name: 'Previous' }).click()
		await expect(bodyRows(page)).toHaveCount(100)

		await page.getByRole('checkbox', { name: 'Select all contacts on this page' }).check()
		const bar = page.getByRole('region', { name: 'Selected contacts' })
		await expect(bar).toContainText('100 selected')
		await bar.getByRole('button', { name: 'Select all 105 matching contacts' }).click()
		await expect(bar).toContainText('All 105 matching contacts selected')
		await page.getByRole('checkbox', { name: 'Select Person 104 Tester' }).uncheck()
		await expect(bar).toContainText('104 selected')

		const download = page.waitForEvent('download')
		await bar.getByRole('button', { name: 'Export CSV' }).click()
		const file = await download
		expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/)
		const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '')
		const lines = csv.trimEnd().split('\r\n')
		expect(lines[0]).toBe(
			'First Name,Last Name,Email,Phone,LinkedIn,Role,Company,Status,Tags,Campaigns,Created At',
		)
		expect(lines).toHaveLength(105)
		expect(csv).not.toContain('Person 104')

		// A few ticked rows export just those.
		await bar.getByRole('button', { name: 'Clear selection' }).click()
		await expect(bar).toBeHidden()
		await page.getByRole('checkbox', { name: 'Select Person 010 Tester' }).check()
		await page.getByRole('checkbox', { name: 'Select Person 020 Tester' }).check()
		await expect(bar).toContainText('2 selected')
		const small = page.waitForEvent('download')
		await bar.getByRole('button', { name: 'Export CSV' }).click()
		const smallCsv = await readFile((await (await small).path())!, 'utf8')
		expect(
			smallCsv
				.trimEnd()
				.split('\r\n')
				.slice(1)
				.map((line) => line.split(',')[0]),
		).toEqual(['Person 020', 'Person 010'])
	})

	test('filters by tag through the popover and by campaign', async ({ page }) => {
		await signIn(page)
		const company = await createCompany(page.request)
		const vip = await createTag(page.request, 'VIP')
		await createTag(page.request, 'Cold')
		const [, tagged] = await createContacts(page.request, company.id, [
			{ firstName: 'Plain' },
			{ firstName: 'Tagged', tagIds: [vip.id] },
		])
		const campaign = await postJson<{ id: string }>(page.request, '/api/v1/campaigns', { name: 'Autumn' })
		await postJson(page.request, `/api/v1/campaigns/${campaign.id}/contacts/batch`, { contact_ids: [tagged] })
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await expect(bodyRows(page)).toHaveCount(2)

		await page.getByRole('button', { name: 'Tags' }).click()
		await page.getByRole('dialog').getByRole('checkbox', { name: 'VIP' }).check()
		await expect(page).toHaveURL(new RegExp(`tags=${vip.id}`))
		await expect.poll(() => firstNames(page)).toEqual(['Tagged'])
		await page.keyboard.press('Escape')
		await expect(page.getByRole('button', { name: 'Tags (1 selected)' })).toBeVisible()

		await page.getByRole('link', { name: 'Clear filters' }).first().click()
		await expect(bodyRows(page)).toHaveCount(2)
		await page.getByRole('combobox', { name: 'Filter by campaign' }).selectOption({ label: 'Autumn' })
		await expect(page).toHaveURL(new RegExp(`campaign=${campaign.id}`))
		await expect.poll(() => firstNames(page)).toEqual(['Tagged'])
	})
	test('bulk actions: tags show on the selected rows at once, then the campaign', async ({ page }) => {
		await signIn(page)
		const company = await createCompany(page.request)
		await createTag(page.request, 'Warm')
		await postJson(page.request, '/api/v1/campaigns', { name: 'Winter' })
		await createContacts(page.request, company.id, [
			{ firstName: 'Carol' },
			{ firstName: 'Bert' },
			{ firstName: 'Anna' },
		])
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await expect.poll(() => firstNames(page)).toEqual(['Anna', 'Bert', 'Carol'])

		await page.getByRole('checkbox', { name: 'Select Anna Tester' }).check()
		await page.getByRole('checkbox', { name: 'Select Bert Tester' }).check()
		const bar = page.getByRole('region', { name: 'Selected contacts' })
		await expect(bar).toContainText('2 selected')

		await bar.getByRole('button', { name: 'Add tags' }).click()
		const tagsDialog = page.getByRole('dialog')
		await tagsDialog.getByRole('checkbox', { name: 'Select tag Warm' }).check()
		await tagsDialog.getByRole('button', { name: 'Save contacts with tag' }).click()
		await expect(page.getByText('Selected tags added successfully')).toBeVisible()
		await expect(tagsDialog).toBeHidden()
		const tagsOf = (name: string) =>
			bodyRows(page)
				.filter({ hasText: `${name} Tester` })
				.getByRole('list', { name: 'tags' })
		await expect(tagsOf('Anna')).toContainText('Warm')
		await expect(tagsOf('Bert')).toContainText('Warm')
		await expect(tagsOf('Carol')).toHaveCount(0)

		await bar.getByRole('button', { name: 'Add to campaign' }).click()
		const campaignDialog = page.getByRole('dialog')
		await campaignDialog.getByRole('radio', { name: /Winter/ }).check()
		await campaignDialog.getByRole('button', { name: 'Add to campaign' }).click()
		await expect(page.getByText('2 contacts added to campaign')).toBeVisible()
		const campaignsOf = (name: string) =>
			bodyRows(page)
				.filter({ hasText: `${name} Tester` })
				.getByRole('list', { name: 'campaigns' })
		await expect(campaignsOf('Anna')).toContainText('Winter')
		await expect(campaignsOf('Bert')).toContainText('Winter')
		await expect(campaignsOf('Carol')).toHaveCount(0)
	})

	test('deleting a contact from its detail dialog removes the row', async ({ page }) => {
		await signIn(page)
		const company = await createCompany(page.request)
		await createContacts(page.request, company.id, [{ firstName: 'Keep' }, { firstName: 'Remove' }])
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await expect(bodyRows(page)).toHaveCount(2)

		await page.getByRole('link', { name: 'Remove Tester' }).click()
		const dialog = page.getByRole('dialog')
		await expect(dialog.getByRole('heading', { name: 'Remove Tester' })).toBeVisible()
		await expect(page).toHaveURL(/\/contacts$/)
		await dialog.getByRole('button', { name: 'Delete Contact' }).click()
		await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
		await expect(bodyRows(page)).toHaveCount(1)
		await expect(bodyRows(page).first()).toContainText('Keep Tester')
		await expect(page.getByText('1 contact', { exact: true })).toBeVisible()
	})
})

test.describe('Contacts screen without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('search, tag filter and paging work with plain forms and links', async ({ page }) => {
		test.setTimeout(90_000)
		await signIn(page)
		const company = await createCompany(page.request)
		const vip = await createTag(page.request, 'VIP')
		await createContacts(page.request, company.id, [
			...numbered(101),
			{ firstName: 'Needle', role: 'Haystack Inspector', tagIds: [vip.id] },
		])
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await expect(bodyRows(page)).toHaveCount(100)
		await page.getByRole('link', { name: 'Next' }).click()
		await expect(page).toHaveURL(/page=2/)
		await expect(bodyRows(page)).toHaveCount(2)

		await page.getByRole('searchbox', { name: 'Search contacts' }).fill('haystack')
		await page.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/search=haystack/)
		await expect(bodyRows(page)).toHaveCount(1)
		await expect(bodyRows(page).first()).toContainText('Needle')

		await page.getByRole('link', { name: 'Clear filters' }).first().click()
		await page.getByRole('listbox', { name: 'Filter by tags' }).selectOption(vip.id)
		await page.getByRole('button', { name: 'Apply' }).click()
		await expect(bodyRows(page)).toHaveCount(1)
		await expect(bodyRows(page).first()).toContainText('Needle')

		// The name is a plain link to the contact's page.
		await expect(bodyRows(page).first().getByRole('link', { name: 'Needle Tester' })).toHaveAttribute(
			'href',
			/^\/contacts\/.+/,
		)
		// Ticked rows export, or go to the Add-tags page, through the same plain form.
		await bodyRows(page).first().getByRole('checkbox').check()
		const download = page.waitForEvent('download')
		await page.getByRole('button', { name: 'Export selected' }).click()
		const csv = await readFile((await (await download).path())!, 'utf8')
		expect(csv).toContain('Needle,Tester,')
		expect(csv.trimEnd().split('\r\n')).toHaveLength(2)
		await bodyRows(page).first().getByRole('checkbox').check()
		await page.getByRole('button', { name: 'Tag selected' }).click()
		await expect(page).toHaveURL(/\/contacts\/tag\?.*ids=/)
		await page.goBack()

		// The CSV of the filtered set is a plain link too.
		await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
			'href',
			`/resources/contacts/export?tags=${vip.id}`,
		)
	})
})
