import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sendAtAnyHour } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The step ledger in the drawer (issue 17, item 3; decision 050): each step's history in plain
// words — planned, sent through the outbox, the follow-up planned from the send, stopped by a pause —
// and the same history from the API.

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

test('the drawer shows each step’s history in plain words', async ({ page }) => {
	// Four drawer loads and a real send: past the 45 s default on a loaded two-core machine.
	test.setTimeout(90_000)
	const email = await signIn(page)
	await sendAtAnyHour(db, email)
	const contact = await seedContact(page.request)
	const sequence = await seedSequence(page.request, contact.id, { subject: 'Ledger check' })

	const draft = await openDrawer(page, sequence.id, 'Draft Sequence')
	await draft.getByRole('button', { name: 'Activate sequence' }).click()
	await expect(page.getByText('Sequence updated successfully')).toBeVisible()
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

	const drawer = await openDrawer(page, sequence.id, 'Active Sequence')
	const histories = drawer.getByTestId('step-history')
	await expect(histories).toHaveCount(2)
	const first = histories.nth(0)
	await first.getByText(/^History \(3\)$/).click()
	const firstLines = first.getByTestId('step-history-line')
	await expect(firstLines.nth(0)).toContainText(/Scheduled for \w{3} \d\d:\d\d \S+: the sequence started/)
	await expect(firstLines.nth(1)).toContainText('Sending')
	await expect(firstLines.nth(2)).toContainText(/Sent via the local outbox \(message id <.+>\)/)

	const second = histories.nth(1)
	await second.getByText(/^History \(\d\)$/).click()
	await expect(second.getByTestId('step-history-line').last()).toContainText(
		/Scheduled for \w{3}( \d+ \w{3})? \d\d:\d\d \S+: planned from the previous step/,
	)

	await drawer.getByRole('button', { name: 'Pause' }).click()
	await expect(page.getByText('Sequence updated successfully')).toBeVisible()
	const paused = await openDrawer(page, sequence.id, 'Sequence Replies')
	const followUp = paused.getByTestId('step-history').nth(1)
	await followUp.getByText(/^History \(\d\)$/).click()
	await expect(followUp.getByTestId('step-history-line').last()).toContainText(
		'Stopped: the sequence was paused',
	)

	const api = await page.request.get(`/api/v1/sequences/${sequence.id}/ledger?order=newest&pageSize=1`)
	expect(api.status()).toBe(200)
	const body = (await api.json()) as { data: Array<{ decision: string; text: string }>; total: number }
	expect(body.data[0]).toMatchObject({ decision: 'STOPPED', text: 'Stopped: the sequence was paused' })
	// Two activated, sending, sent, the follow-up planned from the send, the follow-up stopped.
	expect(body.total).toBe(6)
})
