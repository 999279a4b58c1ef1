import { expect, test } from '@playwright/test'
import { uniqueEmail } from './utils.ts'

// Issue 12 against the production build with the default budgets (decision 018): one email's sign-ins
// are limited, and the sign-in form says so. (The per-IP budgets are proven in
// tests/integration/guards-rate-limits.test.ts: tripping them here would limit the specs that follow.)

test('the 11th sign-in of one email in ten minutes is refused on the form, with a message', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('limited')
	for (let attempt = 1; attempt <= 10; attempt++) {
		const response = await request.post('/auth/dev', { form: { email }, maxRedirects: 0 })
		expect(response.headers()['location']).toBe('/contacts')
	}
	await page.goto('/login')
	await page.waitForLoadState('networkidle')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Sign in with email' }).click()
	await expect(page.getByRole('alert')).toHaveText(
		'Too many sign-in attempts for this email. Please try again in a few minutes.',
	)
	await expect(page).toHaveURL(/\/login\?error=rate_limited/)
	// Another email signs in.
	await page.getByLabel('Email').fill(uniqueEmail('not-limited'))
	await page.getByRole('button', { name: 'Sign in with email' }).click()
	await expect(page).toHaveURL(/\/contacts$/)
})
