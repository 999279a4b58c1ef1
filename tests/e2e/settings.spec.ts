import { expect, test } from '@playwright/test'
import { signIn, uniqueEmail } from './utils.ts'

test.describe('Organization settings', () => {
	test('summary and description are saved and persist across a reload', async ({ page }) => {
		await signIn(page)
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
		await expect(page).toHaveURL(/\/settings$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

		const summary = 'We build reusable rockets for small satellite operators.'
		const description = 'Launch on demand, priced per kilogram.\nCustomers: universities and startups.'
		await page.getByLabel('Summary').fill(summary)
		await page.getByLabel('Description').fill(description)
		await page.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByText('Settings saved')).toBeVisible()

		await page.reload()
		await expect(page.getByLabel('Summary')).toHaveValue(summary)
		await expect(page.getByLabel('Description')).toHaveValue(description)
	})

	test('invite a teammate: invalid email, pending invite, cancel', async ({ page }) => {
		await signIn(page)
		await page.goto('/settings')
		const inviteForm = page.getByRole('form', { name: 'Invite by email' })
		// Conform takes over validation once hydrated (before that the browser's own applies).
		await expect(inviteForm).toHaveAttribute('novalidate', '')
		const emailField = inviteForm.getByRole('textbox', { name: 'Email address' })

		await emailField.fill('not-an-email')
		await inviteForm.getByRole('button', { name: 'Invite' }).click()
		await expect(page.getByText('Please enter a valid email address')).toBeVisible()

		const teammate = uniqueEmail('teammate')
		await emailField.fill(teammate)
		await expect(page.getByText('Please enter a valid email address')).toBeHidden()
		await inviteForm.getByRole('button', { name: 'Invite' }).click()

		const pending = page.getByRole('region', { name: 'Pending invites' })
		await expect(pending.getByText(teammate)).toBeVisible()
		await expect(emailField).toHaveValue('')

		await pending.getByRole('button', { name: `Cancel invite for ${teammate}` }).click()
		await expect(pending.getByText(teammate)).toHaveCount(0)
		await expect(pending.getByText('No pending invites.')).toBeVisible()
	})
})
