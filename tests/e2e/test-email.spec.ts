import { expect, test, type Locator } from '@playwright/test'
import { signIn } from './utils.ts'

// Send Test Email from the settings page: the spec's validation messages (inline and as
// "Invalid …" toasts), then a test email through the local outbox, shown on /outbox — and the
// page form without JavaScript.

function bodyEditor(scope: Locator) {
	return scope.getByRole('textbox', { name: 'Email body' })
}

test('validation messages, then the email lands in the outbox', async ({ page }) => {
	const email = await signIn(page)
	await page.goto('/settings')
	await page.getByRole('button', { name: 'Send Test Email' }).click()
	const dialog = page.getByRole('dialog', { name: 'Send Test Email' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByLabel('To')).toHaveValue(email.toLowerCase())
	await expect(dialog.getByTestId('test-email-note')).toContainText(
		`The test email is sent from your mailbox address ${email.toLowerCase()}`,
	)

	await dialog.getByLabel('To').fill('')
	await dialog.getByLabel('To').blur()
	await expect(dialog.getByText('Recipient is a required field')).toBeVisible()
	await dialog.getByRole('button', { name: 'Send Test Email' }).click()
	await expect(dialog.getByText('Subject is a required field')).toBeVisible()
	await expect(dialog.getByText('Email body is a required field')).toBeVisible()
	// The first field's message as a toast too.
	await expect(page.getByText('Invalid recipient')).toBeVisible()

	await dialog.getByLabel('To').fill('lead@example.org, not-an-email')
	await expect(dialog.getByText('Enter a valid email address, or several separated by commas')).toBeVisible()
	await dialog.getByLabel('To').fill('lead@example.org, boss@example.org')
	await dialog.getByLabel('Subject').fill('Hey')
	await expect(dialog.getByText('Subject must be at least 5 characters long')).toBeVisible()
	await dialog.getByLabel('Subject').fill('Testing the waters')
	await bodyEditor(dialog).click()
	await page.keyboard.type('Too short')
	await expect(dialog.getByText('Email body must be at least 10 characters long')).toBeVisible()
	await page.keyboard.type(', now long enough.')
	await expect(dialog.getByText('Email body must be at least 10 characters long')).toBeHidden()

	await dialog.getByRole('button', { name: 'Send Test Email' }).click()
	await expect(page.getByText('Test email sent successfully!')).toBeVisible()
	await expect(dialog).toBeHidden()

	await page.goto('/outbox')
	const rows = page
		.getByRole('table', { name: 'Outbox messages' })
		.getByRole('row', { name: /Testing the waters/ })
	await expect(rows).toHaveCount(2)
	await expect(rows.filter({ hasText: 'lead@example.org' })).toHaveCount(1)
	await expect(rows.filter({ hasText: 'boss@example.org' })).toHaveCount(1)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the settings link opens the page form, which validates and sends', async ({ page }) => {
		await signIn(page)
		await page.goto('/settings')
		await page.getByRole('link', { name: 'Send Test Email' }).click()
		await expect(page).toHaveURL(/\/settings\/test-email$/)
		const main = page.getByRole('main')
		// The browser checks what it can (required, length); the server checks the visible text.
		await main.getByLabel('Subject').fill('Sent without scripts')
		await bodyEditor(main).fill('Too short')
		await main.getByRole('button', { name: 'Send Test Email' }).click()
		await expect(main.getByText('Email body must be at least 10 characters long')).toBeVisible()
		await expect(main.getByLabel('Subject')).toHaveValue('Sent without scripts')
		await expect(bodyEditor(main)).toHaveValue('Too short')

		await bodyEditor(main).fill('Plain text, no editor needed.')
		await main.getByRole('button', { name: 'Send Test Email' }).click()
		// Sent: back to an empty form (the toast is in <noscript>, which this browser does not parse).
		await expect(main.getByLabel('Subject')).toHaveValue('')
		await expect(main.getByText('Email body must be at least 10 characters long')).toBeHidden()

		await page.goto('/outbox')
		await expect(
			page.getByRole('table', { name: 'Outbox messages' }).getByRole('row', { name: /Sent without scripts/ }),
		).toHaveCount(1)
	})
})
