import { expect, test, type Locator, type Page } from '@playwright/test'
import { COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { COMPANY_MESSAGES } from '#app/schemas/company.ts'
import { GONE, NORTHWIND } from './company-sites.ts'
import { signIn } from './utils.ts'

// Auto-fill in the New Company dialog (with JavaScript: a fetcher, a spinner, a toast) and on the
// New Company page (without: a plain form post that re-renders the form), against the e2e server's
// fake company site and fake LinkedIn (tests/e2e/company-sites.ts).

function toast(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

async function openDialog(page: Page) {
	await signIn(page)
	await page.goto('/companies')
	await page.getByRole('button', { name: 'New Company' }).first().click()
	const dialog = page.getByRole('dialog', { name: 'New Company' })
	await expect(dialog).toBeVisible()
	// Conform takes over the form once hydrated.
	await expect(dialog.locator('form')).toHaveAttribute('novalidate', '')
	return dialog
}

/**
 * Presses Auto-fill with the keyboard: a click can be lost when the blur it causes shows a field's
 * message and moves the button before the mouse comes up.
 */
async function pressAutofill(scope: Locator | Page) {
	const button = scope.getByRole('button', { name: 'Auto-fill' })
	await button.focus()
	await button.press('Enter')
}

async function expectFilled(scope: Locator | Page, typedName: string) {
	await expect(scope.getByLabel('Name')).toHaveValue(typedName)
	await expect(scope.getByLabel('Description')).toHaveValue(NORTHWIND.description)
	await expect(scope.getByLabel('Tagline')).toHaveValue(NORTHWIND.tagline)
	await expect(scope.getByLabel('Industry')).toHaveValue(NORTHWIND.industry)
	await expect(scope.getByLabel('Summary')).toHaveValue(/Northwind Rockets builds reusable rockets/)
	await expect(scope.getByLabel('Employee range')).toHaveValue(NORTHWIND.employeeCountRange)
	await expect(scope.getByLabel('LinkedIn followers')).toHaveValue(NORTHWIND.linkedinFollowers)
	await expect(scope.getByLabel('Employee count')).toHaveValue('140')
	await expect(scope.getByLabel('Website')).toHaveValue(NORTHWIND.website)
	await expect(scope.getByLabel('LinkedIn URL')).toHaveValue(NORTHWIND.linkedinUrl)
}

test.describe('Auto-fill with JavaScript', () => {
	test('fills the empty fields in the dialog, keeps what was typed, and says so', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 1000 })
		const dialog = await openDialog(page)
		await dialog.getByLabel('Name').fill('Northwind (our name)')
		await dialog.getByLabel('Website').fill(NORTHWIND.website)
		await dialog.getByLabel('LinkedIn URL').fill(NORTHWIND.linkedinUrl)
		await pressAutofill(dialog)
		// The fake site answers after 600 ms: the button spins and waits.
		await expect(dialog.getByRole('button', { name: 'Auto-filling…' })).toBeDisabled()
		await expect(toast(page, COMPANY_IMPORT_MESSAGES.autofillDone)).toBeVisible()
		await expect(dialog).toBeVisible()
		await expectFilled(dialog, 'Northwind (our name)')
		await dialog.screenshot({ path: 'test-results/company-autofill-dialog.png' })
	})

	test('needs both URLs, a LinkedIn company URL, and reports a site it cannot read', async ({ page }) => {
		const dialog = await openDialog(page)
		await dialog.getByLabel('Website').fill(NORTHWIND.website)
		await pressAutofill(dialog)
		await expect(dialog.getByText(COMPANY_IMPORT_MESSAGES.autofillNeedsBoth)).toBeVisible()

		await dialog.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/a-person/')
		await pressAutofill(dialog)
		await expect(dialog.getByText(COMPANY_MESSAGES.linkedinNotPersonal)).toBeVisible()
		await expect(dialog.getByLabel('Description')).toHaveValue('')

		await dialog.getByLabel('Website').fill(GONE.website)
		await dialog.getByLabel('LinkedIn URL').fill(GONE.linkedinUrl)
		await pressAutofill(dialog)
		await expect(toast(page, COMPANY_IMPORT_MESSAGES.autofillFailed)).toBeVisible()
		await expect(dialog.getByLabel('Website')).toHaveValue(GONE.website)
		await expect(dialog.getByLabel('Name')).toHaveValue('')
	})
})

test.describe('Auto-fill without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the Auto-fill button posts the form and the page comes back filled', async ({ page }) => {
		await signIn(page)
		await page.goto('/companies/new')
		await page.getByLabel('LinkedIn URL').fill(NORTHWIND.linkedinUrl)
		await page.getByRole('button', { name: 'Auto-fill' }).click()
		await expect(page.getByText(COMPANY_IMPORT_MESSAGES.autofillNeedsBoth).first()).toBeVisible()
		await expect(page.getByLabel('LinkedIn URL')).toHaveValue(NORTHWIND.linkedinUrl)

		await page.getByLabel('Name').fill('Northwind (typed)')
		await page.getByLabel('Website').fill(NORTHWIND.website)
		await page.getByRole('button', { name: 'Auto-fill' }).click()
		await expect(page.getByTestId('company-autofill-message')).toHaveText(
			COMPANY_IMPORT_MESSAGES.autofillDone,
		)
		await expectFilled(page, 'Northwind (typed)')

		// A fresh form: with name, description, industry, summary and both URLs filled it does nothing.
		await page.goto('/companies/new')
		await page.getByLabel('Website').fill(GONE.website)
		await page.getByLabel('LinkedIn URL').fill(GONE.linkedinUrl)
		await page.getByRole('button', { name: 'Auto-fill' }).click()
		await expect(page.getByTestId('company-autofill-message')).toHaveText(
			COMPANY_IMPORT_MESSAGES.autofillFailed,
		)
	})
})
