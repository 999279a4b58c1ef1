import path from 'node:path'
import { chromium, expect, test as base, type BrowserContext, type Page, type Worker } from '@playwright/test'
import { LINKEDIN_COMPANION_EXTENSION_ID } from '#app/components/linkedin/linkedin-companion.ts'
import { buildExtension } from '../../scripts/build-extension.ts'
import { startFakeLinkedIn } from '../fakes/linkedin-server.ts'
import {
	connectDatabase,
	sendAtAnyHour,
	seedContact,
	seedSequence,
	type SeededContact,
} from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The real Chrome companion (extension/, built for this app and the fake LinkedIn) loaded into
// Chromium: Connect LinkedIn end to end, its failure without a LinkedIn session, the popup, and a
// LinkedIn connection request carried out by the companion against the fake (decision 032).

const PORT = Number(process.env.E2E_PORT ?? 3917)
const APP_URL = `http://localhost:${PORT}`
const EXTENSION_DIR = path.resolve('build/extension-e2e')
const NOT_LOGGED_IN = 'Please log in to LinkedIn in this browser and try again'

type Fake = Awaited<ReturnType<typeof startFakeLinkedIn>>

const test = base.extend<
	{ context: BrowserContext; page: Page; worker: Worker },
	{ linkedin: Fake; extensionDir: string }
>({
	// One fake LinkedIn per test worker, with the signed-in member and the people steps go to.
	linkedin: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names
		async ({}, provide) => {
			const fake = await startFakeLinkedIn({
				accounts: [{ username: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' }],
			})
			fake.addPerson({ username: 'grace-hopper', firstName: 'Grace', lastName: 'Hopper' })
			await provide(fake)
			await fake.close()
		},
		{ scope: 'worker' },
	],
	// The companion built for this app and this fake (the production build stays as it is).
	extensionDir: [
		async ({ linkedin }, provide) => {
			const built = await buildExtension({
				appUrl: APP_URL,
				linkedinUrl: linkedin.baseUrl,
				pollSeconds: 5,
				outDir: EXTENSION_DIR,
			})
			expect(built.extensionId).toBe(LINKEDIN_COMPANION_EXTENSION_ID)
			await provide(built.unpacked)
		},
		{ scope: 'worker' },
	],
	context: async ({ extensionDir }, provide) => {
		const context = await chromium.launchPersistentContext('', {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			headless: true,
			baseURL: APP_URL,
			viewport: { width: 1280, height: 800 },
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
				`--disable-extensions-except=${extensionDir}`,
				`--load-extension=${extensionDir}`,
			],
		})
		await provide(context)
		await context.close()
	},
	worker: async ({ context }, provide) => {
		const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
		expect(worker.url()).toBe(`chrome-extension://${LINKEDIN_COMPANION_EXTENSION_ID}/service-worker.js`)
		await provide(worker)
	},
	page: async ({ context }, provide) => {
		await provide(context.pages()[0] ?? (await context.newPage()))
	},
})

// Each test launches its own Chromium with the extension and builds nothing: 60 s is room enough.
test.describe.configure({ timeout: 60_000 })

/** The member's LinkedIn session in this browser, as LinkedIn sets it (JSESSIONID quoted). */
async function logInToLinkedIn(context: BrowserContext, linkedin: Fake) {
	const { liAt, jsessionId } = linkedin.credentials('ada-lovelace')
	const url = new URL(linkedin.baseUrl)
	await context.addCookies([
		{ name: 'li_at', value: liAt, domain: url.hostname, path: '/', sameSite: 'Lax', httpOnly: true },
		{ name: 'JSESSIONID', value: `"${jsessionId}"`, domain: url.hostname, path: '/', sameSite: 'Lax' },
	])
}

function toast(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

/** Contacts → the contact → Generate Sequence → LinkedIn Request on: the Connect LinkedIn dialog. */
async function openConnectDialog(page: Page, contact: SeededContact) {
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
	await panel.getByRole('switch', { name: 'LinkedIn Request' }).click()
	const dialog = page.getByRole('dialog', { name: 'Connect LinkedIn' })
	await expect(dialog).toBeVisible()
	return { dialog, panel }
}

async function connectLinkedIn(page: Page, contact: SeededContact) {
	const { dialog, panel } = await openConnectDialog(page, contact)
	await dialog.getByLabel('I have completed both').check()
	await dialog.getByRole('button', { name: 'Connect LinkedIn' }).click()
	await expect(toast(page, 'LinkedIn connected successfully')).toBeVisible()
	await expect(dialog).toBeHidden()
	return { panel }
}

/** What the companion keeps in chrome.storage.local. */
function companionStorage(worker: Worker) {
	return worker.evaluate(() => {
		const { chrome } = globalThis as unknown as {
			chrome: { storage: { local: { get: (keys: null) => Promise<Record<string, unknown>> } } }
		}
		return chrome.storage.local.get(null)
	})
}

function openPopup(context: BrowserContext) {
	return context.newPage().then(async (popup) => {
		await popup.goto(`chrome-extension://${LINKEDIN_COMPANION_EXTENSION_ID}/popup.html`)
		return popup
	})
}

test('Connect LinkedIn with the real companion: the session and profile reach the server, the companion gets its token', async ({
	context,
	page,
	worker,
	linkedin,
}) => {
	await logInToLinkedIn(context, linkedin)
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/grace-hopper' })
	const { panel } = await connectLinkedIn(page, contact)
	await expect(panel.getByRole('switch', { name: 'LinkedIn Request' })).toBeChecked()

	const status = await (await page.request.get('/api/v1/linkedin/auth-status')).json()
	expect(status).toMatchObject({
		isAuthenticated: true,
		userDetails: { publicIdentifier: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' },
	})
	const session = (await (await page.request.get('/api/v1/auth/user')).json()) as {
		user: { id: string; linkedinConnected: boolean; linkedinUsername: string | null }
	}
	expect(session.user).toMatchObject({ linkedinConnected: true, linkedinUsername: 'ada-lovelace' })
	// The companion asked the fake who is signed in, with the session's csrf token.
	expect(
		linkedin.received.some((request) => request.path === '/voyager/api/me' && request.status === 200),
	).toBe(true)
	// The page handed the companion a token for this user.
	await expect
		.poll(async () => companionStorage(worker))
		.toMatchObject({ appToken: expect.stringMatching(/^rc_/), userId: session.user.id })
})

test('without a LinkedIn session the dialog says to log in and stays usable', async ({ page, worker }) => {
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/grace-hopper' })
	const { dialog } = await openConnectDialog(page, contact)
	await dialog.getByLabel('I have completed both').check()
	const connect = dialog.getByRole('button', { name: 'Connect LinkedIn' })
	await connect.click()
	await expect(toast(page, NOT_LOGGED_IN)).toBeVisible()
	await expect(dialog).toBeVisible()
	await expect(connect).toBeEnabled()
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(dialog).toBeHidden()
	expect(await (await page.request.get('/api/v1/linkedin/auth-status')).json()).toMatchObject({
		isAuthenticated: false,
	})
	expect(await companionStorage(worker)).not.toHaveProperty('appToken')
})

test('the popup shows whether LinkedIn and Reachout are connected', async ({ context, page, linkedin }) => {
	const popup = await openPopup(context)
	const linkedinCard = popup.getByRole('region', { name: 'LinkedIn' })
	const appCard = popup.getByRole('region', { name: 'Reachout' })
	await expect(linkedinCard.getByRole('status')).toHaveText('Not logged in')
	await expect(appCard.getByRole('status')).toHaveText('Not connected')
	await expect(appCard.getByRole('button', { name: 'Check now' })).toBeHidden()
	await expect(appCard.getByRole('link', { name: 'Open Reachout' })).toHaveAttribute('href', APP_URL)

	await logInToLinkedIn(context, linkedin)
	await signIn(page)
	const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/grace-hopper' })
	await connectLinkedIn(page, contact)

	await popup.reload()
	await expect(linkedinCard.getByRole('status')).toHaveText('Logged in')
	await expect(appCard.getByRole('status')).toHaveText('Connected')
	await expect(appCard.getByRole('button', { name: 'Check now' })).toBeVisible()
	// The token's first claim ran at once: nothing is due yet.
	await expect(appCard.getByText('Last check')).toBeVisible()
	await expect(popup.locator('#last-check')).toHaveText('just now')
	await popup.setViewportSize({ width: 360, height: 420 })
	await popup.screenshot({ path: 'test-results/companion-popup.png' })
})

test('the companion carries out a LinkedIn connection request with its note, once', async ({
	context,
	page,
	worker,
	linkedin,
}) => {
	await logInToLinkedIn(context, linkedin)
	const email = await signIn(page)
	const contact = await seedContact(page.request, {
		firstName: 'Grace',
		lastName: 'Hopper',
		linkedin: 'https://www.linkedin.com/in/grace-hopper',
	})
	await connectLinkedIn(page, contact)

	const note = `Hi Grace, I enjoyed your talk on compilers (${Date.now()})`
	const sequence = await seedSequence(page.request, contact.id, {
		steps: [],
		linkedInSteps: [
			{ daysAfter: 0, requestNote: note, linkedinUrl: 'https://www.linkedin.com/in/grace-hopper' },
		],
	})
	expect(sequence.linkedInSteps).toHaveLength(1)
	// The sequence started and its request due now, at any hour, with no pause between actions.
	const db = await connectDatabase()
	try {
		await db.query(`UPDATE "Sequence" SET status = 'ACTIVE' WHERE id = $1`, [sequence.id])
		await db.query(
			`UPDATE "LinkedInStep" SET status = 'SCHEDULED', "scheduledFor" = now() - interval '1 minute' WHERE id = $1`,
			[sequence.linkedInSteps[0]!.id],
		)
		const account = await db.query(
			`UPDATE "LinkedInAccount" SET "activeHoursStart" = 0, "activeHoursEnd" = 24, "paceMinSeconds" = 0, "paceMaxSeconds" = 0
			 WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
			[email],
		)
		expect(account.rowCount).toBe(1)

		const popup = await openPopup(context)
		await popup.getByRole('button', { name: 'Check now' }).click()
		const invitationsToGrace = () =>
			[...linkedin.state.invitations.values()].filter(
				(invitation) => invitation.to.username === 'grace-hopper',
			)
		await expect
			.poll(() => invitationsToGrace().length, { timeout: 20_000 })
			.toBe(1)
			.catch(async (error: unknown) => {
				// What the companion saw, for the failure's report.
				console.log('companion storage', JSON.stringify(await companionStorage(worker)))
				console.log('fake LinkedIn received', JSON.stringify(linkedin.received.slice(-10)))
				throw error
			})
		expect(invitationsToGrace()[0]).toMatchObject({ from: { username: 'ada-lovelace' }, note })

		await expect
			.poll(async () => {
				const { rows } = await db.query<{ status: string }>(
					`SELECT status FROM "LinkedInStep" WHERE id = $1`,
					[sequence.linkedInSteps[0]!.id],
				)
				return rows[0]?.status
			})
			.toBe('SENT')
		await expect(popup.locator('#last-action')).toHaveText(/^Connection request, sent/)
		expect(await companionStorage(worker)).toMatchObject({
			lastAction: { kind: 'CONNECT', outcome: 'SENT' },
		})

		// More wake-ups send nothing more.
		await popup.getByRole('button', { name: 'Check now' }).click()
		await page.waitForTimeout(2_000)
		expect(invitationsToGrace()).toHaveLength(1)
		expect(
			linkedin.received.filter(
				(request) => request.query.action === 'verifyQuotaAndCreateV2' && request.status < 300,
			),
		).toHaveLength(1)
	} finally {
		await db.end()
	}
})

test('the companion carries a sequence through acceptance and a message; a LinkedIn reply stops it, email included', async ({
	context,
	page,
	linkedin,
}) => {
	test.setTimeout(90_000)
	await logInToLinkedIn(context, linkedin)
	const email = await signIn(page)
	const username = `alan-turing-${Date.now()}`
	linkedin.addPerson({ username, firstName: 'Alan', lastName: 'Turing' })
	const profile = `https://www.linkedin.com/in/${username}`
	const contact = await seedContact(page.request, {
		firstName: 'Alan',
		lastName: 'Turing',
		linkedin: profile,
	})
	await connectLinkedIn(page, contact)
	const sequence = await seedSequence(page.request, contact.id, {
		subject: 'Machines that think',
		steps: [{ daysAfter: 3 }],
		linkedInSteps: [
			{ daysAfter: 0, requestNote: 'Hi Alan, a question about machines.', linkedinUrl: profile },
			{
				daysAfter: 0,
				message: 'Thanks for connecting, Alan. Could we talk on Thursday?',
				linkedinUrl: profile,
			},
		],
	})
	const [connectStep, messageStep] = sequence.linkedInSteps
	const db = await connectDatabase()
	const stepStatus = async (id: string) =>
		(await db.query<{ status: string }>(`SELECT status FROM "LinkedInStep" WHERE id = $1`, [id])).rows[0]
			?.status
	try {
		await sendAtAnyHour(db, email)
		await db.query(
			`UPDATE "LinkedInAccount" SET "activeHoursStart" = 0, "activeHoursEnd" = 24, "paceMinSeconds" = 0, "paceMaxSeconds" = 0
			 WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
			[email],
		)
		// Started as the drawer starts it: the email is three days out, the request due now.
		await page.goto(`/sequences/${sequence.id}`)
		const draft = page.getByRole('dialog', { name: 'Draft Sequence' })
		await expect(draft).toHaveAttribute('data-hydrated', 'true')
		await draft.getByRole('button', { name: 'Activate sequence' }).click()
		await expect(page.getByText('Sequence updated successfully')).toBeVisible()

		const popup = await openPopup(context)
		const checkNow = () => popup.getByRole('button', { name: 'Check now' }).click()
		await checkNow()
		await expect.poll(() => stepStatus(connectStep!.id), { timeout: 20_000 }).toBe('SENT')
		expect(
			linkedin.invitationsFrom('ada-lovelace').filter((invitation) => invitation.to === username),
		).toHaveLength(1)

		// Alan accepts; the acceptance is checked (its hour brought forward) and the message goes.
		linkedin.acceptInvitation('ada-lovelace', username)
		await db.query(`UPDATE "LinkedInStep" SET "nextCheckAt" = now() - interval '1 second' WHERE id = $1`, [
			connectStep!.id,
		])
		await checkNow()
		await expect.poll(() => stepStatus(messageStep!.id), { timeout: 20_000 }).toBe('SENT')
		expect(linkedin.messagesBetween('ada-lovelace', username)).toEqual([
			expect.objectContaining({
				from: 'ada-lovelace',
				text: 'Thanks for connecting, Alan. Could we talk on Thursday?',
			}),
		])

		// Alan answers on LinkedIn; the next read of the conversation stops the whole sequence.
		linkedin.reply(username, 'ada-lovelace', 'Thursday works. Send me the details.')
		await db.query(`UPDATE "LinkedInStep" SET "nextCheckAt" = now() - interval '1 second' WHERE id = $1`, [
			messageStep!.id,
		])
		await checkNow()
		await expect.poll(() => stepStatus(messageStep!.id), { timeout: 20_000 }).toBe('REPLIED')
		const { rows } = await db.query<{ status: string; email: string }>(
			`SELECT s.status, e.status AS email FROM "Sequence" s JOIN "EmailStep" e ON e."sequenceId" = s.id WHERE s.id = $1`,
			[sequence.id],
		)
		expect(rows[0]).toEqual({ status: 'PAUSED', email: 'SCHEDULED' })

		// The drawer: the LinkedIn reply view with the sent message and the reply.
		await page.goto(`/sequences/${sequence.id}`)
		const drawer = page.getByRole('dialog', { name: 'Sequence Replies' })
		const conversation = drawer.getByRole('region', { name: 'LinkedIn conversation' })
		await expect(conversation.getByLabel('Reply')).toContainText('Thursday works. Send me the details.')
		await expect(conversation).toContainText('Please continue this conversation on LinkedIn directly.')
	} finally {
		await db.end()
	}
})

test('the companion page explains it, sees it installed, and downloads the zip', async ({
	context,
	page,
	linkedin,
}) => {
	await logInToLinkedIn(context, linkedin)
	await signIn(page)
	await page.goto('/companion')
	await expect(page.getByRole('heading', { level: 1, name: 'Reachout companion for Chrome' })).toBeVisible()
	await expect(page.getByText('Installed · LinkedIn logged in')).toBeVisible()
	for (const step of ['chrome://extensions', 'Developer mode', 'Load unpacked']) {
		await expect(page.getByRole('listitem').filter({ hasText: step })).toBeVisible()
	}
	await page.screenshot({ path: 'test-results/companion-page.png', fullPage: true })

	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page
			.getByRole('link', { name: /Download the companion/ })
			.first()
			.click(),
	])
	expect(download.suggestedFilename()).toBe('reachout-companion.zip')
	const bytes = await (await download.createReadStream()).toArray()
	// A zip (PK\x03\x04) that holds the manifest.
	const zip = Buffer.concat(bytes)
	expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
	expect(zip.includes(Buffer.from('manifest.json'))).toBe(true)
})

test("the lead scraper's post source: a post's commenters and reactors through the companion", async ({
	context,
	page,
	linkedin,
}) => {
	linkedin.addPerson({ username: 'alan-turing', firstName: 'Alan', lastName: 'Turing' })
	linkedin.addPerson({ username: 'katherine-johnson', firstName: 'Katherine', lastName: 'Johnson' })
	const post = linkedin.addPost({
		author: 'grace-hopper',
		text: 'We shipped the first compiler',
		comments: [{ username: 'alan-turing', text: 'Congratulations!' }],
		reactions: [{ username: 'katherine-johnson' }],
	})
	await logInToLinkedIn(context, linkedin)
	await signIn(page)
	await page.goto('/companion')
	const ask = (url: string) =>
		page.evaluate(
			([extensionId, postUrl]) =>
				new Promise((resolve) => {
					const { chrome } = window as unknown as {
						chrome: {
							runtime: {
								sendMessage: (id: string, message: unknown, callback: (r: unknown) => void) => void
							}
						}
					}
					chrome.runtime.sendMessage(
						extensionId!,
						{
							type: 'FETCH_LINKEDIN_POST_AUTHORS',
							payload: { url: postUrl, channel: 'all', maxComments: 10, maxReactions: 10 },
						},
						resolve,
					)
				}),
			[LINKEDIN_COMPANION_EXTENSION_ID, url],
		)
	const answer = (await ask(post.url)) as { contacts: Array<{ linkedin: string; source: string }> }
	expect(answer).toMatchObject({
		success: true,
		urlClassification: 'POST',
		text: 'We shipped the first compiler',
		error: null,
	})
	expect(answer.contacts.map((contact) => [contact.linkedin, contact.source]).sort()).toEqual([
		[expect.stringContaining('/in/alan-turing'), 'comment'],
		[expect.stringContaining('/in/katherine-johnson'), 'reaction'],
	])
	expect(await ask('https://www.linkedin.com/in/grace-hopper')).toMatchObject({
		success: false,
		urlClassification: 'OTHERS',
		contacts: [],
	})
})
