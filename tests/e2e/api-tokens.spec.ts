import { expect, test } from '@playwright/test'
import { signIn } from './utils.ts'

// Settings → API tokens (issue 16, decision 041): create a token, see it once, use it against the
// JSON API (a read token cannot write), revoke it and see the API refuse it. Then the same without
// JavaScript, and Send Test Email's "Use a sample email" (GET /api/v1/emails/random).

test('create a token, use it on the API, revoke it', async ({ page, playwright, baseURL }) => {
	await page.setViewportSize({ width: 1280, height: 900 })
	await signIn(page)
	await page.goto('/settings')
	await page.getByRole('link', { name: 'API tokens' }).click()
	await expect(page).toHaveURL(/\/settings\/api-tokens$/)
	await expect(page.getByText('You have no API tokens yet.')).toBeVisible()

	// The Info modal: title, body, one Close button.
	await page.getByRole('button', { name: 'How to use a token' }).click()
	const help = page.getByRole('dialog', { name: 'Using an API token' })
	await expect(help.getByText('Authorization header')).toBeVisible()
	await help.getByRole('button', { name: 'Close' }).click()
	await expect(help).toBeHidden()

	await page.getByRole('button', { name: 'Create token' }).click()
	await expect(page.getByText('Name is a required field')).toBeVisible()
	await page.getByLabel('Name').fill('Reporting script')
	await page.getByLabel('Read', { exact: true }).check()
	await page.getByRole('button', { name: 'Create token' }).click()

	const field = page.getByLabel('New API token')
	await expect(field).toHaveValue(/^ro_pat_[A-Za-z0-9_-]{43}$/)
	const token = await field.inputValue()
	const table = page.getByRole('table', { name: 'API tokens' })
	const row = table.getByRole('row', { name: /Reporting script/ })
	await expect(row).toContainText('Read')
	await expect(row).toContainText('Never')
	await expect(row).toContainText('Active')
	await page.screenshot({ path: 'test-results/api-tokens-created.png', fullPage: true })

	// The API, as a script would call it: no cookies, only the token.
	const api = await playwright.request.newContext({ baseURL })
	const auth = { Authorization: `Bearer ${token}` }
	const listed = await api.get('/api/v1/contacts', { headers: auth })
	expect(listed.status()).toBe(200)
	expect(await listed.json()).toHaveProperty('data')
	const write = await api.post('/api/v1/tags', { headers: auth, data: { name: 'From a script' } })
	expect(write.status()).toBe(403)
	expect(await write.json()).toMatchObject({ error: 'insufficient_scope' })

	// Shown once: a reload lists the token without it.
	await page.reload()
	await expect(page.getByLabel('New API token')).toHaveCount(0)
	await expect(page.getByText(token)).toHaveCount(0)
	await expect(row).not.toContainText('Never')

	await row.getByRole('button', { name: 'Revoke Reporting script' }).click()
	const confirm = page.getByRole('alertdialog')
	await confirm.getByRole('button', { name: 'Revoke' }).click()
	await expect(page.getByText('Token revoked')).toBeVisible()
	await expect(row).toContainText('Revoked')
	await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0)

	const refused = await api.get('/api/v1/contacts', { headers: auth })
	expect(refused.status()).toBe(401)
	expect(await refused.json()).toEqual({ error: 'unauthorized', message: 'Invalid or revoked API token' })
	await page.screenshot({ path: 'test-results/api-tokens-revoked.png', fullPage: true })
	await api.dispose()
})

test('Send Test Email starts from a sample email', async ({ page }) => {
	await signIn(page)
	await page.goto('/settings')
	await page.getByRole('button', { name: 'Send Test Email' }).click()
	const dialog = page.getByRole('dialog', { name: 'Send Test Email' })
	await dialog.getByLabel('To').fill('lead@example.org')
	await expect(dialog.getByLabel('Subject')).toHaveValue('')
	await dialog.getByRole('button', { name: 'Use a sample email' }).click()
	await expect(dialog.getByLabel('Subject')).not.toHaveValue('')
	await expect(dialog.getByRole('textbox', { name: 'Email body' })).not.toBeEmpty()
	// The recipients typed before are kept.
	await expect(dialog.getByLabel('To')).toHaveValue('lead@example.org')
	await dialog.getByRole('button', { name: 'Send Test Email' }).click()
	await expect(page.getByText('Test email sent successfully!')).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('create and revoke a token with plain forms', async ({ page }) => {
		await signIn(page)
		await page.goto('/settings/api-tokens')
		await page.getByLabel('Name').fill('No-JS token')
		await page.getByLabel('Read and write').check()
		await page.getByRole('button', { name: 'Create token' }).click()
		await expect(page.getByLabel('New API token')).toHaveValue(/^ro_pat_/)
		const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row', { name: /No-JS token/ })
		await expect(row).toContainText('Read and write')
		await row.getByRole('button', { name: 'Revoke No-JS token' }).click()
		await expect(row).toContainText('Revoked')
	})

	test('the test email page fills a sample from its link', async ({ page }) => {
		await signIn(page)
		await page.goto('/settings/test-email')
		await page.getByRole('link', { name: 'Use a sample email' }).click()
		await expect(page).toHaveURL(/\/settings\/test-email\?sample=1$/)
		await expect(page.getByRole('main').getByLabel('Subject')).not.toHaveValue('')
	})
})
