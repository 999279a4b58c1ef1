import { expect, test } from '@playwright/test'
import { signIn, uniqueEmail } from './utils.ts'

test('signs in with the development form, stays signed in, signs out', async ({ page }) => {
	await page.goto('/login')
	await expect(page.getByRole('heading', { name: 'Sign in to Reachout' })).toBeVisible()
	// The e2e server has no Google credentials: only the development form is offered.
	await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0)

	const email = uniqueEmail('sign-in')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Sign in with email' }).click()
	await expect(page).toHaveURL(/\/contacts$/)

	await page.reload()
	await expect(page).toHaveURL(/\/contacts$/)
	const session = await page.request.get('/api/v1/auth/user')
	expect(session.status()).toBe(200)
	expect((await session.json()).user.email).toBe(email)

	await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).first().click()
	await expect(page).toHaveURL(/\/login$/)
	await expect(page.getByRole('heading', { name: 'Sign in to Reachout' })).toBeVisible()

	await page.goto('/contacts')
	await page.waitForLoadState('networkidle')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcontacts$/)
	const signedOut = await page.request.get('/api/v1/auth/user')
	expect(signedOut.status()).toBe(401)
	expect(await signedOut.json()).toEqual({ error: 'unauthorized', message: 'Authentication required' })
})

test('the session API answers in its own shape over HTTP', async ({ page }) => {
	const email = await signIn(page, uniqueEmail('api'))
	const session = await page.request.get('/api/v1/auth/user')
	expect(session.status()).toBe(200)
	expect(await session.json()).toEqual({
		id: expect.any(String),
		user: {
			id: expect.any(String),
			name: expect.any(String),
			email,
			featureFlags: [],
			shouldResetGmailScope: false,
			linkedinUsername: null,
			linkedinOrgConsent: false,
			linkedinConnected: false,
		},
	})
	const missingCode = await page.request.post('/api/v1/auth/login', { data: {} })
	expect(missingCode.status()).toBe(400)
	expect(await missingCode.json()).toEqual({ error: 'validation_error', message: 'code is required' })
})

test('returns to the page that asked for sign-in', async ({ page }) => {
	await page.goto('/lists')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Flists$/)
	await page.getByLabel('Email').fill(uniqueEmail('redirect'))
	await page.getByRole('button', { name: 'Sign in with email' }).click()
	await expect(page).toHaveURL(/\/lists$/)
})

test('an invalid email shows the message', async ({ page }) => {
	await page.goto('/login')
	await page.getByLabel('Email').fill('not-an-email')
	await page.getByRole('button', { name: 'Sign in with email' }).click()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await expect(page).toHaveURL(/\/login/)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the development form still signs in and reports an invalid email', async ({ page }) => {
		await page.goto('/login')
		await page.getByLabel('Email').fill('still-not-an-email')
		await page.getByRole('button', { name: 'Sign in with email' }).click()
		await expect(page).toHaveURL(/\/login\?error=invalid_email$/)
		await expect(page.getByText('Please enter a valid email address')).toBeVisible()

		await page.getByLabel('Email').fill(uniqueEmail('nojs'))
		await page.getByRole('button', { name: 'Sign in with email' }).click()
		await expect(page).toHaveURL(/\/contacts$/)
	})
})
