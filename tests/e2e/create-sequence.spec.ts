import { expect, test, type Locator, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, type SeededContact } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The manual Create Email Sequence dialog from the contact detail dialog: the rate-limit
// information, steps and their timing rules, the subject on the first step only, the rich-text
// editor's https-only links, the assistant panel, "Sequence created" — the Google permissions
// dialog on a missing grant — and the same form without JavaScript.

let db: pg.Client

test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db?.end()
})

async function openCreateDialog(page: Page, contact: SeededContact) {
	await page.goto('/contacts')
	// The row opens a dialog once the page is hydrated; a click before that is lost on a busy machine.
	await page.waitForLoadState('networkidle')
	await page
		.getByRole('table', { name: 'Contacts' })
		.getByRole('link', { name: `${contact.firstName} ${contact.lastName}` })
		.click()
	const detail = page.getByRole('dialog', { name: `${contact.firstName} ${contact.lastName}` })
	await detail.getByRole('button', { name: 'Generate Sequence' }).click()
	await page
		.getByRole('dialog', { name: 'Generate Sequence' })
		.getByRole('button', { name: 'Switch to Manual' })
		.click()
}

function step(dialog: Locator, number: number) {
	return dialog.getByRole('listitem', { name: `Step ${number}` })
}

function daysInput(card: Locator) {
	return card.getByRole('spinbutton')
}

function editor(card: Locator) {
	return card.getByRole('textbox', { name: 'Email body' })
}

async function contactSequences(page: Page, contactId: string) {
	const response = await page.request.get(`/api/v1/contacts/${contactId}/sequences?steps=true`)
	expect(response.ok()).toBe(true)
	return (await response.json()) as Array<{
		status: string
		subject: string
		emailSteps: Array<{ order: number; daysAfter: number; subject: string; body: string }>
	}>
}

test('create a sequence by hand from the contact dialog', async ({ page }) => {
	const email = await signIn(page)
	const contact = await seedContact(page.request)
	await openCreateDialog(page, contact)

	// The rate-limit information comes first, once.
	const limits = page.getByRole('dialog', { name: 'Rate limits' })
	await expect(limits).toBeVisible()
	await expect(limits.getByText('Each mailbox starts at 50 emails per day')).toBeVisible()
	await expect(limits.getByText('At most 100 per week, and 12 per day to new connections.')).toBeVisible()
	await expect(limits.getByText(/only 5 connection requests with a note per month/)).toBeVisible()
	await limits.getByLabel("Don't show this again").check()
	await limits.getByRole('button', { name: 'Got it' }).click()

	const dialog = page.getByRole('dialog', { name: 'Create Email Sequence' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByTestId('sequence-to')).toHaveText(
		`${contact.firstName} ${contact.lastName} <${contact.email}>`,
	)
	await expect(dialog.getByLabel('From')).toHaveValue(/.+/)
	await expect(dialog.getByLabel('From').locator('option:checked')).toHaveText(email.toLowerCase())

	// One empty step on day 0: it cannot be removed or go below 0; the subject is on it.
	const first = step(dialog, 1)
	await expect(daysInput(first)).toHaveValue('0')
	await expect(first.getByText('Immediately')).toBeVisible()
	await expect(first.getByRole('button', { name: 'Fewer days for step 1' })).toBeDisabled()
	await expect(first.getByRole('button', { name: 'Remove step 1' })).toBeDisabled()
	await expect(first.getByLabel('Subject')).toBeVisible()

	// Add Step: 3 days after the last; later steps have no subject of their own.
	await dialog.getByRole('button', { name: 'Add Step' }).click()
	const second = step(dialog, 2)
	await expect(daysInput(second)).toHaveValue('3')
	await expect(second.getByLabel('Subject')).toHaveCount(0)
	await first.getByLabel('Subject').fill('Quick question')
	await expect(second.getByText('Re: Quick question')).toBeVisible()
	await expect(first.getByRole('button', { name: 'Remove step 1' })).toBeEnabled()

	// A later step never goes below the previous step + 1 …
	const fewer = second.getByRole('button', { name: 'Fewer days for step 2' })
	await fewer.click()
	await fewer.click()
	await expect(daysInput(second)).toHaveValue('1')
	await expect(fewer).toBeDisabled()
	// … and moving an earlier step carries it along.
	await first.getByRole('button', { name: 'More days for step 1' }).click()
	await first.getByRole('button', { name: 'More days for step 1' }).click()
	await expect(daysInput(first)).toHaveValue('2')
	await expect(daysInput(second)).toHaveValue('3')
	// Typing below the minimum is raised to it when the field is left.
	await daysInput(second).fill('1')
	await daysInput(second).blur()
	await expect(daysInput(second)).toHaveValue('3')

	// Add a third step, then remove it again.
	await dialog.getByRole('button', { name: 'Add Step' }).click()
	await expect(daysInput(step(dialog, 3))).toHaveValue('6')
	await step(dialog, 3).getByRole('button', { name: 'Remove step 3' }).click()
	await expect(step(dialog, 3)).toHaveCount(0)

	// Empty bodies are refused with the spec's message.
	await dialog.getByRole('button', { name: 'Create sequence' }).click()
	await expect(dialog.getByText('Email body is required')).toHaveCount(2)

	// The editor: bold text, and only https links.
	await editor(first).click()
	await page.keyboard.type('Hi Ada, ')
	await first.getByRole('button', { name: 'Bold' }).click()
	await page.keyboard.type('quick question')
	await first.getByRole('button', { name: 'Bold' }).click()
	await page.keyboard.type(' about our pricing page.')
	await expect(editor(first).locator('strong', { hasText: 'quick question' })).toBeVisible()
	await editor(first).getByText('pricing page').dblclick()
	await first.getByRole('button', { name: 'Insert link' }).click()
	const linkUrl = page.getByLabel('Link URL')
	await linkUrl.fill('http://example.com/pricing')
	await page.getByRole('button', { name: 'Save link' }).click()
	await expect(
		page.getByRole('alert').getByText('Only secure links are allowed: the URL must start with https://'),
	).toBeVisible()
	await expect(editor(first).locator('a')).toHaveCount(0)
	await linkUrl.fill('https://example.com/pricing')
	await linkUrl.press('Enter')
	await expect(editor(first).locator('a[href="https://example.com/pricing"]')).toBeVisible()
	// An edited link with an empty URL is removed.
	await editor(first).locator('a').click()
	await first.getByRole('button', { name: 'Edit link' }).click()
	await expect(linkUrl).toHaveValue('https://example.com/pricing')
	await linkUrl.fill('')
	await page.getByRole('button', { name: 'Save link' }).click()
	await expect(editor(first).locator('a')).toHaveCount(0)
	await expect(editor(first)).toContainText('about our pricing page.')
	await editor(second).click()
	await page.keyboard.type('Just following up on my last email.')
	await expect(dialog.getByText('Email body is required')).toHaveCount(0)

	await dialog.getByRole('button', { name: 'Create sequence' }).click()
	await expect(page.getByText('Sequence created')).toBeVisible()
	await expect(dialog).toBeHidden()

	const [sequence, ...others] = await contactSequences(page, contact.id)
	expect(others).toHaveLength(0)
	expect(sequence).toMatchObject({ status: 'PENDING', subject: 'Quick question' })
	expect(
		sequence!.emailSteps.map(({ order, daysAfter, subject }) => ({ order, daysAfter, subject })),
	).toEqual([
		{ order: 1, daysAfter: 2, subject: 'Quick question' },
		{ order: 2, daysAfter: 3, subject: 'Quick question' },
	])
	expect(sequence!.emailSteps[0]!.body).toBe(
		'<p>Hi Ada, <strong>quick question</strong> about our pricing page.</p>',
	)

	// The second time the rate-limit information stays away; the (i) button still shows it.
	await page
		.getByRole('dialog', { name: `${contact.firstName} ${contact.lastName}` })
		.getByRole('button', { name: 'Generate Sequence' })
		.click()
	await page
		.getByRole('dialog', { name: 'Generate Sequence' })
		.getByRole('button', { name: 'Switch to Manual' })
		.click()
	await expect(dialog).toBeVisible()
	await expect(limits).toBeHidden()
	await dialog.getByRole('button', { name: 'Rate limits' }).click()
	await expect(limits).toBeVisible()
	await expect(limits.getByLabel("Don't show this again")).toBeChecked()
})

test('the assistant panel: Modify needs an instruction, applies the answer by position, reports failures', async ({
	page,
}) => {
	await signIn(page)
	const contact = await seedContact(page.request)
	await page.goto('/contacts')
	// The row opens a dialog once the page is hydrated; a click before that is lost on a busy machine.
	await page.waitForLoadState('networkidle')
	await page.evaluate(() => localStorage.setItem('reachout:rate-limit-info-dismissed', 'true'))
	await openCreateDialog(page, contact)
	const dialog = page.getByRole('dialog', { name: 'Create Email Sequence' })
	await dialog.getByRole('button', { name: 'Add Step' }).click()

	const modify = dialog.getByRole('button', { name: 'Modify' })
	await expect(modify).toBeDisabled()
	for (const hint of [
		'Make it more casual',
		'Focus on scheduling a call',
		'Add more social proof',
		'Shorten the follow-ups',
	]) {
		await expect(dialog.getByRole('button', { name: hint })).toBeVisible()
	}
	await dialog.getByRole('button', { name: 'Make it more casual' }).click()
	await expect(dialog.getByLabel('How should the sequence change?')).toHaveValue('Make it more casual')
	await expect(modify).toBeEnabled()

	let received: { prompt?: string; existingSequence?: unknown[] } = {}
	await page.route('**/api/sequences/modify', async (route) => {
		received = route.request().postDataJSON()
		await route.fulfill({ status: 503, json: { error: 'unavailable', message: 'The assistant is busy' } })
	})
	await modify.click()
	await expect(page.getByText('Failed to modify sequence')).toBeVisible()
	await expect(page.getByText('The assistant is busy')).toBeVisible()
	expect(received.prompt).toBe('Make it more casual')
	expect(received.existingSequence).toHaveLength(2)

	await page.unroute('**/api/sequences/modify')
	await page.route('**/api/sequences/modify', (route) =>
		route.fulfill({
			json: {
				steps: [
					{ subject: 'Coffee next week?', body: '<p>Hey Ada, <em>coffee</em>?</p>', daysAfter: 1 },
					{ subject: 'Ignored on follow-ups', body: '<p>Bumping this up.</p>', daysAfter: 4 },
				],
			},
		}),
	)
	await dialog.getByLabel('How should the sequence change?').fill('Shorter please')
	await dialog.getByLabel('How should the sequence change?').press('Enter')
	await expect(step(dialog, 1).getByLabel('Subject')).toHaveValue('Coffee next week?')
	await expect(editor(step(dialog, 1)).locator('em', { hasText: 'coffee' })).toBeVisible()
	await expect(editor(step(dialog, 2))).toHaveText('Bumping this up.')
	await expect(daysInput(step(dialog, 1))).toHaveValue('1')
	await expect(daysInput(step(dialog, 2))).toHaveValue('4')
	await expect(dialog.getByLabel('How should the sequence change?')).toHaveValue('')

	await dialog.getByRole('button', { name: 'Create sequence' }).click()
	await expect(page.getByText('Sequence created')).toBeVisible()
	const [sequence] = await contactSequences(page, contact.id)
	expect(sequence!.subject).toBe('Coffee next week?')
	expect(sequence!.emailSteps.map((emailStep) => emailStep.body)).toEqual([
		'<p>Hey Ada, <em>coffee</em>?</p>',
		'<p>Bumping this up.</p>',
	])
})

test('a missing Gmail grant opens "Additional permissions required"', async ({ page }) => {
	const email = await signIn(page)
	await db.query(`UPDATE "User" SET "shouldResetGmailScope" = true WHERE email = $1`, [email.toLowerCase()])
	const contact = await seedContact(page.request)
	await page.goto('/contacts')
	// The row opens a dialog once the page is hydrated; a click before that is lost on a busy machine.
	await page.waitForLoadState('networkidle')
	await page.evaluate(() => localStorage.setItem('reachout:rate-limit-info-dismissed', 'true'))
	await openCreateDialog(page, contact)
	const dialog = page.getByRole('dialog', { name: 'Create Email Sequence' })
	await step(dialog, 1).getByLabel('Subject').fill('Quick question')
	await editor(step(dialog, 1)).click()
	await page.keyboard.type('Hello Ada, this starts at once.')
	await dialog.getByRole('switch', { name: 'Start immediately' }).click()
	await dialog.getByRole('button', { name: 'Create sequence' }).click()

	const permissions = page.getByRole('dialog', { name: 'Additional permissions required' })
	await expect(permissions).toBeVisible()
	await expect(permissions.getByText(/needs access to your Gmail mailbox/)).toBeVisible()
	// This server has no Google sign-in configured, and says so.
	await expect(permissions.getByText(/Google sign-in is not configured on this server/)).toBeVisible()
	await expect(permissions.getByRole('button', { name: 'Allow Gmail Access' })).toBeDisabled()
	await permissions.getByRole('button', { name: 'Cancel' }).click()
	await expect(permissions).toBeHidden()
	await expect(dialog).toBeVisible()
	expect(await contactSequences(page, contact.id)).toEqual([])
})

test('Start immediately goes through the pre-flight check: with a problem the draft waits on its launch page', async ({
	page,
}) => {
	await signIn(page)
	const contact = await seedContact(page.request)
	await page.addInitScript(() => localStorage.setItem('reachout:rate-limit-info-dismissed', 'true'))
	await page.goto(`/contacts/${contact.id}/sequences/new`)
	await page.waitForLoadState('networkidle')
	const main = page.getByRole('main')
	await step(main, 1).getByLabel('Subject').fill('Quick question')
	await editor(step(main, 1)).click()
	// A placeholder nobody fills: the check's problem.
	await page.keyboard.type('Hello {{nickname}}, this starts at once.')
	await main.getByRole('switch', { name: 'Start immediately' }).click()
	await main.getByRole('button', { name: 'Create sequence' }).click()

	await expect(page).toHaveURL(/\/sequences\/[^/]+\/launch$/)
	await expect(page.getByText('Saved as a draft: the pre-flight check found problems')).toBeVisible()
	await expect(
		page
			.getByRole('list', { name: 'Problems' })
			.getByText(/nickname/)
			.first(),
	).toBeVisible()
	const [sequence] = await contactSequences(page, contact.id)
	expect(sequence!.status).toBe('PENDING')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the page form: add a step, then create', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		await page.goto(`/contacts/${contact.id}/sequences/new`)
		await expect(page.getByRole('heading', { level: 1, name: 'Create Email Sequence' })).toBeVisible()
		const main = page.getByRole('main')
		await step(main, 1).getByLabel('Subject').fill('Plain and simple')
		await editor(step(main, 1)).fill('Hi Ada,\n\nNo scripts needed.')
		await main.getByRole('button', { name: 'Add Step' }).click()

		await expect(daysInput(step(main, 2))).toHaveValue('3')
		await expect(step(main, 1).getByLabel('Subject')).toHaveValue('Plain and simple')
		await expect(editor(step(main, 1))).toHaveValue('Hi Ada,\n\nNo scripts needed.')
		await editor(step(main, 2)).fill('Following up.')
		await main.getByRole('button', { name: 'Create sequence' }).click()

		await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`))
		const [sequence] = await contactSequences(page, contact.id)
		expect(sequence).toMatchObject({ status: 'PENDING', subject: 'Plain and simple' })
		expect(sequence!.emailSteps.map((emailStep) => [emailStep.daysAfter, emailStep.body])).toEqual([
			[0, '<p>Hi Ada,</p><p>No scripts needed.</p>'],
			[3, '<p>Following up.</p>'],
		])
	})
})
