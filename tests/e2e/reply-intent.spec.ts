import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sendAtAnyHour } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Reply intent as a user meets it: a sequence sent through the outbox, the contact's "not now, ping me
// in March" recorded from the outbox, and the drawer saying what the reply meant, why, and what the
// product did — then the user correcting it, with and without JavaScript.

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db?.end()
})

async function sentSequence(page: Page, subject: string) {
	const email = await signIn(page)
	await sendAtAnyHour(db, email)
	const contact = await seedContact(page.request)
	const sequence = await seedSequence(page.request, contact.id, {
		subject,
		steps: [
			{ daysAfter: 0, body: '<p>Hello Ada, a quick question about engines.</p>' },
			{ daysAfter: 3, body: '<p>Following up on engines.</p>' },
		],
	})
	// Activated through the API (the drawer's Activate is the sequence-sending spec's).
	const activated = await page.request.put(`/api/v1/sequences/${sequence.id}`, { data: { status: 'ACTIVE' } })
	expect(activated.ok()).toBe(true)
	await expect
		.poll(
			async () =>
				(
					await db.query(`SELECT status FROM "EmailStep" WHERE "sequenceId" = $1 ORDER BY "order" LIMIT 1`, [
						sequence.id,
					])
				).rows[0]?.status,
			{ timeout: 20_000 },
		)
		.toBe('SENT')
	return { contact, sequence }
}

async function replyFromOutbox(page: Page, subject: string, text: string) {
	await page.goto('/outbox')
	await page.getByRole('link', { name: subject }).click()
	await page.getByLabel('Reply as the contact').fill(text)
	await page.getByRole('button', { name: 'Record reply' }).click()
	// With or without JavaScript (a fetcher's toast or a plain post): recorded once it is in the thread.
	await expect
		.poll(
			async () =>
				(
					await db.query(`SELECT count(*)::int AS n FROM "ConversationMessage" WHERE subject LIKE $1`, [
						`%${subject}%`,
					])
				).rows[0].n,
			{ timeout: 15_000 },
		)
		.toBe(1)
}

test('"not now, ping me in March": the drawer says what it meant and when the sequence goes on; the user corrects it', async ({
	page,
}) => {
	const { contact, sequence } = await sentSequence(page, 'Engines for Nordhaven')
	await replyFromOutbox(page, 'Engines for Nordhaven', 'Not a priority right now. Ping me in March.')

	await page.goto(`/sequences/${sequence.id}`)
	const drawer = page.getByRole('dialog', { name: 'Sequence Replies' })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	const reply = drawer.getByRole('article', { name: `Message from ${contact.email}` })
	const note = reply.getByRole('group', { name: 'Reply intent: Not now' })
	await expect(note).toContainText('Asks to wait: “Not a priority”')
	await expect(note).toContainText(/it goes on by itself on \d{4}-03-01/)
	const { rows } = await db.query(`SELECT status, "resumeAt" FROM "Sequence" WHERE id = $1`, [sequence.id])
	expect(rows[0].status).toBe('PAUSED')
	expect((rows[0].resumeAt as Date).toISOString()).toMatch(/-03-01T00:00:00/)
	await page.setViewportSize({ width: 1280, height: 900 })
	if (process.env.SHOTS_DIR)
		await page.screenshot({ path: `${process.env.SHOTS_DIR}/drawer-reply-intent.png` })

	// The user reads it otherwise: the label changes, marked as theirs.
	await note.getByText('Not right?').click()
	await note.getByLabel('What it meant').selectOption('INTERESTED')
	await note.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Reply intent corrected')).toBeVisible()
	const corrected = reply.getByRole('group', { name: 'Reply intent: Interested' })
	await expect(corrected).toContainText('Corrected by a user')
	const stored = await db.query(
		`SELECT intent, "intentSource", metadata FROM "ConversationMessage" WHERE "sequenceId" = $1 AND NOT "isFromUser"`,
		[sequence.id],
	)
	expect(stored.rows[0]).toMatchObject({
		intent: 'INTERESTED',
		intentSource: 'user',
		metadata: { classifiedIntent: 'NOT_NOW' },
	})
})

test('a referral becomes a task: Add contact fills the form in, Done closes it', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 900 })
	await sentSequence(page, 'Engines for Northwind')
	await replyFromOutbox(
		page,
		'Engines for Northwind',
		"I'm not the right person. You should talk to Priya Shah (priya.shah@northwind.example), she runs procurement.",
	)
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Tasks', exact: true })
		.click()
	await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible()
	const open = page.getByRole('list', { name: 'Open tasks' })
	const task = open.getByRole('listitem').filter({ hasText: 'Contact Priya Shah, referred by Ada Lovelace' })
	await expect(task).toContainText('priya.shah@northwind.example')
	if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/tasks.png` })

	await task.getByRole('link', { name: 'Add contact' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Add Contact' })).toBeVisible()
	await expect(page.getByLabel('First name')).toHaveValue('Priya')
	await expect(page.getByLabel('Last name')).toHaveValue('Shah')
	await expect(page.getByLabel('Email')).toHaveValue('priya.shah@northwind.example')

	await page.goto('/tasks')
	await task.getByRole('button', { name: 'Done' }).click()
	await expect(page.getByText('Task done')).toBeVisible()
	await expect(page.getByText('No open tasks.')).toBeVisible()
	await page.getByRole('link', { name: 'Done tasks' }).click()
	await expect(page.getByRole('list', { name: 'Done tasks' })).toContainText('Contact Priya Shah')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('Settings › Replies: a choice per kind of reply, saved by a plain form and then followed', async ({
		page,
	}) => {
		await page.setViewportSize({ width: 1280, height: 900 })
		const { sequence } = await sentSequence(page, 'Engines for Oslo')
		await page.goto('/settings')
		await page.getByRole('link', { name: 'Replies' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Replies' })).toBeVisible()
		await expect(page.getByLabel('Not now')).toHaveValue('RESUME_ON_DATE')
		await page.getByLabel('Not now').selectOption('STOP')
		await page.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByLabel('Not now')).toHaveValue('STOP')
		if (process.env.SHOTS_DIR)
			await page.screenshot({ path: `${process.env.SHOTS_DIR}/settings-replies.png` })

		await replyFromOutbox(page, 'Engines for Oslo', 'Not a priority right now. Ping me in March.')
		const { rows } = await db.query(`SELECT status, "resumeAt" FROM "Sequence" WHERE id = $1`, [sequence.id])
		expect(rows[0]).toMatchObject({ status: 'PAUSED', resumeAt: null })
	})

	test('an unsubscribe request is shown as one, and the correction is a plain form', async ({ page }) => {
		const { contact, sequence } = await sentSequence(page, 'Engines for Kraft')
		await replyFromOutbox(page, 'Engines for Kraft', 'Please remove me from your mailing list.')

		await page.goto(`/sequences/${sequence.id}`)
		const reply = page.getByRole('article', { name: `Message from ${contact.email}` })
		const note = reply.getByRole('group', { name: 'Reply intent: Unsubscribe request' })
		await expect(note).toContainText('Unsubscribed: never emailed again')
		await note.getByText('Not right?').click()
		await note.getByLabel('What it meant').selectOption('NEGATIVE')
		await note.getByRole('button', { name: 'Save' }).click()
		await expect(
			page
				.getByRole('article', { name: `Message from ${contact.email}` })
				.getByRole('group', { name: 'Reply intent: Not interested' }),
		).toBeVisible()
	})
})
