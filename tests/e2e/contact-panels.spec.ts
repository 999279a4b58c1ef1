import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { signIn } from './utils.ts'

// The contact panels: the Add Contact form with each of the spec's messages, the detail dialog
// opened from /contacts, the Edit Contact modal, delete with a confirmation — and add + edit
// without JavaScript. Companies, tags and contacts are seeded through the JSON API.

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

async function seedCompany(request: APIRequestContext, name = 'Acme Rockets') {
	return postJson<{ id: string; name: string }>(request, '/api/v1/companies', {
		name,
		description: `${name} builds reusable rockets`,
	})
}

async function seedTag(request: APIRequestContext, name: string) {
	return postJson<{ id: string; name: string }>(request, '/api/v1/tags', { name })
}

/** Conform marks the form novalidate once hydrated; before that the browser validates. */
async function waitForHydration(page: Page, formId: string) {
	await expect(page.locator(`form#${formId}`)).toHaveAttribute('novalidate', '')
}

test.describe('Contact panels', () => {
	test('Add Contact: every message first, then a contact with company and tag', async ({ page }) => {
		await signIn(page)
		const company = await seedCompany(page.request)
		await seedTag(page.request, 'VIP')
		await page.goto('/contacts/new')
		await expect(page.getByRole('heading', { level: 1, name: 'Add Contact' })).toBeVisible()
		await waitForHydration(page, 'new-contact-page')
		const main = page.getByRole('main')

		await main.getByRole('button', { name: 'Add Contact' }).click()
		for (const message of [
			'First name is required',
			'Last name is required',
			'Company is required',
			'Role is required',
			'Email is required',
		]) {
			await expect(main.getByText(message, { exact: true })).toBeVisible()
		}
		await main.getByLabel('Email').fill('not-an-email')
		await expect(main.getByText('Invalid email address')).toBeVisible()
		await main.getByRole('textbox', { name: 'Role', exact: true }).fill('   ')
		await expect(main.getByText('Role cannot be empty')).toBeVisible()
		await main.getByLabel('LinkedIn').fill('not a url')
		await expect(main.getByText('Please enter a valid URL')).toBeVisible()

		await main.getByLabel('First Name').fill('Grace')
		await main.getByLabel('Last Name').fill('Hopper')
		await main.getByRole('combobox', { name: 'Company' }).click()
		await page.getByRole('combobox', { name: 'Search companies' }).fill('Acme')
		await page.getByRole('option', { name: company.name }).click()
		await expect(main.getByText('Company is required')).toBeHidden()
		await main.getByRole('textbox', { name: 'Role', exact: true }).fill('Head of Engineering')
		await main.getByLabel('Email').fill('Grace@Example.com')
		await main.getByLabel('Phone').fill('+1 555 0100')
		await main.getByLabel('LinkedIn').fill('linkedin.com/in/grace-hopper')
		await main.getByRole('button', { name: 'Tags' }).click()
		await page.getByRole('group', { name: 'Tags' }).getByText('VIP').click()
		await page.keyboard.press('Escape')
		await expect(main.getByRole('list', { name: 'Selected tags' }).getByText('VIP')).toBeVisible()
		await main.getByLabel('Role Details').fill('Runs the compiler team')
		for (const message of ['First name is required', 'Invalid email address', 'Please enter a valid URL']) {
			await expect(main.getByText(message)).toBeHidden()
		}
		await main.getByRole('button', { name: 'Add Contact' }).click()

		await expect(page).toHaveURL(/\/contacts\/[^/]+$/)
		await expect(page.getByText('Contact created successfully')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible()
		await expect(page.getByText('Never contacted')).toBeVisible()
		const info = page.getByRole('region', { name: 'Contact Information' })
		await expect(info.getByRole('link', { name: 'grace@example.com' })).toHaveAttribute(
			'href',
			'mailto:grace@example.com',
		)
		await expect(info.getByRole('link', { name: 'https://www.linkedin.com/in/grace-hopper' })).toBeVisible()
	})

	test('detail dialog from /contacts: panels, edit in the modal, delete after confirming', async ({
		page,
	}) => {
		await signIn(page)
		const company = await seedCompany(page.request)
		await postJson(page.request, '/api/v1/contacts', {
			firstName: 'Other',
			lastName: 'Person',
			email: 'taken@example.com',
			role: 'CFO',
			companyId: company.id,
		})
		await postJson(page.request, '/api/v1/contacts', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: 'ada@example.com',
			phone: '+44 20 7946 0000',
			linkedin: 'https://www.linkedin.com/in/ada',
			role: 'Analyst',
			roleDetails: 'Writes the first programs',
			companyId: company.id,
		})
		await page.goto('/contacts')
		// The row opens a dialog once the page is hydrated; a click before that is lost on a busy machine.
		await page.waitForLoadState('networkidle')
		await page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name: 'Ada Lovelace' }).click()

		const dialog = page.getByRole('dialog', { name: 'Ada Lovelace' })
		await expect(dialog).toBeVisible()
		await expect(dialog.getByText('AL', { exact: true })).toBeVisible()
		await expect(dialog.getByText('Analyst at Acme Rockets')).toBeVisible()
		await expect(dialog.getByText('Never contacted')).toBeVisible()
		await expect(dialog.getByText('New', { exact: true })).toBeVisible()
		const info = dialog.getByRole('region', { name: 'Contact Information' })
		await expect(info.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
			'href',
			'mailto:ada@example.com',
		)
		await expect(info.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
			'href',
			'tel:+442079460000',
		)
		await expect(info.getByRole('link', { name: 'https://www.linkedin.com/in/ada' })).toBeVisible()
		const professional = dialog.getByRole('region', { name: 'Professional Details' })
		await expect(professional.getByText('Writes the first programs')).toBeVisible()
		await expect(professional.getByRole('link', { name: 'Acme Rockets' })).toHaveAttribute(
			'href',
			/^\/companies\/\w+$/,
		)
		await expect(
			dialog.getByRole('region', { name: 'Company Details' }).getByText(/builds reusable rockets/),
		).toBeVisible()
		await expect(dialog.getByRole('button', { name: 'Generate Sequence' })).toBeEnabled()
		await expect(dialog.getByRole('button', { name: 'View Sequences' })).toBeEnabled()

		// Edit: a client-side message, then a server refusal that keeps the modal open, then success.
		await dialog.getByRole('button', { name: 'Edit' }).click()
		const edit = page.getByRole('dialog', { name: 'Edit Contact' })
		await expect(edit.getByLabel('Middle Name')).toBeVisible()
		await expect(edit.getByLabel('Summary')).toBeVisible()
		await expect(edit.getByRole('combobox', { name: 'Company' })).toHaveText('Acme Rockets')
		await edit.getByLabel('First Name').fill('')
		await edit.getByRole('button', { name: 'Update Contact' }).click()
		await expect(edit.getByText('First name is required')).toBeVisible()
		await edit.getByLabel('First Name').fill('Augusta')
		await edit.getByLabel('Middle Name').fill('Ada')
		await edit.getByLabel('Email').fill('taken@example.com')
		await edit.getByRole('button', { name: 'Update Contact' }).click()
		await expect(edit.getByText('Validation error: A contact with this email already exists.')).toBeVisible()
		// The field says what is wrong; no vague toast beside it (issue 19).
		await expect(page.getByText('An error occurred while saving')).toHaveCount(0)
		await edit.getByLabel('Email').fill('augusta@example.com')
		await edit.getByLabel('Summary').fill('The first programmer')
		await edit.getByRole('button', { name: 'Update Contact' }).click()
		await expect(edit).toBeHidden()
		await expect(page.getByText('Contact updated successfully')).toBeVisible()
		const updated = page.getByRole('dialog', { name: 'Augusta Ada Lovelace' })
		await expect(updated.getByRole('link', { name: 'augusta@example.com' })).toBeVisible()

		// Delete: cancelling keeps the contact; confirming removes it.
		await updated.getByRole('button', { name: 'Delete Contact' }).click()
		const confirm = page.getByRole('alertdialog', { name: 'Delete Contact' })
		await confirm.getByRole('button', { name: 'Cancel' }).click()
		await expect(confirm).toBeHidden()
		await expect(updated).toBeVisible()
		await updated.getByRole('button', { name: 'Delete Contact' }).click()
		await confirm.getByRole('button', { name: 'Delete' }).click()
		await expect(page.getByText('Contact deleted successfully')).toBeVisible()
		await expect(updated).toBeHidden()
		const table = page.getByRole('table', { name: 'Contacts' })
		await expect(table.getByRole('link', { name: 'Augusta Ada Lovelace' })).toHaveCount(0)
		await expect(table.getByRole('link', { name: 'Other Person' })).toBeVisible()
	})
})

test.describe('Contact panels without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('add, then edit, then delete with plain forms', async ({ page }) => {
		await signIn(page)
		await seedCompany(page.request, 'Globex')
		await seedTag(page.request, 'Partner')
		await page.goto('/contacts/new')
		const main = page.getByRole('main')
		await main.getByLabel('First Name').fill('Hedy')
		await main.getByLabel('Last Name').fill('Lamarr')
		await main.getByRole('textbox', { name: 'Role', exact: true }).fill('Inventor')
		await main.getByLabel('Email').fill('hedy@example.com')
		await main.getByLabel('LinkedIn').fill('not a url')
		await main.getByRole('button', { name: 'Add Contact' }).click()
		// The server's answer: the same messages, the typed values kept.
		await expect(main.getByText('Company is required')).toBeVisible()
		await expect(main.getByText('Please enter a valid URL')).toBeVisible()
		await expect(main.getByLabel('First Name')).toHaveValue('Hedy')

		await main.getByLabel('Company').selectOption({ label: 'Globex' })
		await main.getByLabel('Tags').selectOption({ label: 'Partner' })
		await main.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/hedy')
		await main.getByRole('button', { name: 'Add Contact' }).click()
		await expect(page).toHaveURL(/\/contacts\/[^/]+$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Hedy Lamarr' })).toBeVisible()
		await expect(page.getByText('Inventor at Globex')).toBeVisible()

		await page.getByRole('link', { name: 'Edit' }).click()
		await expect(page).toHaveURL(/\/edit$/)
		await expect(main.getByLabel('Company')).toHaveValue(/.+/)
		await expect(main.getByLabel('Tags')).toHaveValues([/.+/])
		await main.getByLabel('Middle Name').fill('Kiesler')
		await main.getByRole('textbox', { name: 'Role', exact: true }).fill('')
		await main.getByLabel('Summary').fill('Frequency hopping')
		await main.getByRole('button', { name: 'Update Contact' }).click()
		await expect(page).toHaveURL(/\/contacts\/[^/]+$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Hedy Kiesler Lamarr' })).toBeVisible()
		await expect(page.getByText('Globex', { exact: true }).first()).toBeVisible()

		await page.getByRole('button', { name: 'Delete Contact' }).click()
		await expect(page).toHaveURL(/\/contacts$/)
		await expect(page.getByText('Hedy Kiesler Lamarr')).toHaveCount(0)
	})
})
