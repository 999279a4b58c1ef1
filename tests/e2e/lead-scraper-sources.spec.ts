import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
	chromium,
	expect,
	test,
	type APIRequestContext,
	type BrowserContext,
	type Locator,
	type Page,
} from '@playwright/test'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { LINKEDIN_COMPANION_EXTENSION_ID } from '#app/components/linkedin/linkedin-companion.ts'
import { buildExtension } from '../../scripts/build-extension.ts'
import { startFakeLinkedIn } from '../fakes/linkedin-server.ts'
import { TEAM_PAGE } from './company-sites.ts'
import { signIn } from './utils.ts'

// The Lead scraper's start side end to end (issue 14): the dialog from the Imports and Contacts
// pages, each source's validation messages, progress, Cancel Import and the way on to
// /lead-scraper/{queueId}; the plain form without JavaScript; the LinkedIn post through the real
// companion against the fake LinkedIn.
//
// EXTRACTION: the steps marked so need the lead extractors (app/models/lead-import/extract/): a
// file, a text or a page gives leads only through them.

const PORT = Number(process.env.E2E_PORT ?? 3917)
const APP_URL = `http://localhost:${PORT}`
const SHOTS = '/tmp/shots-c1'
const FIXTURES = path.join('/tmp', `lead-scraper-fixtures-${PORT}`)
const REVIEW_URL = /\/lead-scraper\/(?!new|progress)[^/?]+$/

mkdirSync(FIXTURES, { recursive: true })

function fixture(name: string, text: string) {
	const file = path.join(FIXTURES, name)
	writeFileSync(file, text)
	return file
}

const TEAM_CSV = fixture(
	'team.csv',
	'First Name,Last Name,Email,Title,Company\nAda,Lovelace,ada@engines.example,Chief Engineer,Analytical Engines\nCharles,Babbage,charles@engines.example,Founder,Analytical Engines\n',
)
const SPEAKERS_CSV = fixture(
	'speakers.csv',
	'Name,Role,Company,LinkedIn\nGrace Hopper,Rear Admiral,US Navy,https://www.linkedin.com/in/grace-hopper-speaker\n',
)
const NOTES_TXT = fixture('notes.txt', 'Not a CSV file')

async function shot(page: Page, name: string, fullPage = false) {
	await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage })
}

function sourceRadio(scope: Page | Locator, label: string) {
	return scope.getByRole('radio', { name: label, exact: true })
}

/** Imports → Scrape leads: the dialog at its first step. */
async function openDialog(page: Page, from = '/imports') {
	await page.goto(from)
	await page.waitForLoadState('networkidle')
	await page.getByRole('button', { name: 'Scrape leads' }).click()
	const dialog = page.getByRole('dialog')
	await expect(dialog.getByRole('heading', { name: 'Lead scraper' })).toBeVisible()
	await expect(dialog.getByText('Step 1 of 3: Choose a source')).toBeVisible()
	return dialog
}

/** Picks a source and goes on to step 2. */
async function chooseSource(dialog: Locator, label: string) {
	await sourceRadio(dialog, label).check()
	await dialog.getByRole('button', { name: 'Next' }).click()
	await expect(dialog.getByText(/^Step 2 of 3/)).toBeVisible()
}

/** Step 2 done: Next to the instructions, optionally filled, then Scrape. */
async function finish(dialog: Locator, instructions?: string) {
	await dialog.getByRole('button', { name: 'Next' }).click()
	await expect(dialog.getByText('Step 3 of 3: Additional instructions')).toBeVisible()
	if (instructions) await dialog.getByLabel('Additional instructions').fill(instructions)
	await dialog.getByRole('button', { name: 'Scrape', exact: true }).click()
}

/** The leads an import found, as the API lists them. */
async function reviewLeads(request: APIRequestContext, queueId: string) {
	const response = await request.get(`/api/v1/lead-scraper/${queueId}`)
	expect(response.status()).toBe(200)
	const body = (await response.json()) as {
		leads: Array<{ firstName: string; lastName: string; linkedin: string | null; email: string | null }>
	}
	return body.leads
}

function queueIdOf(page: Page) {
	return new URL(page.url()).pathname.split('/').pop()!
}

test.describe('Lead scraper with JavaScript', () => {
	test.use({ viewport: { width: 1280, height: 900 } })

	test('a plain text: the steps, "No text content provided", progress, then the review', async ({ page }) => {
		const consoleErrors: string[] = []
		page.on('console', (message) => {
			if (message.type() === 'error') consoleErrors.push(message.text())
		})
		await signIn(page)
		const dialog = await openDialog(page)
		await shot(page, 'dialog-step-1')
		await chooseSource(dialog, 'Scrape a plain text')
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText('No text content provided')).toBeVisible()
		await expect(dialog.getByText('Step 2 of 3: Paste text')).toBeVisible()
		await dialog
			.getByLabel('Text', { exact: true })
			.fill(
				'Our speakers\nAda Lovelace, Chief Engineer at Analytical Engines\nCharles Babbage, Founder at Analytical Engines',
			)
		await expect(dialog.getByText('No text content provided')).toBeHidden()
		await shot(page, 'dialog-step-2-text')
		await finish(dialog, 'Only engineers and founders')
		// (The job is quick: its progress is watched in the Cancel Import test, on a slow page.)
		// EXTRACTION: the text's people reach the review.
		await expect(page).toHaveURL(REVIEW_URL, { timeout: 20_000 })
		await expect(page.getByRole('dialog')).toBeHidden()
		const leads = await reviewLeads(page.request, queueIdOf(page))
		expect(leads.map((lead) => `${lead.firstName} ${lead.lastName}`).sort()).toEqual([
			'Ada Lovelace',
			'Charles Babbage',
		])
		expect(consoleErrors.filter((text) => !/404/.test(text))).toEqual([])
	})

	test('files: "No file selected", CSV only, several files as several imports', async ({ page }) => {
		await signIn(page)
		const dialog = await openDialog(page)
		await chooseSource(dialog, 'Scrape file')
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText('No file selected')).toBeVisible()
		await dialog.getByLabel('CSV files').setInputFiles(NOTES_TXT)
		await expect(dialog.getByText('Only CSV files are supported')).toBeVisible()
		await dialog.getByLabel('CSV files').setInputFiles([TEAM_CSV, SPEAKERS_CSV])
		await expect(dialog.getByText('Only CSV files are supported')).toBeHidden()
		await expect(dialog.getByRole('list', { name: 'Chosen files' })).toContainText('team.csv')
		await expect(dialog.getByRole('list', { name: 'Chosen files' })).toContainText('speakers.csv')
		await shot(page, 'dialog-step-2-files')
		await finish(dialog)
		// EXTRACTION: both files give leads; the first one's review opens, the other waits on Imports.
		await expect(page).toHaveURL(REVIEW_URL, { timeout: 20_000 })
		const leads = await reviewLeads(page.request, queueIdOf(page))
		expect(leads.map((lead) => lead.email).sort()).toEqual(['ada@engines.example', 'charles@engines.example'])
		await page.goto('/imports')
		const active = page.getByRole('list', { name: 'Active lead imports' })
		await expect(active.getByTestId('active-lead-import')).toHaveCount(2)
		await expect(active.getByRole('link', { name: 'Review speakers.csv' })).toBeVisible()
		await shot(page, 'imports-lead-imports', true)
	})

	test('a link: "No link pasted", the invalid-URL message, then a team page’s people', async ({ page }) => {
		await signIn(page)
		// The Contacts page has the dialog too.
		const dialog = await openDialog(page, '/contacts')
		await chooseSource(dialog, 'Scrape link')
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText('No link pasted')).toBeVisible()
		await dialog.getByRole('textbox', { name: /^Link(?!edIn)/ }).fill('not a link')
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText('Invalid URL. Please enter a valid URL.')).toBeVisible()
		await dialog.getByRole('textbox', { name: /^Link(?!edIn)/ }).fill(TEAM_PAGE.url)
		await finish(dialog)
		// EXTRACTION: the page's people reach the review.
		await expect(page).toHaveURL(REVIEW_URL, { timeout: 30_000 })
		const leads = await reviewLeads(page.request, queueIdOf(page))
		expect(leads.map((lead) => `${lead.firstName} ${lead.lastName}`).sort()).toEqual(
			TEAM_PAGE.people.map((person) => `${person.firstName} ${person.lastName}`).sort(),
		)
	})

	test('Scrape link sends a LinkedIn link where it can be read', async ({ page }) => {
		await signIn(page)
		const dialog = await openDialog(page)
		await chooseSource(dialog, 'Scrape link')
		const link = dialog.getByRole('textbox', { name: /^Link(?!edIn)/ })
		await link.fill('https://www.linkedin.com/posts/ada_engines-activity-7250000000000000000-abcd')
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText(LEAD_IMPORT_MESSAGES.linkedInPostAsLink)).toBeVisible()
		await link.fill('https://www.linkedin.com/search/results/people/?keywords=cto')
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText(LEAD_IMPORT_MESSAGES.linkedInPageAsLink)).toBeVisible()
	})

	test('Cancel Import stops an import that is reading a slow page', async ({ page }) => {
		await signIn(page)
		const dialog = await openDialog(page)
		await chooseSource(dialog, 'Scrape link')
		await dialog.getByRole('textbox', { name: /^Link(?!edIn)/ }).fill(TEAM_PAGE.heldUrl)
		await finish(dialog)
		const card = page.getByTestId('lead-import-progress')
		// The job reads a page that does not answer: it runs until Cancel aborts the read.
		await expect(
			card.getByRole('heading', { name: `Importing Leads from ${TEAM_PAGE.heldUrl}` }),
		).toBeVisible()
		await expect(card.getByTestId('lead-import-status')).toHaveText(
			/Pending|Starting\.\.\.|Processing contents\.\.\./,
		)
		await expect(card).toContainText(/Processed: \d+ \/ \d+/)
		await expect(card).toContainText(/\d+%/)
		await shot(page, 'dialog-progress-link')
		await card.getByRole('button', { name: 'Cancel Import' }).click()
		await expect(card.getByText('Import cancelled')).toBeVisible({ timeout: 20_000 })
		await expect(page).not.toHaveURL(REVIEW_URL)
		await page.keyboard.press('Escape')
		await page.goto('/imports')
		await expect(page.getByRole('table', { name: 'Lead import history' })).toContainText('Import cancelled')
		await shot(page, 'imports-lead-history', true)
	})
})

test.describe('Lead scraper without JavaScript', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })

	test('a plain text through the plain form: its message, then the review', async ({ page }) => {
		await signIn(page)
		await page.goto('/imports')
		await page.getByRole('link', { name: 'Scrape leads' }).click()
		await expect(page).toHaveURL(/\/lead-scraper\/new\?from=%2Fimports$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Lead scraper' })).toBeVisible()
		await sourceRadio(page, 'Scrape a plain text').check()
		await page.getByRole('button', { name: 'Scrape', exact: true }).click()
		// Said at the top of the page it comes back to, and under the field.
		await expect(page.getByRole('alert')).toContainText('No text content provided')
		await expect(page.getByLabel('Text', { exact: true })).toHaveAttribute('aria-invalid', 'true')
		await shot(page, 'plain-form-refused')
		await sourceRadio(page, 'Scrape a plain text').check()
		await page.getByLabel('Text', { exact: true }).fill('Ada Lovelace, Chief Engineer at Analytical Engines')
		await page.getByRole('button', { name: 'Scrape', exact: true }).click()
		// EXTRACTION: through the progress page (or straight past it, the job is quick) to the review.
		await expect(page).toHaveURL(REVIEW_URL, { timeout: 20_000 })
		const leads = await reviewLeads(page.request, queueIdOf(page))
		expect(leads.map((lead) => `${lead.firstName} ${lead.lastName}`)).toEqual(['Ada Lovelace'])
	})

	test('a slow page: the progress page reloads itself, then goes to the review', async ({ page }) => {
		test.setTimeout(60_000)
		await signIn(page)
		await page.goto('/lead-scraper/new')
		await sourceRadio(page, 'Scrape link').check()
		await page.getByRole('textbox', { name: /^Link(?!edIn)/ }).fill(TEAM_PAGE.slowUrl)
		await page.getByRole('button', { name: 'Scrape', exact: true }).click()
		await expect(page).toHaveURL(/\/lead-scraper\/progress\?id=/)
		await expect(page.getByRole('heading', { level: 1, name: 'Parsing Leads' })).toBeVisible()
		await expect(
			page.getByRole('heading', { name: `Importing Leads from ${TEAM_PAGE.slowUrl}` }),
		).toBeVisible()
		await expect(page.getByText(/Processed: \d+ \/ \d+/)).toBeVisible()
		await shot(page, 'plain-progress')
		// <noscript><meta http-equiv="refresh">: no script, yet the page gets to the review by itself.
		await expect(page).toHaveURL(REVIEW_URL, { timeout: 30_000 })
		expect(await reviewLeads(page.request, queueIdOf(page))).toHaveLength(TEAM_PAGE.people.length)
	})

	test('Cancel Import is a plain form', async ({ page }) => {
		await signIn(page)
		await page.goto('/lead-scraper/new')
		await sourceRadio(page, 'Scrape link').check()
		await page.getByRole('textbox', { name: /^Link(?!edIn)/ }).fill(TEAM_PAGE.heldUrl)
		await page.getByRole('button', { name: 'Scrape', exact: true }).click()
		await page.getByRole('button', { name: 'Cancel Import' }).click()
		await expect(page).toHaveURL(/\/lead-scraper\/progress\?id=/)
		await expect(page.getByText('Import cancelled')).toBeVisible({ timeout: 20_000 })
	})

	test('Cancel is a link back to where the scraper was opened', async ({ page }) => {
		await signIn(page)
		await page.goto('/contacts')
		await page.getByRole('link', { name: 'Scrape leads' }).click()
		await page.getByRole('link', { name: 'Cancel' }).click()
		await expect(page).toHaveURL(/\/contacts$/)
	})
})

test.describe('the LinkedIn post without the companion', () => {
	test('Chromium without the extension: install it, with the Install link', async ({ page }) => {
		await signIn(page)
		const dialog = await openDialog(page)
		await chooseSource(dialog, 'Scrape a linkedin post')
		const notice = dialog
			.getByRole('alert')
			.filter({ hasText: 'To use this feature, you need to install our Chrome extension' })
		await expect(notice).toBeVisible()
		await expect(notice.getByRole('link', { name: 'Install' })).toHaveAttribute('href', '/companion')
		await dialog.getByLabel('LinkedIn post link').fill('https://www.linkedin.com/in/ada')
		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText('The link is not a LinkedIn post, use the link scraper')).toBeVisible()
	})

	test.describe('another browser', () => {
		test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' })

		test('is told to use Chrome', async ({ page }) => {
			await signIn(page)
			const dialog = await openDialog(page)
			await chooseSource(dialog, 'Scrape a linkedin post')
			await expect(
				dialog.getByText('Please use the Chrome browser to authenticate with LinkedIn'),
			).toBeVisible()
		})
	})
})

// ---- the real companion against the fake LinkedIn (as linkedin-companion.spec.ts loads it) ----

type Fake = Awaited<ReturnType<typeof startFakeLinkedIn>>

const companionTest = test.extend<
	{ context: BrowserContext; page: Page },
	{ linkedin: Fake; extensionDir: string }
>({
	linkedin: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names
		async ({}, provide) => {
			const fake = await startFakeLinkedIn({
				accounts: [{ username: 'ada-lovelace', firstName: 'Ada', lastName: 'Lovelace' }],
			})
			await provide(fake)
			await fake.close()
		},
		{ scope: 'worker' },
	],
	extensionDir: [
		async ({ linkedin }, provide) => {
			const built = await buildExtension({
				appUrl: APP_URL,
				linkedinUrl: linkedin.baseUrl,
				pollSeconds: 60,
				outDir: path.resolve('build/extension-e2e-leads'),
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
			viewport: { width: 1280, height: 900 },
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
	page: async ({ context }, provide) => {
		await provide(context.pages()[0] ?? (await context.newPage()))
	},
})

async function logInToLinkedIn(context: BrowserContext, linkedin: Fake) {
	const { liAt, jsessionId } = linkedin.credentials('ada-lovelace')
	const url = new URL(linkedin.baseUrl)
	await context.addCookies([
		{ name: 'li_at', value: liAt, domain: url.hostname, path: '/', sameSite: 'Lax', httpOnly: true },
		{ name: 'JSESSIONID', value: `"${jsessionId}"`, domain: url.hostname, path: '/', sameSite: 'Lax' },
	])
}

/** A post with `comments` commenters and `reactions` reactors, each a new member of the fake. */
function seedPost(linkedin: Fake, { comments, reactions }: { comments: number; reactions: number }) {
	const stamp = Date.now().toString(36)
	const person = (kind: string, index: number) => {
		const username = `${kind}-${index}-${stamp}`
		linkedin.addPerson({
			username,
			firstName: `${kind === 'c' ? 'Commenter' : 'Reactor'}${index}`,
			lastName: 'Person',
			headline: `${kind === 'c' ? 'Engineer' : 'Designer'} at Acme`,
		})
		return username
	}
	const commenters = Array.from({ length: comments }, (_, index) => person('c', index + 1))
	const reactors = Array.from({ length: reactions }, (_, index) => person('r', index + 1))
	const post = linkedin.addPost({
		author: 'ada-lovelace',
		text: 'We are hiring engineers for the Analytical Engine.',
		comments: commenters.map((username) => ({ username, text: 'Great news!' })),
		reactions: reactors.map((username) => ({ username })),
	})
	return { post, commenters, reactors }
}

companionTest.describe('the LinkedIn post through the companion', () => {
	companionTest.describe.configure({ timeout: 60_000 })

	companionTest(
		'the people within the sliders’ ranges reach the review',
		async ({ context, page, linkedin }) => {
			await logInToLinkedIn(context, linkedin)
			await signIn(page)
			const { post } = seedPost(linkedin, { comments: 4, reactions: 5 })
			const dialog = await openDialog(page)
			await chooseSource(dialog, 'Scrape a linkedin post')
			await dialog.getByLabel('LinkedIn post link').fill(post.url)
			await dialog.getByLabel('People to import').selectOption('all')
			// Comments 2–3 and reactions 0–4: the 2nd and 3rd commenters and the first four reactors.
			await dialog.getByLabel('Comments from').fill('2')
			await dialog.getByLabel('Comments to').fill('3')
			await dialog.getByLabel('Reactions from').fill('0')
			await dialog.getByLabel('Reactions to').fill('4')
			await expect(dialog.getByText('From the 2nd to the 3rd comment')).toBeVisible()
			await shot(page, 'dialog-step-2-post')
			await finish(dialog, 'Everyone')
			await expect(page).toHaveURL(REVIEW_URL, { timeout: 20_000 })
			const leads = await reviewLeads(page.request, queueIdOf(page))
			expect(leads.map((lead) => lead.firstName).sort()).toEqual([
				'Commenter2',
				'Commenter3',
				'Reactor1',
				'Reactor2',
				'Reactor3',
				'Reactor4',
			])
			// The companion read only up to the upper ends: 3 comments, 4 reactions.
			const reads = linkedin.received.filter((request) => /\/feed\/(comments|reactions)/.test(request.path))
			expect(reads.length).toBeGreaterThan(0)
			expect(reads.every((request) => Number(request.query.count) <= 4)).toBe(true)
		},
	)

	companionTest(
		'only comments; and without a LinkedIn session, connect your LinkedIn account',
		async ({ context, page, linkedin }) => {
			await signIn(page)
			const { post } = seedPost(linkedin, { comments: 2, reactions: 2 })
			const dialog = await openDialog(page)
			await chooseSource(dialog, 'Scrape a linkedin post')
			// The companion answers but sees no LinkedIn session in this browser.
			await expect(dialog.getByText('Please connect your LinkedIn account to use this feature')).toBeVisible()
			await dialog.getByLabel('LinkedIn post link').fill(post.url)
			await finish(dialog)
			// Step 3 says it again when the companion refuses the post.
			await expect(
				dialog
					.getByRole('alert')
					.filter({ hasText: 'Please connect your LinkedIn account to use this feature' }),
			).toBeVisible()
			await shot(page, 'dialog-post-not-connected')

			await logInToLinkedIn(context, linkedin)
			await dialog.getByRole('button', { name: 'Back' }).click()
			await dialog.getByLabel('People to import').selectOption('comments')
			await dialog.getByLabel('Comments from').fill('0')
			await finish(dialog)
			await expect(page).toHaveURL(REVIEW_URL, { timeout: 20_000 })
			const leads = await reviewLeads(page.request, queueIdOf(page))
			expect(leads.map((lead) => lead.firstName).sort()).toEqual(['Commenter1', 'Commenter2'])
		},
	)
})
