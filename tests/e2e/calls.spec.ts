import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sequenceStates } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Phone-call steps as the user's call list (issue 18, decision 030): the Calls page behind the
// sequence:phone flag — a due call with its tel: link, talking points and history, logged with an
// outcome and notes, leaving the list; the drawer showing the call done; talking points edited in
// a draft's drawer.

let client: pg.Client
let states: ReturnType<typeof sequenceStates>

test.beforeAll(async () => {
	client = await connectDatabase()
	states = sequenceStates(client)
})

test.afterAll(async () => {
	await client?.end()
})

async function signInWithCalls(page: Page) {
	const email = await signIn(page)
	await states.setFeatureFlag(email, 'sequence:phone')
	return email
}

async function openDrawer(page: Page, sequenceId: string, title: string) {
	await page.goto(`/sequences/${sequenceId}`)
	const drawer = page.getByRole('dialog', { name: title })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	return drawer
}

test.describe('Calls', () => {
	test('a due call: contact, tel: link, talking points, history; logged, it leaves the list and the drawer shows it', async ({
		page,
	}) => {
		await signInWithCalls(page)
		const contact = await seedContact(page.request, {
			firstName: 'Grace',
			lastName: 'Hopper',
			phone: '(415) 555-0132',
		})
		const sequence = await seedSequence(page.request, contact.id, {
			subject: 'Compilers',
			steps: [{ daysAfter: 0 }],
		})
		await states.setEmailStep(sequence.emailSteps[0]!.id, 'SENT')
		await states.addPhoneCall(sequence.id, {
			order: 1,
			talkingPoints: 'Ask how the team ships compilers today',
			status: 'SCHEDULED',
			dueInDays: -0.01,
		})
		await states.addPhoneCall(sequence.id, {
			order: 2,
			daysAfter: 2,
			talkingPoints: 'Follow up on the demo',
			status: 'SCHEDULED',
			dueInDays: 2,
		})
		await states.setSequence(sequence.id, 'ACTIVE')
		// An overdue call to a contact without a phone number.
		const noPhone = await seedContact(page.request, { firstName: 'Ada', lastName: 'Byron' })
		const overdueSequence = await seedSequence(page.request, noPhone.id, { steps: [{ daysAfter: 0 }] })
		await states.addPhoneCall(overdueSequence.id, {
			talkingPoints: 'Engines',
			status: 'SCHEDULED',
			dueInDays: -2,
		})
		await states.setSequence(overdueSequence.id, 'ACTIVE')

		await page.goto('/contacts')
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls' }).click()
		await expect(page).toHaveURL(/\/calls$/)
		await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible()

		const today = page.getByRole('region', { name: /Due today/ })
		const call = today.getByRole('article', { name: 'Grace Hopper' })
		await expect(call).toBeVisible()
		await expect(call.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
			'href',
			`/contacts/${contact.id}`,
		)
		// No country known for the company: the number as typed, dialled with its digits.
		const tel = call.getByRole('link', { name: '(415) 555-0132' })
		await expect(tel).toHaveAttribute('href', 'tel:4155550132')
		await expect(call.getByTestId('talking-points')).toHaveText('Ask how the team ships compilers today')
		await expect(call.getByText('call 1 of 2')).toBeVisible()
		await call.getByText('Sequence history (1)').click()
		await expect(call.getByRole('list', { name: 'Sequence history' })).toContainText('Email sent')
		await expect(call.getByRole('list', { name: 'Sequence history' })).toContainText('Compilers')
		const overdue = page.getByRole('region', { name: /Overdue/ }).getByRole('article', { name: 'Ada Byron' })
		await expect(overdue.getByText('This contact has no phone number.')).toBeVisible()
		await expect(overdue.getByTestId('call-due')).toContainText('Was due')
		// Not the second call: it waits for the first.
		await expect(page.getByText('Follow up on the demo')).toHaveCount(0)
		await page.screenshot({ path: 'test-results/calls-page.png', fullPage: true })

		// Mark call done: an outcome is required.
		await call.getByRole('button', { name: 'Mark call done' }).click()
		await expect(call).toBeVisible()
		await call.getByRole('radio', { name: 'Voicemail' }).check()
		await call.getByRole('textbox', { name: 'Notes' }).fill('Left a message about the demo')
		await call.getByRole('button', { name: 'Mark call done' }).click()
		await expect(call).toHaveCount(0)
		await expect(page.getByText('Call logged')).toBeVisible()

		// The sequence moved on: its next call is planned two days from now.
		const upcoming = page.getByRole('region', { name: /Upcoming/ })
		const next = upcoming.getByRole('article', { name: 'Grace Hopper' })
		await expect(next.getByTestId('talking-points')).toHaveText('Follow up on the demo')
		await next.getByText('Sequence history (2)').click()
		await expect(next.getByRole('list', { name: 'Sequence history' })).toContainText('Call: Voicemail')

		// The drawer: email and calls in tabs; the call done with its outcome and notes.
		const drawer = await openDrawer(page, sequence.id, 'Active Sequence')
		await drawer.getByRole('tab', { name: 'Calls' }).click()
		const done = drawer.getByRole('article', { name: 'Phone Call', exact: true })
		await expect(done.getByText('SUCCESS')).toBeVisible()
		await expect(done.getByTestId('call-outcome')).toHaveText('Voicemail')
		await expect(done.getByTestId('call-notes')).toHaveText('Left a message about the demo')
		const followUp = drawer.getByRole('article', { name: 'Follow-up Call' })
		await expect(followUp.getByText(/^scheduled$/i)).toBeVisible()
		await expect(followUp.getByTestId('step-timing')).toHaveText('2 days after the previous call')
		await page.screenshot({ path: 'test-results/calls-drawer.png' })
	})

	test("a draft's call: talking points and timing edited in the drawer", async ({ page }) => {
		await signInWithCalls(page)
		const contact = await seedContact(page.request, { firstName: 'Alan', lastName: 'Kay' })
		const sequence = await seedSequence(page.request, contact.id, { steps: [{ daysAfter: 0 }] })
		await states.addPhoneCall(sequence.id, { talkingPoints: 'Ask about Smalltalk' })

		const drawer = await openDrawer(page, sequence.id, 'Draft Sequence')
		await drawer.getByRole('tab', { name: 'Calls' }).click()
		const card = drawer.getByRole('article', { name: 'Phone Call', exact: true })
		await expect(card.getByTestId('step-body')).toHaveText('Ask about Smalltalk')
		await expect(card.getByTestId('step-timing')).toHaveText('Immediately')

		await card.getByRole('button', { name: 'Edit step' }).click()
		await card.getByRole('textbox', { name: 'Talking points' }).fill('Ask about Smalltalk and Dynabook')
		await card.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByText('Step updated')).toBeVisible()
		await expect(card.getByTestId('step-body')).toHaveText('Ask about Smalltalk and Dynabook')

		await card.getByRole('button', { name: 'One day later' }).click()
		await expect(card.getByTestId('step-timing')).toHaveText('1 day from now')

		await card.getByRole('button', { name: 'Delete step' }).click()
		await expect(page.getByText('Step removed')).toBeVisible()
		await expect(drawer.getByRole('tab')).toHaveCount(0)
	})

	test('without the flag: no Calls in the navigation and the page is not found', async ({ page }) => {
		await signIn(page)
		await page.goto('/contacts')
		await expect(
			page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }),
		).toBeVisible()
		await expect(
			page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls' }),
		).toHaveCount(0)
		const response = await page.goto('/calls')
		expect(response?.status()).toBe(404)
	})
})
