import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Cookie, type Page } from '@playwright/test'
import { signIn, uniqueEmail } from './utils.ts'

// axe on every page of the app (issue 19, item 9): one organization seeded with one of everything
// (the reliability sweeps' fixtures), then each page route — and the dialogs that are pages — visited
// and checked for serious or critical violations. A new page route must be added to PAGES.

const SHOTS = '/tmp/shots-accessibility'
mkdirSync(SHOTS, { recursive: true })

type Ids = Awaited<ReturnType<typeof seed>>['ids']

async function seed(email: string) {
	// The fixtures write through Prisma to the e2e server's database (serve.ts names it by port).
	const { e2ePostgresName, startTestPostgres } = await import('#tests/setup/test-database.ts')
	const { databaseUrlFor } = await import('../../scripts/database/embedded-postgres.ts')
	const { serverUrl } = await startTestPostgres(e2ePostgresName())
	process.env.DATABASE_URL = databaseUrlFor(serverUrl, `reachout_e2e_${process.env.E2E_PORT ?? 3917}`)
	// The server's key (serve.ts): the fixtures encrypt secrets (a webhook's) that its pages decrypt.
	process.env.ENCRYPTION_KEY ??= 'a'.repeat(64)
	const { seedOrganization } = await import('#tests/reliability/org-fixtures.ts')
	return seedOrganization('axe', { email })
}

/** Serious and critical violations, one line each, so a failure says what and where. */
async function seriousViolations(page: Page) {
	// Frames are left out: the only one is an email's body (the outbox), untrusted HTML in an empty sandbox
	// where axe cannot run — not our markup to check. Legacy mode runs axe in the page alone (the default
	// walks every frame from Playwright and waits forever on the sandboxed one).
	const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false }).analyze()
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.flatMap((violation) =>
			violation.nodes.map(
				(node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary}`,
			),
		)
}

const PAGES: Array<{ name: string; path: (ids: Ids) => string }> = [
	{ name: 'contacts', path: () => '/contacts' },
	{ name: 'contacts-new', path: () => '/contacts/new' },
	{ name: 'contact', path: (ids) => `/contacts/${ids.contact}` },
	{ name: 'contact-edit', path: (ids) => `/contacts/${ids.contact}/edit` },
	{ name: 'contact-sequences', path: (ids) => `/contacts/${ids.contact}/sequences` },
	{ name: 'contact-sequences-generate', path: (ids) => `/contacts/${ids.contact}/sequences/generate` },
	{ name: 'contact-sequences-new', path: (ids) => `/contacts/${ids.contact}/sequences/new` },
	{ name: 'contacts-tag', path: (ids) => `/contacts/tag?ids=${ids.contact}` },
	{ name: 'companies', path: () => '/companies' },
	{ name: 'companies-new', path: () => '/companies/new' },
	{ name: 'company', path: (ids) => `/companies/${ids.company}` },
	{ name: 'company-find-leads', path: (ids) => `/companies/${ids.company}/find-leads` },
	{ name: 'lists', path: () => '/lists' },
	{ name: 'list', path: (ids) => `/lists/${ids.listSlug}` },
	{ name: 'campaigns', path: () => '/campaigns' },
	{ name: 'campaign', path: (ids) => `/campaigns/${ids.campaign}` },
	{ name: 'sequences', path: () => '/sequences' },
	{ name: 'sequence-drawer', path: (ids) => `/sequences/${ids.sequence}` },
	{ name: 'generations-new', path: () => '/sequences/generations/new' },
	{ name: 'generation-run', path: (ids) => `/sequences/generations/${ids.generationRun}` },
	{ name: 'outbox', path: () => '/outbox' },
	{ name: 'outbox-message', path: (ids) => `/outbox?message=${ids.outboxMessage}` },
	{ name: 'imports', path: () => '/imports' },
	{ name: 'imports-text', path: () => '/imports?tab=text' },
	{ name: 'company-import', path: (ids) => `/imports/companies/${ids.companyImport}` },
	{ name: 'lead-scraper-new', path: () => '/lead-scraper/new' },
	{
		name: 'lead-scraper-progress',
		path: (ids) => `/lead-scraper/progress?id=${ids.leadImportQueue}&dialog=1`,
	},
	{ name: 'lead-scraper-review', path: (ids) => `/lead-scraper/${ids.leadImportQueue}` },
	{ name: 'contact-search-bulk', path: (ids) => `/contact-search/bulk?companyId=${ids.company}` },
	{ name: 'contact-search', path: (ids) => `/contact-search/${ids.contactSearch}` },
	{ name: 'calls', path: () => '/calls' },
	{ name: 'companion', path: () => '/companion' },
	{ name: 'feedback', path: () => '/feedback' },
	{ name: 'invitations', path: () => '/invitations' },
	{ name: 'settings', path: () => '/settings' },
	{ name: 'settings-sending', path: () => '/settings/sending' },
	{ name: 'settings-linkedin', path: () => '/settings/linkedin' },
	{ name: 'settings-test-email', path: () => '/settings/test-email' },
	{ name: 'settings-api-tokens', path: () => '/settings/api-tokens' },
	{ name: 'settings-webhooks', path: () => '/settings/webhooks' },
	{ name: 'analytics', path: () => '/analytics' },
	{ name: 'tasks', path: () => '/tasks' },
	{ name: 'settings-replies', path: () => '/settings/replies' },
	{ name: 'not-found', path: () => '/no-such-page' },
]

async function waitForHydration(page: Page) {
	// The layout's "Help us improve" becomes a button (a link without JavaScript) once React runs;
	// hidden from the accessibility tree while a modal (the drawer) is open, so looked up with the hidden.
	await expect(
		page.getByRole('button', { name: 'Help us improve', includeHidden: true }).first(),
	).toBeAttached()
}

test.describe('axe on every page', () => {
	let ids: Ids
	let cookies: Cookie[]
	test.beforeAll(async ({ browser }) => {
		const email = uniqueEmail('axe')
		ids = (await seed(email)).ids
		// One sign-in for all pages: sign-ins per email are rate limited (10 in 10 minutes).
		const context = await browser.newContext()
		await signIn(await context.newPage(), email)
		cookies = await context.cookies()
		await context.close()
	})

	for (const { name, path } of PAGES) {
		test(`${name}: no serious or critical violations`, async ({ page }) => {
			await page.setViewportSize({ width: 1280, height: 800 })
			await page.context().addCookies(cookies)
			const response = await page.goto(path(ids))
			expect(response?.status()).toBeLessThan(name === 'not-found' ? 500 : 400)
			if (name !== 'not-found') await waitForHydration(page)
			await page.screenshot({ path: `${SHOTS}/${name}.png` })
			expect(await seriousViolations(page)).toEqual([])
		})
	}

	test('the Add Contact, contact and feedback dialogs', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 })
		await page.context().addCookies(cookies)
		await page.goto('/contacts')
		await waitForHydration(page)
		const dialogs = [
			() => page.getByRole('main').getByRole('button', { name: 'Add Contact' }).first().click(),
			// The first row's name (the header's sort links come before it).
			() =>
				page
					.getByRole('table', { name: 'Contacts' })
					.getByRole('row')
					.nth(1)
					.getByRole('link')
					.first()
					.click(),
			() => page.getByRole('button', { name: 'Help us improve' }).first().click(),
		]
		for (const [index, open] of dialogs.entries()) {
			await open()
			await expect(page.getByRole('dialog')).toBeVisible()
			await page.waitForTimeout(400) // the open animation: colours are measured at rest
			await page.screenshot({ path: `${SHOTS}/dialog-${index}.png` })
			expect(await seriousViolations(page)).toEqual([])
			await page.keyboard.press('Escape')
			await expect(page.getByRole('dialog')).toHaveCount(0)
		}
	})
})

test.describe('axe on the signed-out pages', () => {
	for (const path of [
		'/login',
		'/invitations/not-a-token',
		'/unsubscribe/not-a-token',
		'/verify-sender/not-a-token',
		'/no-such-page',
	]) {
		test(`${path}: no serious or critical violations`, async ({ page }) => {
			await page.setViewportSize({ width: 1280, height: 800 })
			await page.goto(path)
			await page.waitForLoadState('load')
			expect(await seriousViolations(page)).toEqual([])
		})
	}

	test('the admin area, for a platform administrator', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 })
		await signIn(page, uniqueEmail('admin').replace('example.com', 'reachout-admin.test'))
		for (const path of ['/admin', '/admin/campaigns', '/admin/audit']) {
			expect((await page.goto(path))?.status(), path).toBe(200)
			await waitForHydration(page)
			expect(await seriousViolations(page), path).toEqual([])
		}
	})
})
