import { expect, test, type Page } from '@playwright/test'
import { seedContact, type SeededContact } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The Generate Sequence panel from the contact detail dialog: the sender preselected, LinkedIn
// only for contacts with a profile, the background generation and its draft, Switch to Manual.

async function openPanel(page: Page, contact: SeededContact) {
	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	await page.evaluate(() => localStorage.setItem('reachout:rate-limit-info-dismissed', 'true'))
	await page
		.getByRole('table', { name: 'Contacts' })
		.getByRole('link', { name: `${contact.firstName} ${contact.lastName}` })
		.click()
	const detail = page.getByRole('dialog', { name: `${contact.firstName} ${contact.lastName}` })
	await detail.getByRole('button', { name: 'Generate Sequence' }).click()
	const panel = page.getByRole('dialog', { name: 'Generate Sequence' })
	await expect(panel).toBeVisible()
	return panel
}

test('generate a sequence in the background', async ({ page }) => {
	const email = await signIn(page)
	const contact = await seedContact(page.request, { firstName: 'Grace', lastName: 'Hopper' })
	const panel = await openPanel(page, contact)

	await expect(panel.getByTestId('generate-sequence-contact')).toContainText('Grace Hopper')
	await expect(panel.getByTestId('generate-sequence-contact')).toContainText(contact.email)
	await expect(panel.getByTestId('generate-sequence-contact')).toContainText('CTO')
	await expect(panel.getByLabel('Sender email').locator('option:checked')).toHaveText(email.toLowerCase())
	await expect(panel.getByRole('switch', { name: 'Organization Prompt' })).toBeChecked()
	const linkedin = panel.getByRole('switch', { name: 'LinkedIn Request' })
	await expect(linkedin).toBeDisabled()
	await expect(linkedin).not.toBeChecked()
	await expect(panel.getByRole('switch', { name: 'Phone Call Request' })).toHaveCount(0)

	// Without a sender the spec's message shows and nothing is posted.
	await panel.getByLabel('Sender email').selectOption('')
	await panel.getByRole('button', { name: 'Generate Sequence' }).click()
	await expect(panel.getByText('Please select a sender email')).toBeVisible()
	await panel.getByLabel('Sender email').selectOption({ label: email.toLowerCase() })

	await panel.getByLabel('Additional information').fill('We met at the compiler conference.')
	const posted = page.waitForRequest('**/api/sequences/background')
	await panel.getByRole('button', { name: 'Generate Sequence' }).click()
	expect((await posted).postDataJSON()).toMatchObject({
		contactId: contact.id,
		prompt: 'We met at the compiler conference.',
		orgPrompt: true,
		linkedin: false,
		phoneCall: false,
	})
	await expect(page.getByText('Your sequence is being generated. Give it a moment.')).toBeVisible()
	await expect(panel).toBeHidden()

	// The inline worker writes it with the offline writer: a draft on /sequences.
	await expect(async () => {
		await page.goto('/sequences')
		const row = page
			.getByRole('table', { name: 'Sequences' })
			.getByRole('row')
			.filter({ hasText: 'Grace Hopper' })
		await expect(row.getByText('Draft', { exact: true })).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: 20_000 })
})

test('a failed generation shows the server message', async ({ page }) => {
	await signIn(page)
	const contact = await seedContact(page.request)
	const panel = await openPanel(page, contact)
	await page.route('**/api/sequences/background', (route) =>
		route.fulfill({ status: 400, json: { error: 'validation_error', message: 'The contact has no email' } }),
	)
	await panel.getByRole('button', { name: 'Generate Sequence' }).click()
	await expect(page.getByText('Failed to generate sequence')).toBeVisible()
	await expect(page.getByText('The contact has no email')).toBeVisible()
	await expect(panel).toBeVisible()
})

test('Switch to Manual opens Create Email Sequence', async ({ page }) => {
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/ada' })
	const panel = await openPanel(page, contact)
	await expect(panel.getByRole('switch', { name: 'LinkedIn Request' })).toBeEnabled()
	await expect(panel.getByRole('switch', { name: 'LinkedIn Request' })).not.toBeChecked()
	await panel.getByRole('button', { name: 'Switch to Manual' }).click()
	await expect(page.getByRole('dialog', { name: 'Create Email Sequence' })).toBeVisible()
	await expect(panel).toBeHidden()
})
