import { expect, test, type Page } from '@playwright/test'
import { seedContact, type SeededContact } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Connect LinkedIn from the Generate Sequence panel: LinkedIn Request starts off while LinkedIn is
// not connected, turning it on opens Connect LinkedIn, and the dialog asks the Chrome companion
// (faked here through window.chrome.runtime) for the session before posting it to the server.

const CHROME_REQUIRED = 'Please use the Chrome browser to authenticate with LinkedIn'
const FIREFOX_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

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
	return { panel, detail }
}

function toast(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

/** A companion that answers GET_LINKEDIN_AUTH with a session, and records what it was sent. */
async function installFakeCompanion(page: Page) {
	await page.addInitScript(() => {
		const messages: unknown[] = []
		const runtime = {
			sendMessage(_extensionId: string, message: unknown, callback: (response: unknown) => void) {
				messages.push(message)
				setTimeout(
					() =>
						callback({
							success: true,
							auth: { cookie: 'li_at=x', 'csrf-token': 'ajax:1' },
							userProfileDetails: {
								publicIdentifier: 'ada-lovelace',
								firstName: 'Ada',
								lastName: 'Lovelace',
							},
						}),
					50,
				)
			},
		}
		const chrome = (window as unknown as { chrome?: object }).chrome ?? {}
		Object.defineProperty(window, 'chrome', {
			value: { ...chrome, runtime },
			configurable: true,
			writable: true,
		})
		Object.defineProperty(window, '__companionMessages', { value: messages })
	})
}

test('turning LinkedIn Request on connects LinkedIn through the companion', async ({ page }) => {
	await installFakeCompanion(page)
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/ada' })
	const { panel, detail } = await openPanel(page, contact)

	const linkedin = panel.getByRole('switch', { name: 'LinkedIn Request' })
	await expect(linkedin).toBeEnabled()
	await expect(linkedin).not.toBeChecked()
	await linkedin.click()
	const dialog = page.getByRole('dialog', { name: 'Connect LinkedIn' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByText('Install the Reachout companion extension')).toBeVisible()
	await expect(dialog.getByRole('alert')).toHaveCount(0)

	const connect = dialog.getByRole('button', { name: 'Connect LinkedIn' })
	await expect(connect).toBeDisabled()
	await dialog.getByLabel('I have completed both').check()
	await expect(connect).toBeEnabled()
	await dialog.getByLabel('Allow organization-level LinkedIn usage').check()

	const posted = page.waitForRequest(
		(request) => request.url().endsWith('/api/v1/linkedin/auth-status') && request.method() === 'POST',
	)
	await connect.click()
	expect((await posted).postDataJSON()).toEqual({
		isAuthenticated: true,
		linkedInAuthData: {
			cookie: 'li_at=x',
			csrfToken: 'ajax:1',
			userDetails: { publicIdentifier: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' },
		},
		linkedinOrgConsent: true,
	})
	await expect(toast(page, 'LinkedIn connected successfully')).toBeVisible()
	await expect(dialog).toBeHidden()
	await expect(panel).toBeVisible()
	await expect(linkedin).toBeChecked()

	// The companion was asked for the signed-in user's session.
	const session = (await (await page.request.get('/api/v1/auth/user')).json()) as {
		user: { id: string; linkedinConnected: boolean; linkedinUsername: string | null }
	}
	expect(session.user).toMatchObject({ linkedinConnected: true, linkedinUsername: 'ada-lovelace' })
	// (The app shell also asks the companion for its status: GET_ROGER_COMPANION_STATUS.)
	const messages = await page.evaluate(
		() => (window as unknown as { __companionMessages: Array<{ type: string }> }).__companionMessages,
	)
	expect(messages.filter((message) => message.type === 'GET_LINKEDIN_AUTH')).toEqual([
		{ type: 'GET_LINKEDIN_AUTH', payload: { userId: session.user.id } },
	])
	// …and then handed the companion its token for the action loop (decision 032).
	expect(messages.filter((message) => message.type === 'SET_ROGER_COMPANION_TOKEN')).toContainEqual({
		type: 'SET_ROGER_COMPANION_TOKEN',
		payload: { token: expect.stringMatching(/^rc_/), userId: session.user.id },
	})
	const status = await page.request.get('/api/v1/linkedin/auth-status')
	expect(await status.json()).toMatchObject({ isAuthenticated: true, linkedinOrgConsent: true })
	expect(await status.text()).not.toContain('li_at=x')

	// Connected now: the next panel starts with LinkedIn Request on, and it turns off without a dialog.
	await panel.getByRole('button', { name: 'Cancel' }).click()
	await expect(panel).toBeHidden()
	await detail.getByRole('button', { name: 'Generate Sequence' }).click()
	await expect(panel.getByRole('switch', { name: 'LinkedIn Request' })).toBeChecked()
	await panel.getByRole('switch', { name: 'LinkedIn Request' }).click()
	await expect(panel.getByRole('switch', { name: 'LinkedIn Request' })).not.toBeChecked()
	await expect(dialog).toBeHidden()
})

test('without the companion, Connect shows an error and LinkedIn Request stays off', async ({ page }) => {
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/ada' })
	const { panel } = await openPanel(page, contact)
	const linkedin = panel.getByRole('switch', { name: 'LinkedIn Request' })
	await linkedin.click()
	const dialog = page.getByRole('dialog', { name: 'Connect LinkedIn' })
	await dialog.getByLabel('I have completed both').check()
	await dialog.getByRole('button', { name: 'Connect LinkedIn' }).click()
	await expect(toast(page, 'The LinkedIn companion extension is not installed.')).toBeVisible()
	await expect(dialog).toBeVisible()

	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(dialog).toBeHidden()
	await expect(linkedin).not.toBeChecked()
	const status = await page.request.get('/api/v1/linkedin/auth-status')
	expect(await status.json()).toMatchObject({ isAuthenticated: false })
})

test.describe('outside Chrome', () => {
	test.use({ userAgent: FIREFOX_USER_AGENT })

	test('the dialog says to use Chrome, and Connect does not ask the companion', async ({ page }) => {
		await installFakeCompanion(page)
		await signIn(page)
		const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/ada' })
		const { panel } = await openPanel(page, contact)
		await panel.getByRole('switch', { name: 'LinkedIn Request' }).click()
		const dialog = page.getByRole('dialog', { name: 'Connect LinkedIn' })
		await expect(dialog.getByRole('alert')).toHaveText(CHROME_REQUIRED)
		await dialog.getByLabel('I have completed both').check()
		await dialog.getByRole('button', { name: 'Connect LinkedIn' }).click()
		await expect(toast(page, CHROME_REQUIRED)).toBeVisible()
		expect(
			await page.evaluate(
				() => (window as unknown as { __companionMessages: unknown[] }).__companionMessages,
			),
		).toEqual([])
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'Cancel' }).click()
		await expect(dialog).toBeHidden()
		await expect(panel.getByRole('switch', { name: 'LinkedIn Request' })).not.toBeChecked()
	})
})
