import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The app's LinkedIn UI with a FAKE companion behind window.chrome.runtime: the shell's banner
// (companion not connected, extension missing, account paused), reconnecting, the LinkedIn
// settings, and the drawer's timeline across channels with LinkedIn steps' live state.

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/wt-ui-shots'
const INSTALL_MESSAGE = 'To use this feature, you need to install our Chrome extension'

type FakeCompanion = { status: 'connected' | 'not_logged_in' }

/**
 * A companion that answers the page's messages; window.__companion.status says whether it sees a
 * LinkedIn session (a test flips it, then focuses the window to have the app ask again).
 */
async function installFakeCompanion(page: Page, initial: FakeCompanion) {
	await page.addInitScript((state: FakeCompanion) => {
		const companion = { ...state, messages: [] as Array<{ type: string }> }
		const runtime = {
			sendMessage(_id: string, message: { type: string }, callback: (response: unknown) => void) {
				companion.messages.push(message)
				const answer = () => {
					if (message.type === 'GET_ROGER_COMPANION_STATUS') {
						const connected = companion.status === 'connected'
						return {
							success: true,
							status: connected ? 'connected' : 'not_logged_in',
							linkedinLoggedIn: connected,
							hasAppToken: true,
						}
					}
					if (message.type === 'GET_LINKEDIN_AUTH') {
						return {
							success: true,
							auth: { cookie: 'li_at=fresh', 'csrf-token': 'ajax:2' },
							userProfileDetails: {
								publicIdentifier: 'ada-lovelace',
								firstName: 'Ada',
								lastName: 'Lovelace',
							},
						}
					}
					if (message.type === 'GET_LINKEDIN_USER_PROFILE') {
						return { success: true, profile: { publicIdentifier: 'ada-lovelace', firstName: 'Ada' } }
					}
					return { success: false, error: 'Unknown message' }
				}
				setTimeout(() => callback(answer()), 20)
			},
		}
		const chrome = (window as unknown as { chrome?: object }).chrome ?? {}
		Object.defineProperty(window, 'chrome', {
			value: { ...chrome, runtime },
			configurable: true,
			writable: true,
		})
		Object.defineProperty(window, '__companion', { value: companion })
	}, initial)
}

async function connectOnServer(page: Page) {
	const response = await page.request.post('/api/v1/linkedin/auth-status', {
		data: {
			isAuthenticated: true,
			linkedInAuthData: {
				cookie: 'li_at=old',
				csrfToken: 'ajax:1',
				userDetails: { publicIdentifier: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' },
			},
		},
	})
	expect(response.ok()).toBe(true)
}

async function currentUserId(page: Page) {
	const session = (await (await page.request.get('/api/v1/auth/user')).json()) as { user: { id: string } }
	return session.user.id
}

function toast(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

function shot(page: Page, name: string) {
	mkdirSync(SHOTS, { recursive: true })
	return page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false })
}

// Each test signs in, seeds and reloads a few times: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db?.end()
})

test('the banner shows while the companion is not connected and goes when it is', async ({ page }) => {
	await installFakeCompanion(page, { status: 'not_logged_in' })
	await signIn(page)
	await page.goto('/contacts')
	const banner = page.getByRole('region', { name: 'LinkedIn companion' })
	await expect(banner).toBeVisible()
	await expect(banner).toContainText('The LinkedIn companion is not connected.')
	await expect(banner.getByRole('link', { name: 'Install' })).toHaveCount(0)
	await shot(page, 'banner-not-connected')

	// Connect LinkedIn from the banner opens the existing dialog.
	await banner.getByRole('button', { name: 'Connect LinkedIn' }).click()
	const dialog = page.getByRole('dialog', { name: 'Connect LinkedIn' })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(dialog).toBeHidden()

	// The user logs in to LinkedIn; the app asks again when the window gets focus.
	await page.evaluate(() => {
		;(window as unknown as { __companion: FakeCompanion }).__companion.status = 'connected'
		window.dispatchEvent(new Event('focus'))
	})
	await expect(banner).toBeHidden()
	const types = await page.evaluate(() =>
		(window as unknown as { __companion: { messages: Array<{ type: string }> } }).__companion.messages.map(
			(message) => message.type,
		),
	)
	expect(types.filter((type) => type === 'GET_ROGER_COMPANION_STATUS').length).toBeGreaterThanOrEqual(2)
})

test('the banner can be dismissed for the session', async ({ page }) => {
	await installFakeCompanion(page, { status: 'not_logged_in' })
	await signIn(page)
	await page.goto('/contacts')
	const banner = page.getByRole('region', { name: 'LinkedIn companion' })
	await banner.getByRole('button', { name: 'Dismiss' }).click()
	await expect(banner).toBeHidden()
	await page.reload()
	await page.waitForLoadState('networkidle')
	await expect(banner).toBeHidden()
})

test('without the extension: the install message with its Install link, in the banner and the settings', async ({
	page,
}) => {
	await signIn(page)
	await page.goto('/contacts')
	const banner = page.getByRole('region', { name: 'LinkedIn companion' })
	await expect(banner).toContainText(INSTALL_MESSAGE)
	await expect(banner.getByRole('link', { name: 'Install' })).toHaveAttribute('href', '/companion')

	await page.goto('/settings/linkedin')
	const notice = page.getByRole('alert').filter({ hasText: INSTALL_MESSAGE })
	await expect(notice).toBeVisible()
	await expect(notice.getByRole('link', { name: 'Install' })).toHaveAttribute('href', '/companion')
})

test.describe('outside Chrome', () => {
	test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' })

	test('the banner and the settings say to use Chrome', async ({ page }) => {
		await signIn(page)
		await page.goto('/settings/linkedin')
		const banner = page.getByRole('region', { name: 'LinkedIn companion' })
		await expect(banner).toContainText('Please use the Chrome browser to authenticate with LinkedIn')
		await expect(
			page
				.getByRole('alert')
				.filter({ hasText: 'Please use the Chrome browser to authenticate with LinkedIn' }),
		).toBeVisible()
	})
})

test('a paused account shows its banner until the user reconnects', async ({ page }) => {
	await installFakeCompanion(page, { status: 'connected' })
	await signIn(page)
	await connectOnServer(page)
	const userId = await currentUserId(page)
	await db.query(
		`INSERT INTO "LinkedInAccount" ("userId", "pausedAt", "pauseReason", "backoffUntil", "backoffCount", "updatedAt")
		 VALUES ($1, now(), 'SESSION_EXPIRED', now() + interval '1 hour', 2, now())`,
		[userId],
	)
	await page.goto('/contacts')
	const paused = page.getByRole('region', { name: 'LinkedIn paused' })
	await expect(paused).toContainText('Your LinkedIn steps are paused.')
	await expect(paused).toContainText('Your LinkedIn session expired.')
	// One banner at a time: the companion banner does not stack under it.
	await expect(page.getByRole('region', { name: 'LinkedIn companion' })).toHaveCount(0)
	await shot(page, 'banner-paused')

	await paused.getByRole('button', { name: 'Reconnect LinkedIn' }).click()
	const dialog = page.getByRole('dialog', { name: 'Connect LinkedIn' })
	await dialog.getByLabel('I have completed both').check()
	await dialog.getByRole('button', { name: 'Connect LinkedIn' }).click()
	await expect(toast(page, 'LinkedIn connected successfully')).toBeVisible()
	await expect(paused).toBeHidden()
	const { rows } = await db.query(
		`SELECT "pausedAt", "pauseReason", "backoffUntil", "backoffCount" FROM "LinkedInAccount" WHERE "userId" = $1`,
		[userId],
	)
	expect(rows[0]).toEqual({ pausedAt: null, pauseReason: null, backoffUntil: null, backoffCount: 0 })
	await page.reload()
	await expect(page.getByRole('region', { name: 'LinkedIn paused' })).toHaveCount(0)
})

test('the LinkedIn settings: profile, toggles saved, usage against the limits', async ({ page }) => {
	await installFakeCompanion(page, { status: 'connected' })
	await signIn(page)
	await connectOnServer(page)
	await page.goto('/settings')
	await page.getByRole('link', { name: 'LinkedIn' }).click()
	await expect(page).toHaveURL(/\/settings\/linkedin$/)
	await expect(page.getByRole('heading', { name: 'LinkedIn', exact: true })).toBeVisible()
	await expect(page.getByText('Ada Lovelace')).toBeVisible()
	await expect(page.getByRole('link', { name: '/in/ada-lovelace' })).toBeVisible()
	await expect(page.getByRole('progressbar', { name: 'Connection requests today: 0 of 12' })).toBeVisible()
	await expect(
		page.getByRole('progressbar', { name: 'Connection requests this week: 0 of 100' }),
	).toBeVisible()
	await expect(page.getByRole('progressbar', { name: 'Request notes this month: 0 of 5' })).toBeVisible()

	const form = page.getByRole('form', { name: 'LinkedIn settings' })
	await form.getByLabel('Allow actions while my browser is closed').check()
	await form.getByLabel('I have LinkedIn Premium').check()
	await form.getByLabel('Allow organization-level LinkedIn usage').check()
	await form.getByRole('button', { name: 'Save' }).click()
	await expect(toast(page, 'LinkedIn settings saved')).toBeVisible()
	// Premium: notes are not limited, so their meter gives way to a count.
	await expect(page.getByText('not limited with Premium')).toBeVisible()
	await shot(page, 'settings-linkedin')

	await page.reload()
	await expect(form.getByLabel('Allow actions while my browser is closed')).toBeChecked()
	await expect(form.getByLabel('I have LinkedIn Premium')).toBeChecked()
	await expect(form.getByLabel('Allow organization-level LinkedIn usage')).toBeChecked()
	const settings = await (await page.request.get('/api/v1/linkedin/settings')).json()
	expect(settings).toMatchObject({ allowServerActions: true, premium: true, orgConsent: true })

	await form.getByLabel('Allow actions while my browser is closed').uncheck()
	await form.getByRole('button', { name: 'Save' }).click()
	await expect(toast(page, 'LinkedIn settings saved')).toBeVisible()
	await page.reload()
	await expect(form.getByLabel('Allow actions while my browser is closed')).not.toBeChecked()
	await expect(form.getByLabel('I have LinkedIn Premium')).toBeChecked()

	await page.getByRole('button', { name: 'Disconnect' }).click()
	await expect(toast(page, 'LinkedIn disconnected')).toBeVisible()
	await expect(page.getByText('LinkedIn is not connected.')).toBeVisible()
	await expect(form.getByLabel('Allow actions while my browser is closed')).toBeDisabled()
})

test('the drawer: a timeline across email and LinkedIn, and LinkedIn steps with their live state', async ({
	page,
}) => {
	await installFakeCompanion(page, { status: 'connected' })
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/grace' })
	const sequence = await seedSequence(page.request, contact.id, {
		subject: 'Anvils for coyotes',
		steps: [{ daysAfter: 0 }, { daysAfter: 3 }],
		linkedInSteps: [
			{ daysAfter: 0, requestNote: 'Hi Grace, loved your talk on compilers.' },
			{ daysAfter: 1, message: 'Thanks for connecting, Grace!' },
		],
	})
	const [email1] = sequence.emailSteps
	const [request, message] = [...sequence.linkedInSteps].sort((a, b) => a.order - b.order)
	await db.query(`UPDATE "Sequence" SET status = 'ACTIVE' WHERE id = $1`, [sequence.id])
	await db.query(
		`UPDATE "EmailStep" SET status = 'SENT', "sentAt" = now() - interval '3 days' WHERE id = $1`,
		[email1!.id],
	)
	await db.query(
		`UPDATE "LinkedInStep" SET status = 'ACCEPTED', "sentAt" = now() - interval '3 days' + interval '1 hour',
			"acceptedAt" = now() - interval '2 days', metadata = '{"noteDropped": true}'::jsonb WHERE id = $1`,
		[request!.id],
	)
	await db.query(
		`UPDATE "LinkedInStep" SET status = 'SENT', "sentAt" = now() - interval '1 day' WHERE id = $1`,
		[message!.id],
	)

	await page.goto(`/sequences/${sequence.id}`)
	const drawer = page.getByRole('dialog', { name: /sequence/i })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	// Before any reply the timeline is closed; it opens without JavaScript too (<details>).
	const timeline = drawer.getByTestId('sequence-timeline')
	await expect(timeline).toContainText('4 events · email, LinkedIn and calls')
	await expect(timeline).not.toHaveAttribute('open', '')
	await timeline.getByText('Timeline', { exact: true }).click()
	await expect(timeline.getByTestId('timeline-event')).toHaveText([
		/Email sent.*Anvils for coyotes/,
		/LinkedIn connection request sent.*Sent without its note \(monthly note limit reached\)/,
		/LinkedIn connection accepted/,
		/LinkedIn message sent.*Thanks for connecting, Grace!/,
	])

	// The LinkedIn steps' cards say where each one stands.
	await drawer.getByRole('tab', { name: 'LinkedIn' }).click()
	const requestCard = drawer.getByRole('article', { name: 'Connection Request' })
	await expect(requestCard.getByTestId('linkedin-accepted')).toContainText('Accepted')
	await expect(requestCard.getByTestId('linkedin-note-dropped')).toHaveText(
		'Sent without its note (monthly note limit reached)',
	)
	const messageCard = drawer.getByRole('article', { name: 'Message' })
	await expect(messageCard.getByTestId('linkedin-sent')).toContainText('Sent')
	await shot(page, 'drawer-linkedin-steps')

	// The person answers on LinkedIn: the reply view and the timeline, now open, end with it.
	await db.query(
		`UPDATE "LinkedInStep" SET status = 'REPLIED', "repliedAt" = now() - interval '2 hours',
			"repliedContent" = 'Happy to chat next week.' WHERE id = $1`,
		[message!.id],
	)
	await db.query(
		`INSERT INTO "ConversationMessage" (id, type, "fromAddress", "bodyText", "isFromUser", date,
			"providerMessageId", "organizationId", "sequenceId", automatic)
		 SELECT 'msg_ooo_' || id, 'EMAIL', 'grace@example.org', 'I am out of the office until Monday.', false,
			now() - interval '3 days' + interval '30 minutes', 'ooo-' || id, "organizationId", id, 'AUTO_REPLY'
		 FROM "Sequence" WHERE id = $1`,
		[sequence.id],
	)
	await page.reload()
	await expect(drawer.getByRole('region', { name: 'LinkedIn conversation' })).toBeVisible()
	const events = timeline.getByTestId('timeline-event')
	await expect(timeline).toHaveAttribute('open', '')
	await expect(events).toHaveCount(6)
	await expect(events.nth(0)).toContainText('Email sent')
	await expect(events.nth(1)).toContainText('Automatic reply received')
	await expect(events.nth(1)).toContainText('Automatic')
	await expect(events.nth(2)).toContainText('LinkedIn connection request sent')
	await expect(events.nth(3)).toContainText('LinkedIn connection accepted')
	await expect(events.nth(4)).toContainText('LinkedIn message sent')
	await expect(events.nth(5)).toContainText('LinkedIn reply received')
	await expect(events.nth(5)).toContainText('Happy to chat next week.')
	await shot(page, 'drawer-timeline')

	// Progress in the sequences table: email SENT 1, LinkedIn ACCEPTED and REPLIED 2, of 4 steps.
	await page.goto('/sequences')
	await expect(page.getByRole('progressbar', { name: 'Progress 75%' })).toBeVisible()
})

test('the request note editor says what happens over the monthly note limit', async ({ page }) => {
	await installFakeCompanion(page, { status: 'connected' })
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/grace' })
	const sequence = await seedSequence(page.request, contact.id, {
		steps: [{ daysAfter: 0 }],
		linkedInSteps: [{ daysAfter: 0, requestNote: 'Hi Grace' }],
	})
	await page.goto(`/sequences/${sequence.id}`)
	const drawer = page.getByRole('dialog', { name: /sequence/i })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	await drawer.getByRole('tab', { name: 'LinkedIn' }).click()
	await drawer
		.getByRole('article', { name: 'Connection Request' })
		.getByRole('button', { name: 'Edit step' })
		.click()
	await expect(drawer.getByTestId('note-limit')).toHaveText(
		'Without LinkedIn Premium only 5 connection-request notes go per month; over that, the request is sent without its note.',
	)
})
