import { expect, test } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Decision 014: the send window and the gap between held emails in Settings → Sending, and the
// drawer showing when each step goes — in the user's and the contact's time zone — and why it waits.

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db?.end()
})

test.use({ timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 900 } })

test('a step held for the window shows its planned time in both zones and why it waits', async ({ page }) => {
	test.setTimeout(90_000)
	await signIn(page)

	// Only tomorrow is a sending day (in New York, the contact's zone, where the window's hours are read).
	const today = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short' }).format(
		new Date(),
	)
	const tomorrow = WEEKDAYS[(WEEKDAYS.indexOf(today) + 1) % 7]!
	await page.goto('/settings/sending')
	const window = page.locator('form#send-window')
	// A new organization starts with weekdays 08:00–18:00.
	await expect(window.getByLabel('Only send inside the send window')).toBeChecked()
	await expect(window.getByLabel('From')).toHaveValue('08:00')
	await expect(window.getByLabel('Until')).toHaveValue('18:00')
	await window.getByLabel('Organization time zone').fill('Europe/Paris')
	for (const day of WEEKDAYS) await window.getByLabel(day, { exact: true }).setChecked(day === tomorrow)
	await window.getByLabel('Shortest gap (seconds)').fill('30')
	await window.getByLabel('Longest gap (seconds)').fill('20')
	await window.getByRole('button', { name: 'Save send window' }).click()
	await expect(window.getByText('The longest gap must be at least the shortest')).toBeVisible()
	await window.getByLabel('Longest gap (seconds)').fill('90')
	await window.getByRole('button', { name: 'Save send window' }).click()
	await expect(page.getByText('Send window saved')).toBeVisible()
	await page.reload()
	await expect(window.getByLabel('Shortest gap (seconds)')).toHaveValue('30')
	await expect(window.getByLabel('Longest gap (seconds)')).toHaveValue('90')
	await page.screenshot({ path: '/tmp/shots-schedule/send-window-settings.png', fullPage: true })

	const contact = await seedContact(page.request)
	await db.query(`UPDATE "Contact" SET "timeZone" = 'America/New_York' WHERE id = $1`, [contact.id])
	const sequence = await seedSequence(page.request, contact.id, {
		steps: [{ daysAfter: 0 }, { daysAfter: 3 }],
	})

	await page.goto(`/sequences/${sequence.id}`)
	let drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	await drawer.getByRole('button', { name: 'Activate sequence' }).click()
	await expect(drawer).toBeHidden()
	await expect(page.getByText('Sequence updated successfully')).toBeVisible()
	await expect(page).toHaveURL(/\/sequences$/)
	const { rows } = await db.query(`SELECT status FROM "Sequence" WHERE id = $1`, [sequence.id])
	expect(rows[0].status).toBe('ACTIVE')

	await page.goto(`/sequences/${sequence.id}`)
	drawer = page.getByRole('dialog', { name: 'Active Sequence' })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	const initial = drawer.getByRole('article', { name: 'Initial Email', exact: true })
	await expect(initial.getByText(/^scheduled$/i)).toBeVisible()
	await expect(initial.getByTestId('step-timing')).toHaveText('Immediately')
	// Tomorrow 08:00 in New York is 14:00 in Paris, the browser's zone (13:00 while their clocks disagree).
	await expect(initial.getByTestId('step-time')).toHaveText(
		new RegExp(`^Planned ${tomorrow}, \\w{3} \\d{1,2}, 1[34]:00$`),
	)
	await expect(initial.getByTestId('step-schedule')).toContainText('your time (Europe/Paris)')
	await expect(initial.getByTestId('step-contact-time')).toContainText(
		new RegExp(`${tomorrow}, \\w{3} \\d{1,2}, 08:00 for the contact \\(America/New_York\\)`),
	)
	await expect(initial.getByTestId('step-hold')).toHaveText('Waiting for the send window to open')
	const followUp = drawer.getByRole('article', { name: 'Follow-up Email', exact: true })
	await expect(followUp.getByTestId('step-hold')).toHaveText('Waiting for the earlier step to be sent')
	await page.screenshot({ path: '/tmp/shots-schedule/drawer-held.png' })

	// Over the cap instead: the dispatcher's reason is shown as such.
	await db.query(`UPDATE "EmailStep" SET "holdReason" = 'DAILY_CAP' WHERE id = $1`, [
		sequence.emailSteps[0]!.id,
	])
	await page.reload()
	await expect(initial.getByTestId('step-hold')).toHaveText(
		"The mailbox's daily limit was reached: it goes when the next day's sending starts",
	)

	// Paused: the reason is the pause.
	await db.query(`UPDATE "Sequence" SET status = 'PAUSED' WHERE id = $1`, [sequence.id])
	await page.reload()
	const paused = page.getByRole('dialog').getByRole('article', { name: 'Initial Email', exact: true })
	await expect(paused.getByTestId('step-hold')).toHaveText('The sequence is paused')
})
