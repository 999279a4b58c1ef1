import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './utils.ts'

function unique(prefix: string) {
	return `${prefix} ${randomUUID().slice(0, 6)}`
}

function toast(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

async function createCompany(page: Page, body: Record<string, unknown>) {
	const response = await page.request.post('/api/v1/companies', {
		data: { description: 'Seeded through the API', ...body },
	})
	expect(response.status(), await response.text()).toBe(201)
	return (await response.json()) as { id: string; name: string }
}

/**
 * Submits with the keyboard: a click can be lost when the blur it causes shows a field's
 * message and moves the button before the mouse comes up.
 */
async function submit(page: Page, scope: ReturnType<Page['getByRole']> | Page, name: string) {
	const button = scope.getByRole('button', { name })
	await button.focus()
	await button.press('Enter')
}

function noScriptToast(page: Page, text: string) {
	// The server renders the toast in <noscript>: Chromium shows it as elements after a page load,
	// but as text after a form post (scripts disabled by Playwright, not by the browser).
	return page.getByRole('status').or(page.locator('noscript')).filter({ hasText: text })
}

/** Conform validates on the client only once the page has hydrated. */
async function waitForHydration(page: Page, formName: string) {
	await expect(page.getByRole('button', { name: formName }).locator('xpath=ancestor::form')).toHaveAttribute(
		'novalidate',
		'',
	)
}

test.describe('Companies', () => {
	test('create a company in the New Company dialog, with the form’s messages', async ({ page }) => {
		await signIn(page)
		await page.goto('/companies')
		await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible()
		await expect(page.getByText('No companies yet.')).toBeVisible()

		await page.getByRole('button', { name: 'New Company' }).first().click()
		const dialog = page.getByRole('dialog', { name: 'New Company' })
		await expect(dialog).toBeVisible()
		await waitForHydration(page, 'Create Company')
		await submit(page, dialog, 'Create Company')
		await expect(dialog.getByText('Company name is required')).toBeVisible()
		await expect(dialog.getByText('Company description is required')).toBeVisible()

		const name = unique('Acme Rockets')
		await dialog.getByLabel('Name').fill(name)
		await dialog.getByLabel('Description').fill('Reusable rockets for small satellites')
		await dialog.getByLabel('Website').fill('http://acme.example.com')
		await dialog.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/someone')
		await dialog.getByLabel('Crunchbase URL').fill('https://example.com/acme')
		await dialog.getByLabel('Employee count').fill('1.5')
		await submit(page, dialog, 'Create Company')
		await expect(dialog.getByText('Please enter a valid website URL')).toBeVisible()
		await expect(dialog.getByText('URL must be a LinkedIn company URL, not a personal profile')).toBeVisible()
		await expect(dialog.getByText('URL must be a Crunchbase organization URL')).toBeVisible()
		await expect(dialog.getByText('Employee count must be a whole number')).toBeVisible()

		await dialog.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/feed/')
		await expect(dialog.getByText('Please enter a valid LinkedIn company URL')).toBeVisible()

		await dialog.getByLabel('Website').fill('https://acme.example.com')
		await dialog.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/company/acme-rockets')
		await dialog.getByLabel('Crunchbase URL').fill('')
		await dialog.getByLabel('Employee count').fill('50')
		await submit(page, dialog, 'Create Company')
		await expect(toast(page, 'Company created successfully')).toBeVisible()
		await expect(dialog).toBeHidden()
		const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
		await expect(row).toBeVisible()
		await expect(row.getByRole('link', { name: 'acme.example.com' })).toHaveAttribute(
			'href',
			'https://acme.example.com/',
		)
		await expect(row.getByRole('cell', { name: '50', exact: true })).toBeVisible()
	})

	test('a duplicate name gives the message in the form, once (no toast repeating it)', async ({ page }) => {
		await signIn(page)
		const company = await createCompany(page, { name: unique('Globex') })
		await page.goto('/companies')
		await page.getByRole('button', { name: 'New Company' }).click()
		const dialog = page.getByRole('dialog', { name: 'New Company' })
		await waitForHydration(page, 'Create Company')
		await dialog.getByLabel('Name').fill(company.name.toUpperCase())
		await dialog.getByLabel('Description').fill('The same company again')
		await submit(page, dialog, 'Create Company')
		await expect(dialog.getByText('A company with these details already exists.')).toBeVisible()
		await expect(toast(page, 'A company with these details already exists.')).toHaveCount(0)
		await dialog.getByRole('button', { name: 'Cancel' }).click()
		await expect(dialog).toBeHidden()
		await expect(page.getByRole('link', { name: company.name })).toHaveCount(1)
	})

	test('search follows the typing (?search=) and pages (?page=)', async ({ page }) => {
		await signIn(page)
		for (let index = 0; index < 21; index++) {
			await createCompany(page, { name: `Initech ${String(index).padStart(2, '0')}` })
		}
		await createCompany(page, { name: 'Umbrella Pharma' })
		await page.goto('/companies')
		const pagination = page.getByRole('navigation', { name: 'Companies pages' })
		await expect(pagination.getByText('Page 1 of 2')).toBeVisible()
		await expect(page.getByText('22 companies')).toBeVisible()
		await pagination.getByRole('link', { name: 'Next' }).click()
		await expect(page).toHaveURL(/\?page=2$/)
		await expect(page.getByRole('link', { name: 'Umbrella Pharma' })).toBeVisible()
		await expect(pagination.getByText('Page 2 of 2')).toBeVisible()

		await page.getByRole('searchbox', { name: 'Search companies' }).fill('umbrel')
		await expect(page).toHaveURL(/\?search=umbrel$/)
		await expect(page.getByText('1 company matching “umbrel”')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Umbrella Pharma' })).toBeVisible()
		await expect(page.getByRole('link', { name: /^Initech/ })).toHaveCount(0)

		await page.getByRole('searchbox', { name: 'Search companies' }).fill('nothing like this')
		await expect(page.getByText('No companies match “nothing like this”.')).toBeVisible()
	})

	test('edit: defaults, read-only JSON fields, success toast', async ({ page }) => {
		await signIn(page)
		const company = await createCompany(page, {
			name: unique('Hooli'),
			headquarter: { city: 'Palo Alto', country: 'US' },
			locations: ['Palo Alto', 'Berlin'],
			funding: { total: '$1B' },
		})
		await page.goto('/companies')
		await page.getByRole('button', { name: `Edit ${company.name}` }).click()
		const dialog = page.getByRole('dialog', { name: 'Edit Company' })
		await expect(dialog.getByLabel('Employee count')).toHaveValue('1')
		await expect(dialog.getByLabel('LinkedIn followers')).toHaveValue('0')
		const headquarter = dialog.getByLabel('Headquarter')
		await expect(headquarter).toHaveAttribute('readonly', '')
		await expect(headquarter).toHaveValue(/"city": "Palo Alto"/)
		await expect(dialog.getByLabel('Locations')).toHaveValue(/"Berlin"/)
		await expect(dialog.getByLabel('Funding')).toHaveValue(/"total": "\$1B"/)

		await dialog.getByLabel('Employee count').fill('-2')
		await submit(page, dialog, 'Save Changes')
		await expect(dialog.getByText('Employee count must be a whole number')).toBeVisible()
		await dialog.getByLabel('Employee count').fill('1200')
		await dialog.getByLabel('Industry').fill('Search engines')
		await submit(page, dialog, 'Save Changes')
		await expect(toast(page, 'Company updated successfully')).toBeVisible()
		await expect(dialog).toBeHidden()
		const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: company.name }) })
		await expect(row.getByRole('cell', { name: 'Search engines' })).toBeVisible()
		await expect(row.getByRole('cell', { name: '1,200' })).toBeVisible()
	})

	test('delete asks first, then keeps the list', async ({ page }) => {
		await signIn(page)
		const company = await createCompany(page, { name: unique('Vandelay') })
		const keep = await createCompany(page, { name: unique('Kramerica') })
		await page.goto('/companies')
		// Hydrated (Edit is a button then), so Delete asks first.
		await expect(page.getByRole('button', { name: `Edit ${company.name}` })).toBeVisible()
		await page.getByRole('button', { name: `Delete ${company.name}` }).click()
		const confirm = page.getByRole('alertdialog', { name: 'Delete company?' })
		await expect(confirm).toContainText(company.name)
		await confirm.getByRole('button', { name: 'Cancel' }).click()
		await expect(page.getByRole('link', { name: company.name })).toBeVisible()

		await page.getByRole('button', { name: `Delete ${company.name}` }).click()
		await page
			.getByRole('alertdialog', { name: 'Delete company?' })
			.getByRole('button', { name: 'Delete' })
			.click()
		await expect(toast(page, 'Company deleted successfully')).toBeVisible()
		await expect(page.getByRole('link', { name: company.name })).toHaveCount(0)
		await expect(page.getByRole('link', { name: keep.name })).toBeVisible()
	})

	test('the company page shows its details and contacts; deleting it keeps the contacts', async ({
		page,
	}) => {
		await signIn(page)
		const company = await createCompany(page, {
			name: unique('Pied Piper'),
			description: 'Middle-out compression',
			website: 'https://piedpiper.example.com',
			industry: 'Software',
		})
		const contactIds: string[] = []
		for (const [firstName, lastName] of [
			['Richard', 'Hendricks'],
			['Jared', 'Dunn'],
		] as const) {
			const response = await page.request.post('/api/v1/contacts', {
				data: {
					firstName,
					lastName,
					email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@piedpiper.example.com`,
					role: 'Founder',
					companyId: company.id,
				},
			})
			expect(response.status(), await response.text()).toBe(201)
			contactIds.push(((await response.json()) as { id: string }).id)
		}

		await page.goto('/companies')
		await page.getByRole('link', { name: company.name, exact: true }).click()
		await expect(page).toHaveURL(`/companies/${company.id}`)
		await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible()
		await expect(page.getByText('Middle-out compression')).toBeVisible()
		await expect(page.getByRole('link', { name: 'piedpiper.example.com', exact: true })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Contacts (2)' })).toBeVisible()
		const contacts = page.getByRole('table', { name: 'Contacts at this company' })
		await expect(contacts.getByRole('row')).toHaveCount(3)
		await expect(contacts.getByRole('cell', { name: 'Jared Dunn' })).toBeVisible()
		await expect(contacts.getByRole('cell', { name: 'Richard Hendricks' })).toBeVisible()

		await page.getByRole('button', { name: 'Edit', exact: true }).click()
		const dialog = page.getByRole('dialog', { name: 'Edit Company' })
		await dialog.getByLabel('Tagline').fill('Making the world a better place')
		await submit(page, dialog, 'Save Changes')
		await expect(toast(page, 'Company updated successfully')).toBeVisible()
		await expect(page.getByText('Making the world a better place').first()).toBeVisible()

		await page.getByRole('button', { name: 'Delete', exact: true }).click()
		await page
			.getByRole('alertdialog', { name: 'Delete company?' })
			.getByRole('button', { name: 'Delete' })
			.click()
		await expect(page).toHaveURL('/companies')
		await expect(toast(page, 'Company deleted successfully')).toBeVisible()
		const contact = await page.request.get(`/api/v1/contacts/${contactIds[0]}`)
		expect(contact.status()).toBe(200)
		expect(((await contact.json()) as { companyId: string | null }).companyId).toBeNull()
	})

	test('company picker: search, scroll loads more, create from the search text', async ({ page }) => {
		await signIn(page)
		for (let index = 0; index < 25; index++) {
			await createCompany(page, { name: `Picker Co ${String(index).padStart(2, '0')}` })
		}
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await page.getByRole('button', { name: 'Add Contact' }).first().click()
		const dialog = page.getByRole('dialog', { name: 'Add Contact' })
		await dialog.getByRole('combobox', { name: 'Company' }).click()
		const search = page.getByRole('combobox', { name: 'Search companies' })
		await expect(search).toBeFocused()
		const listbox = page.getByRole('listbox', { name: 'Companies' })
		await expect(listbox.getByRole('option')).toHaveCount(20)
		// Within the last 3 items: the next page loads.
		await listbox.getByRole('option', { name: 'Picker Co 19' }).scrollIntoViewIfNeeded()
		await expect(listbox.getByRole('option')).toHaveCount(25)

		await search.fill('co 07')
		await expect(listbox.getByRole('option')).toHaveCount(1)
		await search.press('Enter')
		await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveText('Picker Co 07')

		await dialog.getByRole('combobox', { name: 'Company' }).click()
		await page.getByRole('combobox', { name: 'Search companies' }).fill('Brand New Co')
		await expect(page.getByText('No companies found')).toBeVisible()
		await page.getByRole('button', { name: 'Create company "Brand New Co"' }).click()
		const create = page.getByRole('dialog', { name: 'New Company' })
		await expect(create.getByLabel('Name')).toHaveValue('Brand New Co')
		await create.getByLabel('Description').fill('Created from the picker')
		await submit(page, create, 'Create Company')
		await expect(create).toBeHidden()
		await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveText('Brand New Co')
	})
})

test.describe('Companies without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('create on the New Company page, fix a message, then edit on the company page', async ({ page }) => {
		await signIn(page)
		await page.goto('/companies')
		await page.getByRole('link', { name: 'New Company' }).first().click()
		await expect(page).toHaveURL('/companies/new')
		const name = unique('Wayne Enterprises')
		await page.getByLabel('Name').fill(name)
		await page.getByLabel('Description').fill('Conglomerate')
		await page.getByLabel('Website').fill('http://wayne.example.com')
		await page.getByRole('button', { name: 'Create Company' }).click()
		await expect(page.getByText('Please enter a valid website URL')).toBeVisible()

		await page.getByLabel('Website').fill('https://wayne.example.com')
		await page.getByRole('button', { name: 'Create Company' }).click()
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
		await expect(noScriptToast(page, 'Company created successfully')).toHaveCount(1)

		await page.getByRole('link', { name: 'Edit' }).click()
		await expect(page).toHaveURL(/\?edit=1$/)
		await expect(page.getByLabel('Employee count')).toHaveValue('1')
		await page.getByLabel('Industry').fill('Defense')
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(noScriptToast(page, 'Company updated successfully')).toHaveCount(1)
		await expect(page.getByRole('definition').filter({ hasText: 'Defense' })).toBeVisible()
	})
})
