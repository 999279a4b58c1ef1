import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sequenceStates } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Keyboard and no-JavaScript details (issue 19, item 9): focus goes back to what opened a dialog or
// the drawer; no invisible tab stop; the Company picker's search box shows focus; the drawer's
// timestamps are readable; headings never skip a level; and, without JavaScript, a refused contact
// form keeps its company and tags, a tag created on the tag page comes back ticked, and "Rate limits"
// shows the limits.

const SHOTS = '/tmp/shots-keyboard'
mkdirSync(SHOTS, { recursive: true })

let client: pg.Client
test.beforeAll(async () => {
	client = await connectDatabase()
})
test.afterAll(async () => {
	await client?.end()
})

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
	const response = await request.post(path, { data })
	if (!response.ok()) throw new Error(`${path} → ${response.status()} ${await response.text()}`)
	return (await response.json()) as T
}

async function waitForHydration(page: Page) {
	// "Help us improve" is a link until React runs (hidden from the tree under a modal: includeHidden).
	await expect(
		page.getByRole('button', { name: 'Help us improve', includeHidden: true }).first(),
	).toBeAttached()
}

/** The focused element's outline or box shadow, or its parent's (a row around a bare input). */
function hasFocusIndicator(locator: Locator) {
	return locator.evaluate((element) => {
		function visible(node: Element | null) {
			if (!node) return false
			const style = getComputedStyle(node)
			const outline =
				style.outlineStyle !== 'none' &&
				parseFloat(style.outlineWidth) > 0 &&
				!/rgba\(.*,\s*0\)|transparent/.test(style.outlineColor)
			return outline || style.boxShadow !== 'none'
		}
		return visible(element) || visible(element.parentElement)
	})
}

/** Heading levels in document order, of the headings a reader meets (hidden ones left out). */
function headingLevels(page: Page) {
	return page
		.locator('h1, h2, h3, h4, h5, h6')
		.evaluateAll((headings) =>
			headings
				.filter((heading) => heading.getClientRects().length > 0)
				.map((heading) => ({ level: Number(heading.tagName[1]), text: heading.textContent?.trim() ?? '' })),
		)
}

function skippedLevels(levels: Array<{ level: number; text: string }>) {
	const skips: string[] = []
	if (levels[0]?.level !== 1) skips.push(`first heading is not an h1: ${JSON.stringify(levels[0])}`)
	for (let index = 1; index < levels.length; index++) {
		const { level, text } = levels[index]!
		const previous = levels[index - 1]!.level
		if (level > previous + 1) skips.push(`h${previous} → h${level} "${text}"`)
	}
	return skips
}

test.describe('Keyboard', () => {
	test('closing a dialog gives focus back to the control that opened it', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		await page.goto('/contacts')
		await waitForHydration(page)

		// A button that opens a dialog by state (no Radix trigger): Add Contact, closed by Escape.
		const add = page.getByRole('main').getByRole('button', { name: 'Add Contact' }).first()
		await add.focus()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog', { name: 'Add Contact' })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(add).toBeFocused()

		// A row's name opens the contact's dialog; its close button.
		const name = page.getByRole('link', { name: `${contact.firstName} ${contact.lastName}` })
		await name.focus()
		await page.keyboard.press('Enter')
		const detail = page.getByRole('dialog')
		await expect(detail).toBeVisible()
		await detail.getByRole('button', { name: 'Close' }).first().click()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(name).toBeFocused()

		// The dialog stack: Help us improve.
		const help = page.getByRole('button', { name: 'Help us improve' })
		await help.focus()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog')).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(help).toBeFocused()
	})

	test('closing the sequence drawer gives focus back to its row', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id)
		await page.goto('/sequences')
		await waitForHydration(page)
		const row = page
			.getByRole('table', { name: 'Sequences' })
			.getByRole('link', { name: `${contact.firstName} ${contact.lastName}` })

		for (const close of ['Escape', 'Close'] as const) {
			await row.focus()
			await page.keyboard.press('Enter')
			const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
			await expect(drawer).toHaveAttribute('data-hydrated', 'true')
			await expect(page).toHaveURL(new RegExp(`/sequences/${sequence.id}$`))
			if (close === 'Escape') await page.keyboard.press('Escape')
			else await drawer.getByRole('link', { name: 'Close' }).click()
			await expect(page).toHaveURL(/\/sequences$/)
			await expect(page.getByRole('dialog')).toHaveCount(0)
			await expect(row).toBeFocused()
		}
	})

	test('every tab stop of the contacts toolbar can be seen (no hidden Apply)', async ({ page }) => {
		await signIn(page)
		await seedContact(page.request)
		await page.goto('/contacts')
		await waitForHydration(page)
		const direction = page.getByRole('combobox', { name: 'Sort direction' })
		await direction.focus()
		await page.keyboard.press('Tab')
		const next = await page.evaluate(() => {
			const element = document.activeElement as HTMLElement
			const box = element.getBoundingClientRect()
			return { text: element.textContent?.trim() ?? '', width: box.width, height: box.height }
		})
		expect(next.text).not.toBe('Apply')
		expect(next.width).toBeGreaterThan(4)
		expect(next.height).toBeGreaterThan(4)
		// Enter in the search box still applies the filter.
		const search = page.getByRole('searchbox', { name: 'Search contacts' })
		await search.fill('lovelace')
		await search.press('Enter')
		await expect(page).toHaveURL(/search=lovelace/)
	})

	test('the Company picker’s search box shows that it has focus', async ({ page }) => {
		await signIn(page)
		await seedContact(page.request)
		await page.goto('/contacts/new')
		await waitForHydration(page)
		await page.getByRole('combobox', { name: 'Company' }).click()
		const search = page.getByRole('combobox', { name: 'Search companies' })
		await expect(search).toBeFocused()
		expect(await hasFocusIndicator(search)).toBe(true)
		await page.screenshot({ path: `${SHOTS}/company-picker-focus.png` })
	})

	test('the drawer’s conversation (message times included) has enough contrast', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id)
		const states = sequenceStates(client)
		await states.setSequence(sequence.id, 'PAUSED')
		await states.setEmailStep(sequence.emailSteps[0]!.id, 'REPLIED')
		await states.addReply(sequence.id, sequence.emailSteps[0]!.id, contact.email, 'Tuesday works.')
		await page.goto(`/sequences/${sequence.id}`)
		const conversation = page.getByRole('region', { name: 'Conversation' })
		await expect(conversation.locator('time')).toHaveCount(2)
		await page.waitForTimeout(600) // the drawer's slide-in: contrast is measured on the final colours
		await page.screenshot({ path: `${SHOTS}/drawer-conversation.png` })
		const results = await new AxeBuilder({ page })
			.include('section[aria-label="Conversation"]')
			.withRules(['color-contrast'])
			.analyze()
		expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target))).toEqual([])
	})

	test('/settings and /outbox never skip a heading level', async ({ page }) => {
		await signIn(page)
		for (const path of ['/settings', '/outbox']) {
			await page.goto(path)
			await waitForHydration(page)
			expect(skippedLevels(await headingLevels(page))).toEqual([])
		}
	})
})

test.describe('Without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a refused Add Contact form keeps the chosen company and tags', async ({ page }) => {
		await signIn(page)
		const company = await postJson<{ id: string }>(page.request, '/api/v1/companies', {
			name: 'Zeta Widgets',
			description: 'Makes widgets',
		})
		await postJson(page.request, '/api/v1/companies', { name: 'Alpha Anvils', description: 'Anvils' })
		const tag = await postJson<{ id: string }>(page.request, '/api/v1/tags', { name: 'Warm lead' })
		await page.goto('/contacts/new')
		await page.getByLabel('First Name').fill('Grace')
		await page.getByLabel('Last Name').fill('Hopper')
		await page.getByRole('combobox', { name: 'Company' }).selectOption(company.id)
		await page.getByRole('listbox', { name: 'Tags' }).selectOption(tag.id)
		await page.getByLabel('Email').fill('grace@example.com')
		// Role is required: the server refuses the form.
		await page.getByRole('button', { name: 'Add Contact' }).click()
		await expect(page.getByText('Role is required').first()).toBeVisible()
		await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(company.id)
		await expect(page.getByRole('listbox', { name: 'Tags' })).toHaveValues([tag.id])
		await expect(page.getByLabel('First Name')).toHaveValue('Grace')
	})

	test('a tag created on the tag page comes back ticked, with the ticks made before', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		await postJson(page.request, '/api/v1/tags', { name: 'Early bird' })
		await page.goto(`/contacts/tag?ids=${contact.id}`)
		await page.getByRole('checkbox', { name: 'Select tag Early bird' }).check()
		await page.getByRole('textbox', { name: 'New tag name' }).fill('Fresh')
		await page.getByRole('button', { name: 'Create' }).click()
		await expect(page.locator('noscript [role="status"]')).toHaveText('Tag created successfully!')
		await expect(page.getByRole('checkbox', { name: 'Select tag Fresh' })).toBeChecked()
		await expect(page.getByRole('checkbox', { name: 'Select tag Early bird' })).toBeChecked()
		await page.getByRole('button', { name: 'Save contacts with tag' }).click()
		await expect(page).toHaveURL(/\/contacts$/)
		const row = page.getByRole('row').filter({ hasText: `${contact.firstName} ${contact.lastName}` })
		await expect(row.getByRole('list', { name: 'tags' })).toContainText('Early bird')
		await expect(row.getByRole('list', { name: 'tags' })).toContainText('Fresh')
	})

	test('"Rate limits" shows the limits', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		await page.goto(`/contacts/${contact.id}/sequences/new`)
		await expect(page.getByText('At most 100 per week')).toBeHidden()
		await page.getByTitle('Rate limits').click()
		await expect(page.getByText('At most 100 per week, and 12 per day to new connections.')).toBeVisible()
		await page.screenshot({ path: `${SHOTS}/rate-limits-no-js.png` })
	})
})
