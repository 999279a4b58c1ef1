import { expect, test, type Locator, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sequenceStates } from './sequence-fixtures.ts'
import { signIn, uniqueEmail } from './utils.ts'

// The sequence drawer: titles, header, step cards, timing, the editing rules, Add Step, delete
// (the last email step after a confirmation), tabs and the LinkedIn note, activation (and the
// Google permissions dialog), the conversation and LinkedIn reply views, CLICKED, the failure
// tooltip, the read-only admin view, the prompt box — and View Sequences from the contact dialog.

let client: pg.Client
let states: ReturnType<typeof sequenceStates>

test.beforeAll(async () => {
	client = await connectDatabase()
	states = sequenceStates(client)
})

test.afterAll(async () => {
	await client?.end()
})

function card(scope: Locator | Page, title: string, index = 0) {
	return scope.getByRole('article', { name: title, exact: true }).nth(index)
}

async function openDrawer(page: Page, sequenceId: string, title: string) {
	await page.goto(`/sequences/${sequenceId}`)
	const drawer = page.getByRole('dialog', { name: title })
	// Hydrated: from here on the controls act through fetchers, not as plain forms and links.
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	return drawer
}

test.describe('Sequence drawer', () => {
	test('a draft: header, cards, timing, subject for every step, Add Step, remove, activate', async ({
		page,
	}) => {
		const email = await signIn(page)
		const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/ada-lovelace' })
		const sequence = await seedSequence(page.request, contact.id, {
			steps: [{ daysAfter: 0 }, { daysAfter: 3 }],
		})

		await page.goto('/sequences')
		await page.getByRole('table', { name: 'Sequences' }).getByRole('link', { name: 'Ada Lovelace' }).click()
		const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
		await expect(drawer).toHaveAttribute('data-hydrated', 'true')
		await expect(page).toHaveURL(new RegExp(`/sequences/${sequence.id}$`))
		await expect(drawer.getByTestId('drawer-from')).toHaveText(email)
		await expect(drawer.getByTestId('drawer-to')).toHaveText(`Ada Lovelace <${contact.email}>`)
		await expect(drawer.getByRole('link', { name: 'https://www.linkedin.com/in/ada-lovelace' })).toBeVisible()
		await expect(drawer.getByRole('tab')).toHaveCount(0)

		const initial = card(drawer, 'Initial Email')
		const followUp = card(drawer, 'Follow-up Email')
		await expect(initial.getByText('PENDING')).toHaveAttribute('data-colour', 'yellow')
		await expect(initial.getByTestId('step-timing')).toHaveText('Immediately')
		await expect(followUp.getByTestId('step-timing')).toHaveText('3 days after initial step')
		await expect(initial.getByTestId('step-subject')).toHaveText('Quick question')

		// Timing: never below 0; + saves at once.
		await expect(initial.getByRole('button', { name: 'One day earlier' })).toBeDisabled()
		await initial.getByRole('button', { name: 'One day later' }).click()
		await expect(initial.getByTestId('step-timing')).toHaveText('1 day from now')
		await expect(page.getByText('Step updated')).toBeVisible()
		await expect(initial.getByRole('button', { name: 'One day earlier' })).toBeEnabled()

		// The subject applies to every step; Enter applies it.
		await followUp.getByRole('button', { name: 'Edit step' }).click()
		const subject = followUp.getByRole('textbox', { name: 'Subject' })
		await subject.fill('Engines and you')
		await subject.press('Enter')
		await expect(initial.getByTestId('step-subject')).toHaveText('Engines and you')

		// The body in the editor; saving closes the editor.
		await followUp.getByRole('textbox', { name: 'Email body' }).click()
		await page.keyboard.press('ControlOrMeta+a')
		await page.keyboard.type('A new follow-up body.')
		await followUp.getByRole('button', { name: 'Save' }).click()
		await expect(followUp.getByTestId('step-body')).toHaveText('A new follow-up body.')
		await expect(followUp.getByTestId('step-subject')).toHaveText('Engines and you')

		// Add Step: one day after the last step.
		await drawer.getByRole('button', { name: 'Add Step' }).click()
		const added = card(drawer, 'Follow-up Email', 1)
		await expect(added.getByTestId('step-timing')).toHaveText('4 days after previous step')
		await added.getByRole('button', { name: 'Delete step' }).click()
		await expect(page.getByText('Step removed')).toBeVisible()
		await expect(drawer.getByRole('article')).toHaveCount(2)

		await drawer.getByRole('button', { name: 'Activate sequence' }).click()
		await expect(drawer).toBeHidden()
		await expect(page.getByText('Sequence updated successfully')).toBeVisible()
		await expect(page).toHaveURL(/\/sequences$/)
		await expect(
			page.getByRole('table', { name: 'Sequences' }).getByText('Active', { exact: true }),
		).toBeVisible()

		// Active: no editing, and scheduled steps show it.
		const active = await openDrawer(page, sequence.id, 'Active Sequence')
		await expect(card(active, 'Initial Email').getByText(/^scheduled$/i)).toHaveAttribute(
			'data-colour',
			'blue',
		)
		await expect(active.getByRole('button', { name: 'Edit step' })).toHaveCount(0)
		await expect(active.getByRole('button', { name: 'Delete step' })).toHaveCount(0)
		await expect(active.getByRole('button', { name: 'One day later' })).toHaveCount(0)
		await expect(active.getByRole('button', { name: 'Add Step' })).toHaveCount(0)
		await expect(active.getByRole('button', { name: 'Pause' })).toBeVisible()
	})

	test('deleting the last email step asks first, then deletes the sequence', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id, { steps: [{ daysAfter: 0 }] })
		const drawer = await openDrawer(page, sequence.id, 'Draft Sequence')
		const initial = card(drawer, 'Initial Email')

		await initial.getByRole('button', { name: 'Delete step' }).click()
		const confirm = page.getByRole('alertdialog', { name: 'Delete sequence?' })
		await expect(confirm).toBeVisible()
		await confirm.getByRole('button', { name: 'Cancel' }).click()
		await expect(confirm).toBeHidden()
		await expect(initial).toBeVisible()

		await initial.getByRole('button', { name: 'Delete step' }).click()
		await page
			.getByRole('alertdialog', { name: 'Delete sequence?' })
			.getByRole('button', { name: 'Delete sequence' })
			.click()
		await expect(page.getByText('Sequence deleted')).toBeVisible()
		await expect(drawer).toBeHidden()
		await expect(page).toHaveURL(/\/sequences$/)
		await expect(page.getByText('No sequences found')).toBeVisible()
	})

	test('Email and LinkedIn tabs; the request note counter and its limit', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/ada' })
		const sequence = await seedSequence(page.request, contact.id, {
			steps: [{ daysAfter: 0 }],
			linkedInSteps: [
				{ daysAfter: 0, requestNote: 'Hi Ada' },
				{ daysAfter: 0 },
				{ daysAfter: 2, message: 'Following up' },
			],
		})
		const drawer = await openDrawer(page, sequence.id, 'Draft Sequence')
		await expect(drawer.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true')
		await expect(card(drawer, 'Initial Email')).toBeVisible()
		await drawer.getByRole('tab', { name: 'LinkedIn' }).click()

		const request = card(drawer, 'Connection Request')
		await expect(request.getByTestId('step-timing')).toHaveText('Immediately')
		await expect(card(drawer, 'Message').getByTestId('step-timing')).toHaveText('Same day as acceptance')
		await expect(card(drawer, 'Follow-up Message').getByTestId('step-timing')).toHaveText(
			'2 days after acceptance',
		)

		await request.getByRole('button', { name: 'Edit step' }).click()
		const note = request.getByRole('textbox', { name: 'Request note' })
		await expect(request.getByTestId('note-counter')).toHaveText('6/200')
		await note.fill('x'.repeat(201))
		await expect(request.getByTestId('note-counter')).toHaveText('201/200')
		await expect(request.getByText('Character limit exceeded')).toBeVisible()
		await request.getByRole('button', { name: 'Save' }).click()
		await expect(request.getByText('Request note must be less than 200 characters')).toBeVisible()
		await note.fill('Hello Ada, I admire your work on the Analytical Engine.')
		await expect(request.getByText('Character limit exceeded')).toBeHidden()
		await request.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByText('Step updated')).toBeVisible()
		await expect(request.getByTestId('step-body')).toHaveText(
			'Hello Ada, I admire your work on the Analytical Engine.',
		)

		// Add Step on the LinkedIn tab adds a LinkedIn step, a day after the last.
		await drawer.getByRole('button', { name: 'Add Step' }).click()
		await expect(page.getByText('LinkedIn step added')).toBeVisible()
		await expect(card(drawer, 'Follow-up Message', 1).getByTestId('step-timing')).toHaveText(
			'3 days after acceptance',
		)
	})

	test('sent, clicked and failed steps; the failure tooltip', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id, {
			steps: [{ daysAfter: 0 }, { daysAfter: 2 }],
		})
		await states.setSequence(sequence.id, 'ACTIVE')
		await states.setEmailStep(sequence.emailSteps[0]!.id, 'SENT')
		await states.addClick(sequence.id, sequence.emailSteps[0]!.id)
		await states.setEmailStep(sequence.emailSteps[1]!.id, 'FAILED', 'The contact unsubscribed')

		const drawer = await openDrawer(page, sequence.id, 'Active Sequence')
		const initial = card(drawer, 'Initial Email')
		await expect(initial.getByText(/^sent$/i)).toHaveAttribute('data-colour', 'green')
		await expect(initial.getByText('CLICKED')).toBeVisible()
		const failed = card(drawer, 'Follow-up Email')
		await expect(failed.getByText('CLICKED')).toHaveCount(0)
		const badge = failed.getByText(/^failed$/i)
		await expect(badge).toHaveAttribute('data-colour', 'red')
		await badge.hover()
		const tooltip = page.getByRole('tooltip')
		await expect(tooltip.getByText('Something went wrong')).toBeVisible()
		await expect(tooltip.getByText('The contact unsubscribed')).toBeVisible()
	})

	test('an out-of-office shows under the steps as an automatic reply; the sequence goes on', async ({
		page,
	}) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id, {
			steps: [{ daysAfter: 0 }, { daysAfter: 2 }],
		})
		await states.setSequence(sequence.id, 'ACTIVE')
		await states.setEmailStep(sequence.emailSteps[0]!.id, 'SENT')
		await states.addAutomaticMessage(
			sequence.id,
			sequence.emailSteps[0]!.id,
			contact.email,
			'I am out of the office until Monday with limited access to email.',
			'AUTO_REPLY',
		)
		await states.addAutomaticMessage(
			sequence.id,
			sequence.emailSteps[0]!.id,
			'mailer-daemon@googlemail.com',
			'There was a temporary problem delivering your message. Gmail will retry for 46 more hours.',
			'DELAY_NOTICE',
		)

		await page.setViewportSize({ width: 1280, height: 900 })
		const drawer = await openDrawer(page, sequence.id, 'Active Sequence')
		await expect(card(drawer, 'Initial Email').getByText(/^sent$/i)).toBeVisible()
		await expect(card(drawer, 'Follow-up Email')).toBeVisible()
		const automatic = drawer.getByRole('region', { name: 'Automatic replies' })
		await expect(
			automatic.getByRole('article', { name: `Automatic reply from ${contact.email}` }),
		).toContainText('out of the office until Monday')
		await expect(
			automatic.getByRole('article', { name: 'Delivery delayed from mailer-daemon@googlemail.com' }),
		).toContainText('Gmail will retry')
		await expect(drawer.getByRole('region', { name: 'Conversation' })).toHaveCount(0)
		await automatic.scrollIntoViewIfNeeded()
		if (process.env.SHOTS_DIR)
			await page.screenshot({ path: `${process.env.SHOTS_DIR}/drawer-automatic-replies.png` })

		// Once the contact really answers, the conversation shows everything, the automatic ones marked.
		await states.setSequence(sequence.id, 'PAUSED')
		await states.setEmailStep(sequence.emailSteps[0]!.id, 'REPLIED')
		await states.addReply(sequence.id, sequence.emailSteps[0]!.id, contact.email, 'Back now. Tuesday?')
		const replied = await openDrawer(page, sequence.id, 'Sequence Replies')
		const conversation = replied.getByRole('region', { name: 'Conversation' })
		await expect(conversation.locator('[data-automatic="AUTO_REPLY"]')).toContainText('Automatic reply')
		await expect(conversation.locator('[data-automatic="DELAY_NOTICE"]')).toContainText('Delivery delayed')
		await expect(conversation.locator('[data-from-user="false"]:not([data-automatic])')).toContainText(
			'Back now. Tuesday?',
		)
		if (process.env.SHOTS_DIR)
			await page.screenshot({ path: `${process.env.SHOTS_DIR}/drawer-conversation-automatic.png` })
	})

	test('a reply: the conversation replaces the steps; the reply box', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id)
		await states.setSequence(sequence.id, 'PAUSED')
		await states.setEmailStep(sequence.emailSteps[0]!.id, 'REPLIED')
		await states.addReply(sequence.id, sequence.emailSteps[0]!.id, contact.email, 'Happy to talk on Tuesday.')

		const drawer = await openDrawer(page, sequence.id, 'Sequence Replies')
		const conversation = drawer.getByRole('region', { name: 'Conversation' })
		await expect(conversation.getByRole('article', { name: `Message from ${contact.email}` })).toContainText(
			'Happy to talk on Tuesday.',
		)
		await expect(conversation.locator('[data-from-user="true"]')).toContainText(
			'Hello, this is email number 1.',
		)
		await expect(drawer.getByRole('article', { name: 'Initial Email' })).toHaveCount(0)
		await expect(drawer.getByRole('button', { name: 'Add Step' })).toHaveCount(0)
		await expect(
			drawer.getByRole('textbox', { name: 'Ask the assistant to adjust the sequence' }),
		).toHaveCount(0)

		const send = conversation.getByRole('button', { name: 'Send' })
		const reply = conversation.getByRole('textbox', { name: 'Reply' })
		await expect(send).toBeDisabled()
		await reply.fill('   ')
		await expect(send).toBeDisabled()
		await reply.fill('Tuesday at 10 works for me.')
		await expect(send).toBeEnabled()
		await send.click()
		await expect(conversation.locator('[data-from-user="true"]').last()).toContainText(
			'Tuesday at 10 works for me.',
		)
		await expect(reply).toHaveValue('')
	})

	test('a LinkedIn reply: what was sent, the reply and the way to LinkedIn', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request, { linkedin: 'https://www.linkedin.com/in/ada' })
		const sequence = await seedSequence(page.request, contact.id, {
			steps: [],
			linkedInSteps: [
				{ daysAfter: 0, requestNote: 'Hi Ada' },
				{ daysAfter: 1, message: 'Shall we talk?' },
			],
		})
		await states.setSequence(sequence.id, 'PAUSED')
		await states.setLinkedInStep(sequence.linkedInSteps[1]!.id, 'REPLIED', 'Sure, next week.')

		const drawer = await openDrawer(page, sequence.id, 'Sequence Replies')
		const view = drawer.getByRole('region', { name: 'LinkedIn conversation' })
		await expect(view.getByRole('article', { name: 'Sent message' })).toContainText('Shall we talk?')
		await expect(view.getByRole('article', { name: 'Reply' })).toContainText('Sure, next week.')
		await expect(view.getByText('Please continue this conversation on LinkedIn directly.')).toBeVisible()
		await expect(view.getByRole('link', { name: 'Continue on LinkedIn' })).toHaveAttribute(
			'href',
			`https://www.linkedin.com/messaging/thread/thread-${sequence.linkedInSteps[1]!.id}/`,
		)
		await expect(drawer.getByRole('button', { name: 'Add Step' })).toHaveCount(0)
	})

	test('a platform administrator’s read-only view', async ({ page }) => {
		await signIn(page, uniqueEmail('admin').replace('@example.com', '@reachout-admin.test'))
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id)
		await page.goto(`/sequences/${sequence.id}?admin`)
		const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
		await expect(drawer).toHaveAttribute('data-hydrated', 'true')
		await expect(drawer.getByText('Read-only')).toBeVisible()
		await expect(card(drawer, 'Initial Email').getByTestId('step-timing')).toHaveText('Immediately')
		for (const name of [
			'Edit step',
			'Delete step',
			'One day later',
			'One day earlier',
			'Add Step',
			'Activate sequence',
		]) {
			await expect(drawer.getByRole('button', { name })).toHaveCount(0)
		}
	})

	test('the prompt box: nothing for an empty instruction, the assistant’s rewrite otherwise', async ({
		page,
	}) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id)
		const drawer = await openDrawer(page, sequence.id, 'Draft Sequence')
		const prompt = drawer.getByRole('textbox', { name: 'Ask the assistant to adjust the sequence' })
		await expect(prompt).toBeEnabled()
		let modifyCalls = 0
		page.on('request', (request) => {
			if (request.url().endsWith('/api/sequences/modify')) modifyCalls++
		})
		await prompt.press('Enter')
		await drawer.getByRole('button', { name: 'Send instruction' }).click()
		await page.waitForTimeout(300)
		expect(modifyCalls).toBe(0)
		// No model configured here: the offline writer rewrites the steps, by position.
		await prompt.fill('Make it more casual and focus on scheduling a call')
		await prompt.press('Enter')
		await expect(page.getByText('Sequence updated successfully')).toBeVisible()
		expect(modifyCalls).toBe(1)
		await expect(drawer.getByRole('article', { name: 'Initial Email', exact: true })).toContainText(
			contact.firstName,
		)
		await expect(drawer.getByRole('article', { name: 'Follow-up Email', exact: true })).toHaveCount(1)
	})

	test('activation that needs Gmail access opens "Additional permissions required"', async ({ page }) => {
		const email = await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id)
		await states.requireGmailGrant(email)
		const drawer = await openDrawer(page, sequence.id, 'Draft Sequence')
		await drawer.getByRole('button', { name: 'Activate sequence' }).click()
		const permissions = page.getByRole('dialog', { name: 'Additional permissions required' })
		await expect(permissions).toBeVisible()
		await expect(permissions.getByRole('button', { name: 'Allow Gmail Access' })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(permissions).toBeHidden()
		await expect(drawer).toBeVisible()
		await expect(drawer.getByRole('button', { name: 'Activate sequence' })).toBeEnabled()
	})

	test('View Sequences from the contact dialog opens the drawer over it', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		await seedContact(page.request, { firstName: 'Grace', lastName: 'Hopper' })
		await seedSequence(page.request, contact.id, { subject: 'Engines' })

		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')
		await page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name: 'Grace Hopper' }).click()
		await page
			.getByRole('dialog', { name: 'Grace Hopper' })
			.getByRole('button', { name: 'View Sequences' })
			.click()
		const emptyList = page.getByRole('dialog', { name: 'Sequences' })
		await expect(emptyList.getByText('No sequences found')).toBeVisible()
		await expect(emptyList.getByText('Create a new sequence to get started')).toBeVisible()
		await emptyList.getByRole('button', { name: 'Cancel' }).click()
		await expect(emptyList).toBeHidden()
		await page
			.getByRole('dialog', { name: 'Grace Hopper' })
			.getByRole('button', { name: 'View Sequences' })
			.click()
		await emptyList.getByRole('button', { name: 'Generate New Sequence' }).click()
		// The Create Email Sequence dialog (its rate-limit information comes first, the first time).
		await expect(
			page
				.getByRole('dialog', { name: 'Create Email Sequence' })
				.or(page.getByRole('dialog', { name: 'Rate limits' })),
		).toBeVisible()
		await page.goto('/contacts')
		await page.waitForLoadState('networkidle')

		await page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name: 'Ada Lovelace' }).click()
		await page
			.getByRole('dialog', { name: 'Ada Lovelace' })
			.getByRole('button', { name: 'View Sequences' })
			.click()
		const list = page.getByRole('dialog', { name: 'Sequences' })
		const table = list.getByRole('table', { name: 'Sequences' })
		await expect(table.getByRole('columnheader')).toHaveText([
			'Subject',
			'Status',
			'Steps',
			'Progress',
			'Created',
		])
		const row = table.getByRole('row').nth(1)
		await expect(row.getByText('Draft', { exact: true })).toBeVisible()
		await expect(row.getByRole('cell').nth(2)).toHaveText('2')
		await row.getByRole('button', { name: 'Engines' }).click()

		const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
		await expect(drawer).toBeVisible()
		await card(drawer, 'Follow-up Email').getByRole('button', { name: 'Delete step' }).click()
		await expect(page.getByText('Step removed')).toBeVisible()
		await expect(drawer.getByRole('article')).toHaveCount(1)
		await drawer.getByRole('button', { name: 'Close' }).click()
		await expect(drawer).toBeHidden()
		// The list behind it was refreshed.
		await expect(row.getByRole('cell').nth(2)).toHaveText('1')
		await expect(page).toHaveURL(/\/contacts/)
	})
})

test.describe('Sequence drawer without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('timing, the last step’s confirmation and closing work as plain forms and links', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id, { steps: [{ daysAfter: 2 }] })

		await page.goto('/sequences')
		await page.getByRole('link', { name: 'Ada Lovelace' }).click()
		const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
		await expect(drawer).toBeVisible()
		const initial = card(drawer, 'Initial Email')
		await expect(initial.getByTestId('step-timing')).toHaveText('2 days from now')
		await initial.getByRole('button', { name: 'One day earlier' }).click()
		await expect(
			card(page.getByRole('dialog', { name: 'Draft Sequence' }), 'Initial Email').getByTestId('step-timing'),
		).toHaveText('1 day from now')

		// Editing through ?edit: the body is a textarea.
		await card(page, 'Initial Email').getByRole('link', { name: 'Edit step' }).click()
		await page.getByRole('textbox', { name: 'Email body' }).fill('Plain text from a browser without scripts.')
		await page.getByRole('button', { name: 'Save' }).click()
		await expect(card(page, 'Initial Email').getByTestId('step-body')).toHaveText(
			'Plain text from a browser without scripts.',
		)

		await card(page, 'Initial Email').getByRole('button', { name: 'Delete step' }).click()
		const confirm = page.getByRole('alertdialog', { name: 'Delete sequence?' })
		await expect(confirm).toBeVisible()
		await confirm.getByRole('button', { name: 'Delete sequence' }).click()
		await expect(page).toHaveURL(/\/sequences$/)
		await expect(page.getByText('No sequences found')).toBeVisible()
		expect(
			await page.request.get(`/api/v1/sequences/${sequence.id}`).then((response) => response.status()),
		).toBe(404)
	})
})
