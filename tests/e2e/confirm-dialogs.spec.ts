import { expect, test } from '@playwright/test'
import { signIn, uniqueEmail } from './utils.ts'

test('delete document asks first (JS)', async ({ page }) => {
	await signIn(page)
	await page.request.post('/settings', {
		form: { intent: 'add-document', name: 'Doc One', content: 'Hello world' },
	})
	await page.goto('/settings')
	const row = page.getByRole('row', { name: /Doc One/ })
	await expect(row).toBeVisible()
	await page.waitForFunction(() => '__remixContext' in window && document.querySelector('form[novalidate]'))
	await page.getByRole('button', { name: 'Delete Doc One' }).click()
	const dialog = page.getByRole('alertdialog', { name: 'Delete document?' })
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText(
		'"Doc One" will no longer be used by the assistant. This cannot be undone.',
	)
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(dialog).toBeHidden()
	await expect(row).toBeVisible()
	await page.getByRole('button', { name: 'Delete Doc One' }).click()
	await page
		.getByRole('alertdialog', { name: 'Delete document?' })
		.getByRole('button', { name: 'Delete' })
		.click()
	await expect(page.getByText('Document deleted')).toBeVisible()
	await expect(page.getByText('No documents yet.')).toBeVisible()
})

test('delete document without JS posts directly', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await signIn(page)
	await page.request.post('/settings', {
		form: { intent: 'add-document', name: 'Doc Two', content: 'Hello' },
	})
	await page.goto('/settings')
	await page.getByRole('button', { name: 'Delete Doc Two' }).click()
	await expect(page.getByText('No documents yet.')).toBeVisible()
	await context.close()
})

test('remove user asks first, then removes', async ({ page, browser }) => {
	await signIn(page)
	const mate = uniqueEmail('mate')
	await page.request.post('/settings', { form: { intent: 'invite', email: mate } })
	const other = await browser.newContext()
	const otherPage = await other.newPage()
	await signIn(otherPage, mate)
	await otherPage.goto('/settings')
	await other.close()
	await page.goto('/settings')
	await page.waitForFunction(() => document.querySelector('form[novalidate]'))
	const name = await page
		.getByRole('row', { name: new RegExp(mate) })
		.getByRole('cell')
		.first()
		.innerText()
	await page.getByRole('button', { name: `Remove ${name}` }).click()
	const dialog = page.getByRole('alertdialog', { name: 'Remove user?' })
	await expect(dialog).toContainText(`${name} (${mate}) will lose access to this organization.`)
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(page.getByRole('row', { name: new RegExp(mate) })).toBeVisible()
	await page.getByRole('button', { name: `Remove ${name}` }).click()
	await page
		.getByRole('alertdialog', { name: 'Remove user?' })
		.getByRole('button', { name: 'Remove' })
		.click()
	await expect(page.getByText('User removed')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(mate) })).toBeHidden()
})
