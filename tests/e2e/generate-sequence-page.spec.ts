import { expect, test } from '@playwright/test'
import { seedContact } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The Generate Sequence page (/contacts/:id/sequences/generate) without JavaScript: the plain
// form's validation keeps the input, the submission lands on the CREATING sequence, and the
// inline worker turns it into a draft.

test.describe('Generate Sequence page without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('validate, generate, and the draft appears', async ({ page }) => {
		const email = await signIn(page)
		const contact = await seedContact(page.request, {
			firstName: 'Katherine',
			lastName: 'Johnson',
			linkedin: 'https://www.linkedin.com/in/katherine-johnson',
		})

		// From the manual page's link.
		await page.goto(`/contacts/${contact.id}/sequences/new`)
		await page.getByRole('link', { name: 'Generate with the assistant' }).click()
		await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}/sequences/generate$`))
		await expect(page.getByRole('heading', { level: 1, name: 'Generate Sequence' })).toBeVisible()
		const main = page.getByRole('main')
		await expect(main.getByLabel('Sender email').locator('option:checked')).toHaveText(email.toLowerCase())
		await expect(main.getByRole('checkbox', { name: 'Organization Prompt' })).toBeChecked()
		await expect(main.getByRole('checkbox', { name: 'LinkedIn Request' })).toBeChecked()
		await expect(main.getByRole('checkbox', { name: 'Phone Call Request' })).toHaveCount(0)

		// No sender: the message, and what was typed stays.
		await main.getByLabel('Sender email').selectOption('')
		await main.getByRole('checkbox', { name: 'Organization Prompt' }).uncheck()
		await main.getByLabel('Additional information').fill('She computed trajectories.')
		await main.getByRole('button', { name: 'Generate Sequence' }).click()
		await expect(main.getByText('Please select a sender email')).toBeVisible()
		await expect(main.getByLabel('Additional information')).toHaveValue('She computed trajectories.')
		await expect(main.getByRole('checkbox', { name: 'Organization Prompt' })).not.toBeChecked()

		await main.getByLabel('Sender email').selectOption({ label: email.toLowerCase() })
		await main.getByRole('button', { name: 'Generate Sequence' }).click()
		await expect(page).toHaveURL(/\/sequences\/[^/]+$/)
		// The toast the server renders in <noscript> (not the drawer's notice, which has the progress bar).
		await expect(
			page
				.getByRole('status')
				.or(page.locator('noscript'))
				.filter({ hasText: 'Your sequence is being generated. Give it a moment.' })
				.filter({ hasNot: page.getByRole('progressbar') }),
		).toHaveCount(1)

		// The inline worker writes it with the offline writer; reload until it is a draft.
		await expect(async () => {
			await page.reload()
			await expect(page.getByRole('dialog', { name: 'Draft Sequence' })).toBeVisible({ timeout: 1_000 })
		}).toPass({ timeout: 20_000 })
		const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
		await expect(drawer.getByTestId('drawer-to')).toContainText('Katherine Johnson')
		await expect(drawer.getByText('Written by the offline writer')).toBeVisible()
	})
})
