import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { signIn } from './utils.ts'

// Tags: the Add-tags dialog from the contacts bulk bar (paging, search, disabled tags,
// inline creation, save and failure toasts), the tag filter popover's paging and creation,
// the tag picker's search and create modes, and the no-JS Add-tags page.
// Data is seeded through the JSON API with the page's session.

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

async function createTag(request: APIRequestContext, name: string) {
	return postJson<{ id: string; name: string }>(request, '/api/v1/tags', { name })
}

async function createTags(request: APIRequestContext, names: string[]) {
	const tags = []
	for (const name of names) tags.push(await createTag(request, name))
	return tags
}

async function createContacts(request: APIRequestContext, firstNames: string[], tagIds: string[] = []) {
	const company = await postJson<{ id: string }>(request, '/api/v1/companies', {
		name: 'Acme Rockets',
		description: 'Acme Rockets builds rockets',
	})
	const ids: string[] = []
	for (const [index, firstName] of firstNames.entries()) {
		const contact = await postJson<{ id: string }>(request, '/api/v1/contacts', {
			firstName,
			lastName: 'Tester',
			email: `${firstName.toLowerCase()}.${index}@example.com`,
			role: 'Engineer',
			companyId: company.id,
			tagIds,
		})
		ids.push(contact.id)
	}
	return ids
}

function numberedNames(count: number, prefix: string) {
	return Array.from({ length: count }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}`)
}

async function openAddTags(page: Page, names: string[]) {
	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
	await page
		.getByRole('region', { name: 'Selected contacts' })
		.getByRole('button', { name: 'Add tags' })
		.click()
	return page.getByRole('dialog')
}

function tagRows(dialog: ReturnType<Page['getByRole']>) {
	return dialog.getByRole('table', { name: 'Tags' }).locator('tbody tr')
}

test.describe('Add-tags dialog', () => {
	test('pages 15 tags, searches, disables tags holding every contact, creates and saves', async ({
		page,
	}) => {
		await signIn(page)
		const [customers] = await createTags(page.request, ['Customers'])
		await createTags(page.request, ['Prospects', ...numberedNames(16, 'Tag')])
		await createContacts(page.request, ['Ada', 'Bob'], [customers!.id])

		const dialog = await openAddTags(page, ['Ada Tester', 'Bob Tester'])
		await expect(dialog.getByRole('heading', { name: 'Select tags for 2 contact(s)' })).toBeVisible()
		await expect(tagRows(dialog)).toHaveCount(15)
		await expect(dialog.getByText('Page 1 of 2')).toBeVisible()
		await expect(dialog.getByText('0 tag(s) selected')).toBeVisible()
		await expect(dialog.getByRole('button', { name: 'Save Contacts without tags' })).toBeVisible()

		// Customers already holds both contacts: it cannot be selected.
		const customersRow = tagRows(dialog).filter({ hasText: 'Customers' })
		await expect(customersRow.getByRole('cell').nth(2)).toHaveText('2')
		await expect(dialog.getByRole('checkbox', { name: 'Select tag Customers' })).toBeDisabled()
		await expect(customersRow).toContainText('Added')

		await dialog.getByRole('checkbox', { name: 'Select tag Prospects' }).check()
		await expect(dialog.getByText('1 tag(s) selected')).toBeVisible()
		await expect(dialog.getByRole('button', { name: 'Save contacts with tag' })).toBeVisible()

		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText('Page 2 of 2')).toBeVisible()
		await expect(tagRows(dialog)).toHaveCount(3)
		await expect(dialog.getByRole('checkbox', { name: 'Select tag Tag 16' })).toBeVisible()
		// The choice survives paging.
		await expect(dialog.getByText('1 tag(s) selected')).toBeVisible()

		await dialog.getByRole('searchbox', { name: 'Search tags' }).fill('zzz')
		await expect(dialog.getByText('No tags found')).toBeVisible()
		await dialog.getByRole('searchbox', { name: 'Search tags' }).fill('prosp')
		await expect(tagRows(dialog)).toHaveCount(1)
		await expect(dialog.getByRole('checkbox', { name: 'Select tag Prospects' })).toBeChecked()

		// Create mode: empty Create returns to search; Create with text creates and selects the tag.
		await dialog.getByRole('button', { name: 'New tag' }).click()
		const newName = dialog.getByRole('textbox', { name: 'New tag name' })
		await newName.fill('')
		await dialog.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(dialog.getByRole('searchbox', { name: 'Search tags' })).toBeVisible()
		await dialog.getByRole('button', { name: 'New tag' }).click()
		await newName.fill('Fresh')
		await dialog.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(page.getByText('Tag created successfully!')).toBeVisible()
		await expect(dialog.getByText('2 tag(s) selected')).toBeVisible()

		await dialog.getByRole('button', { name: 'Save contacts with tag' }).click()
		await expect(page.getByText('Selected tags added successfully')).toBeVisible()
		await expect(dialog).toBeHidden()
		const adaTags = page
			.getByRole('row')
			.filter({ hasText: 'Ada Tester' })
			.getByRole('list', { name: 'tags' })
		await expect(adaTags).toContainText('Prospects')
		await expect(adaTags).toContainText('Fresh')

		// Opened again for the same contacts, Prospects now holds them all.
		await page
			.getByRole('region', { name: 'Selected contacts' })
			.getByRole('button', { name: 'Add tags' })
			.click()
		const again = page.getByRole('dialog')
		await expect(again.getByRole('checkbox', { name: 'Select tag Prospects' })).toBeDisabled()
		await again.getByRole('button', { name: 'Save Contacts without tags' }).click()
		await expect(again).toBeHidden()
	})

	test('shows skeleton rows while loading and the failure toasts', async ({ page }) => {
		await signIn(page)
		await createTag(page.request, 'Partners')
		await createContacts(page.request, ['Cleo'])

		await page.goto('/contacts')
		// A tick before hydration is undone by it: tick again until it holds.
		await expect(async () => {
			await page.getByRole('checkbox', { name: 'Select Cleo Tester' }).check({ timeout: 2_000 })
		}).toPass()
		// Hold the first tag page back to see the 8 skeleton rows.
		let release: () => void = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/api/v1/tags?*', async (route) => {
			await held
			await route.continue()
		})
		await page
			.getByRole('region', { name: 'Selected contacts' })
			.getByRole('button', { name: 'Add tags' })
			.click()
		const dialog = page.getByRole('dialog')
		await expect(dialog.locator('tbody tr[data-skeleton]')).toHaveCount(8)
		release()
		await expect(dialog.getByRole('checkbox', { name: 'Select tag Partners' })).toBeVisible()
		await page.unroute('**/api/v1/tags?*')

		// The save is optimistic: the row shows the tag while the request runs, and loses it on failure.
		let failSave: () => void = () => {}
		const saveFails = new Promise<void>((resolve) => (failSave = resolve))
		await page.route('**/api/v1/tags/*/contacts', async (route) => {
			await saveFails
			await route.fulfill({ status: 500, json: { error: 'server_error', message: 'Boom' } })
		})
		// The table sits behind the modal (aria-hidden), so it is found by CSS rather than by role.
		const cleoRow = page.locator('tbody tr', { hasText: 'Cleo Tester' })
		await expect(cleoRow).not.toContainText('Partners')
		await dialog.getByRole('checkbox', { name: 'Select tag Partners' }).check()
		await dialog.getByRole('button', { name: 'Save contacts with tag' }).click()
		await expect(cleoRow).toContainText('Partners')
		failSave()
		await expect(page.getByText('Failed to add selected tags')).toBeVisible()
		await expect(cleoRow).not.toContainText('Partners')
		await expect(dialog).toBeVisible()

		await page.route('**/api/v1/tags', (route) =>
			route.request().method() === 'POST'
				? route.fulfill({ status: 400, json: { error: 'validation_error', message: 'Tag name is required' } })
				: route.continue(),
		)
		await dialog.getByRole('button', { name: 'New tag' }).click()
		await dialog.getByRole('textbox', { name: 'New tag name' }).fill('Broken')
		await dialog.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(page.getByText('Failed to create tag: Tag name is required')).toBeVisible()
	})
})

test.describe('Tag filter popover', () => {
	test('loads 50 tags, then more on demand; searches; creates inline', async ({ page }) => {
		await signIn(page)
		await createTags(page.request, numberedNames(55, 'Segment'))
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await page.getByRole('button', { name: 'Tags' }).click()
		const group = page.getByRole('group', { name: 'Tags' })
		await expect(group.getByRole('checkbox')).toHaveCount(50)
		const loadMore = group.getByRole('button', { name: 'Load more' })
		await expect(loadMore).toBeAttached()
		// The last tags arrive by scrolling to the end of the list.
		await loadMore.scrollIntoViewIfNeeded()
		await expect(group.getByRole('checkbox')).toHaveCount(55)
		await expect(loadMore).toBeHidden()

		await page.getByRole('searchbox', { name: 'Search tags' }).fill('segment 5')
		await expect(group.getByRole('checkbox')).toHaveCount(6)

		await page.getByRole('searchbox', { name: 'Search tags' }).fill('')
		await page.getByRole('button', { name: 'New tag' }).click()
		await page.getByRole('textbox', { name: 'New tag name' }).fill('Aardvark')
		await page.getByRole('textbox', { name: 'New tag name' }).press('Enter')
		await expect(page.getByText('Tag created successfully!')).toBeVisible()
		await expect(group.getByRole('checkbox').first()).toHaveAccessibleName('Aardvark')
	})
})

test.describe('Tag picker', () => {
	test('search mode and create mode in the Add Contact form', async ({ page }) => {
		await signIn(page)
		await createTag(page.request, 'Existing')
		await page.goto('/contacts/new')
		const main = page.getByRole('main')
		await main.getByRole('button', { name: 'Tags' }).click()
		await page.getByRole('searchbox', { name: 'Search tags' }).fill('exis')
		await page.getByRole('group', { name: 'Tags' }).getByText('Existing').click()
		await expect(main.getByRole('list', { name: 'Selected tags' })).toContainText('Existing')

		await page.getByRole('button', { name: 'New tag' }).click()
		// The search text carries over into create mode.
		await expect(page.getByRole('textbox', { name: 'New tag name' })).toHaveValue('exis')
		await page.getByRole('textbox', { name: 'New tag name' }).fill('')
		await page.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(page.getByRole('searchbox', { name: 'Search tags' })).toBeVisible()

		await page.getByRole('button', { name: 'New tag' }).click()
		await page.getByRole('textbox', { name: 'New tag name' }).fill('Warm lead')
		await page.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(page.getByText('Tag created successfully!')).toBeVisible()
		const chips = main.getByRole('list', { name: 'Selected tags' })
		await expect(chips).toContainText('Warm lead')
		await expect(main.locator('input[type="hidden"][name="tagIds"]')).toHaveCount(2)

		await chips.getByRole('button', { name: 'Remove tag Existing' }).click()
		await expect(main.locator('input[type="hidden"][name="tagIds"]')).toHaveCount(1)
	})
})

test.describe('Add tags without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the Add-tags page tags the selected contacts and returns to the contacts', async ({ page }) => {
		await signIn(page)
		const [vip] = await createTags(page.request, ['VIP', 'Later'])
		const [ada] = await createContacts(page.request, ['Ada', 'Bob'])
		await page.goto(`/contacts/tag?ids=${ada}`)
		await expect(page.getByRole('heading', { name: 'Select tags for 1 contact(s)' })).toBeVisible()
		await page.getByRole('searchbox', { name: 'Search tags' }).fill('vi')
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page.locator('tbody tr')).toHaveCount(1)
		await page.getByRole('checkbox', { name: 'Select tag VIP' }).check()
		await page.getByRole('button', { name: 'Save contacts with tag' }).click()
		await expect(page).toHaveURL(/\/contacts$/)
		const adaRow = page.getByRole('row').filter({ hasText: 'Ada Tester' })
		await expect(adaRow.getByRole('list', { name: 'tags' })).toContainText('VIP')
		// Playwright disables scripts without turning off the parser's scripting flag, so the
		// server-rendered <noscript> toast is in the DOM but hidden: read its text.
		await expect(page.locator('noscript [role="status"]')).toHaveText('Selected tags added successfully')
		await page.goto(`/contacts/tag?ids=${ada}`)
		await expect(page.getByRole('checkbox', { name: `Select tag ${vip!.name}` })).toBeDisabled()
	})
})
