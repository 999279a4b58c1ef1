import { expect, test } from '@playwright/test'
import { signIn } from './utils.ts'

// Sections still to come say so; the built ones show their own content (their specs test it).
const SECTIONS = [
	{ name: 'Contacts', path: '/contacts', comingSoon: false },
	{ name: 'Companies', path: '/companies', comingSoon: false },
	{ name: 'Lists', path: '/lists', comingSoon: false },
	{ name: 'Campaigns', path: '/campaigns', comingSoon: false },
	{ name: 'Sequences', path: '/sequences', comingSoon: false },
	{ name: 'Tasks', path: '/tasks', comingSoon: false },
	{ name: 'Outbox', path: '/outbox', comingSoon: false },
	{ name: 'Imports', path: '/imports', comingSoon: false },
	{ name: 'Analytics', path: '/analytics', comingSoon: false },
]

test('signed out, the home page sends you to sign in', async ({ page }) => {
	await page.goto('/')
	await expect(page).toHaveURL(/\/login/)
})

test('the navigation reaches every section', async ({ page }) => {
	// Ten pages in one journey: beside the other lanes on a 2-core machine 45 s ran out (CI).
	test.slow()
	await signIn(page)
	await page.goto('/')
	await expect(page).toHaveURL(/\/contacts$/)

	const nav = page.getByRole('navigation', { name: 'Main' })
	for (const { name } of [...SECTIONS, { name: 'Settings' }]) {
		await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
	}
	// Only platform administrators see Admin; anyone else is refused (403, decision 043).
	await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0)

	for (const { name, path, comingSoon } of SECTIONS) {
		await nav.getByRole('link', { name, exact: true }).click()
		await expect(page).toHaveURL(new RegExp(`${path}$`))
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
		await expect(page.getByText(`${name} are coming soon`)).toHaveCount(comingSoon ? 1 : 0)
		await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
	}
	await nav.getByRole('link', { name: 'Settings', exact: true }).click()
	await expect(page).toHaveURL(/\/settings$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

	const admin = await page.goto('/admin')
	expect(admin?.status()).toBe(403)
})

test('an unknown URL shows the 404 page with a way home', async ({ page }) => {
	const response = await page.goto('/this-page-does-not-exist')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
})

test('keyboard: the skip link comes first, then Tab reaches the navigation', async ({ page }) => {
	await signIn(page)
	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	await page.keyboard.press('Tab')
	const skip = page.getByRole('link', { name: 'Skip to content' })
	await expect(skip).toBeFocused()

	const contacts = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' })
	for (let presses = 0; presses < 5; presses++) {
		if (await contacts.evaluate((element) => element === document.activeElement)) break
		await page.keyboard.press('Tab')
	}
	await expect(contacts).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(
		page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies' }),
	).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/companies$/)
})

test('"Help us improve" sends feedback and closes a second later', async ({ page }) => {
	await signIn(page)
	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	await page.getByRole('button', { name: 'Help us improve' }).click()

	const dialog = page.getByRole('dialog', { name: 'Help us improve' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByRole('radio', { name: 'Bug Report' })).toBeChecked()

	// An empty message is refused in place.
	await dialog.getByRole('button', { name: 'Submit' }).click()
	await expect(dialog.getByText('Message is required')).toBeVisible()

	await dialog.getByRole('radio', { name: 'Feature Request' }).check()
	await dialog.getByRole('textbox', { name: 'Message' }).fill('Please add a dark theme.')
	await dialog.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByText('Feedback submitted!')).toBeVisible()
	await expect(dialog).toBeHidden({ timeout: 5_000 })
	await expect(page).toHaveURL(/\/contacts$/)
})

test('"Help us improve" works without JavaScript', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
	const page = await context.newPage()
	await signIn(page)
	await page.goto('/campaigns')
	await page.getByRole('link', { name: 'Help us improve' }).click()
	await expect(page).toHaveURL(/\/feedback\?redirectTo=%2Fcampaigns$/)

	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByText('Message is required')).toBeVisible()

	await page.getByRole('radio', { name: 'Feedback', exact: true }).check()
	await page.getByRole('textbox', { name: 'Message' }).fill('Works fine without scripts.')
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page).toHaveURL(/\/campaigns$/)
	await expect(page.getByRole('status').filter({ hasText: 'Feedback submitted!' })).toBeVisible()
	await context.close()
})

test('Sign out returns to the sign-in page', async ({ page }) => {
	await signIn(page)
	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/login/)
	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	await expect(page).toHaveURL(/\/login/)
})
