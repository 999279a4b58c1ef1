import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sendAtAnyHour } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// A sequence that really sends, end to end on a fresh install: activated in the drawer, sent by
// the worker through the local outbox, its tracked link followed, the contact's reply recorded
// from the outbox, and the drawer turning into the conversation with the follow-up stopped.

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db?.end()
})

async function openDrawer(page: Page, sequenceId: string, title: string) {
	await page.goto(`/sequences/${sequenceId}`)
	const drawer = page.getByRole('dialog', { name: title })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	return drawer
}

test('activate, send through the outbox, click, reply: the sequence stops on the reply', async ({ page }) => {
	const email = await signIn(page)
	await sendAtAnyHour(db, email)
	const contact = await seedContact(page.request)
	const link = 'https://example.com/pricing/überblick?plan=pro&ref=a%20b#faq'
	const sequence = await seedSequence(page.request, contact.id, {
		subject: 'Engines for Acme',
		steps: [
			{ daysAfter: 0, body: `<p>Hello Ada, see <a href="${link}">our pricing</a>.</p>` },
			{ daysAfter: 3, body: '<p>Following up on engines.</p>' },
		],
	})

	const draft = await openDrawer(page, sequence.id, 'Draft Sequence')
	await draft.getByRole('button', { name: 'Activate sequence' }).click()
	// The pre-flight check cannot reach example.com from this offline machine: its page lists the
	// link, and the launch goes ahead acknowledged (decision 051).
	await expect(page.getByRole('list', { name: 'Problems' })).toContainText('example.com/pricing')
	await page.getByLabel(/I have read the problem above and want to launch anyway/).check()
	await page.getByRole('button', { name: 'Launch anyway' }).click()
	await expect(page.getByText('Sequence updated successfully')).toBeVisible()

	// The inline worker sends the first step at once; the follow-up waits three days.
	await expect
		.poll(
			async () =>
				(
					await db.query(`SELECT status FROM "EmailStep" WHERE "sequenceId" = $1 ORDER BY "order"`, [
						sequence.id,
					])
				).rows.map((row: { status: string }) => row.status),
			{ timeout: 20_000 },
		)
		.toEqual(['SENT', 'SCHEDULED'])

	await page.goto('/outbox')
	const row = page
		.getByRole('table', { name: 'Outbox messages' })
		.getByRole('row', { name: /Engines for Acme/ })
	await expect(row).toContainText(contact.email)
	await row.getByRole('link', { name: 'Engines for Acme' }).click()
	const message = page.getByRole('region', { name: 'Message' })
	await expect(message.getByText('List-Unsubscribe-Post', { exact: true })).toBeAttached()

	// The link in the email goes through our redirect, which records the click and arrives byte for byte.
	const { rows } = await db.query(`SELECT html FROM "OutboxMessage" WHERE subject = 'Engines for Acme'`)
	const tracked = /href="([^"]*\/t\/[^"]+)"/.exec(rows[0].html as string)![1]!.replaceAll('&amp;', '&')
	// A person's click: a browser's User-Agent (a headless one reads as a scanner) and not within seconds of
	// the send, when security gateways open links (decision 044) — the send is moved a minute back.
	await db.query(
		`UPDATE "EmailStep" SET "sentAt" = "sentAt" - interval '1 minute' WHERE "sequenceId" = $1 AND "sentAt" IS NOT NULL`,
		[sequence.id],
	)
	const redirect = await page.request.get(tracked, {
		maxRedirects: 0,
		headers: {
			'user-agent':
				'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
		},
	})
	expect(redirect.status()).toBe(302)
	expect(decodeURI(redirect.headers().location!)).toBe(decodeURI(link))

	const active = await openDrawer(page, sequence.id, 'Active Sequence')
	const initial = active.getByRole('article', { name: 'Initial Email', exact: true })
	await expect(initial.getByText('Sent', { exact: true })).toBeVisible()
	await expect(initial.getByText('CLICKED', { exact: true })).toBeVisible()

	// The contact answers (the outbox's stand-in for a mailbox).
	await page.goto('/outbox')
	await page.getByRole('link', { name: 'Engines for Acme' }).click()
	await page.getByLabel('Reply as the contact').fill('Tuesday works, call me.')
	await page.getByRole('button', { name: 'Record reply' }).click()
	await expect(page.getByText('Reply recorded').first()).toBeVisible()

	const replied = await openDrawer(page, sequence.id, 'Sequence Replies')
	const conversation = replied.getByRole('region', { name: 'Conversation' })
	await expect(conversation.getByRole('article', { name: `Message from ${contact.email}` })).toContainText(
		'Tuesday works, call me.',
	)
	const steps = await db.query(`SELECT status FROM "EmailStep" WHERE "sequenceId" = $1 ORDER BY "order"`, [
		sequence.id,
	])
	expect(steps.rows.map((step: { status: string }) => step.status)).toEqual(['REPLIED', 'SCHEDULED'])
	const status = await db.query(`SELECT status FROM "Sequence" WHERE id = $1`, [sequence.id])
	expect(status.rows[0].status).toBe('PAUSED')
})
