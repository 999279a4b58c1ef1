import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { startSmtpSink, unusedPort, type SmtpSink } from '../fakes/smtp-sink.ts'
import { connectDatabase, seedContact, seedSequence, sendAtAnyHour } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Issue 20, item 2 (decision 013), end to end: the organization's SMTP server cannot be reached,
// the worker gives up after the limit (2 attempts here, serve.ts), and the user sees why — in the
// drawer, the Sequences list and Settings › Sending — then starts the server and presses Retry.

let db: pg.Client
let sink: SmtpSink | null = null
const SHOTS = process.env.SHOTS_DIR

test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await sink?.close()
	await db?.end()
})

async function shot(page: Page, name: string) {
	if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function stepStatuses(sequenceId: string) {
	const { rows } = await db.query(`SELECT status FROM "EmailStep" WHERE "sequenceId" = $1 ORDER BY "order"`, [
		sequenceId,
	])
	return rows.map((row: { status: string }) => row.status)
}

test('an unreachable server fails the step with its reason; Retry sends it once the server is back', async ({
	page,
}) => {
	// Two failed attempts a second apart, a retry and several pages: longer than the default.
	test.setTimeout(120_000)
	await page.setViewportSize({ width: 1280, height: 900 })
	// The step must go now, whatever the hour (a new organization's send window is 08:00–18:00).
	await sendAtAnyHour(db, await signIn(page))
	const port = await unusedPort()

	// The organization's default server: on this machine, so plain SMTP is allowed. Saving tests
	// the connection (decision 015), so it answers while it is saved, then goes away.
	const saving = await startSmtpSink({ port })
	await page.goto('/settings/sending')
	const addServer = page
		.locator('form')
		.filter({ has: page.getByRole('heading', { name: 'Add an SMTP server' }) })
	await addServer.getByLabel('Name', { exact: true }).fill('Office relay')
	await addServer.getByLabel('Host').fill('127.0.0.1')
	await addServer.getByLabel('Port', { exact: true }).fill(String(port))
	await addServer.getByLabel('Connection security').selectOption('NONE')
	await addServer.getByLabel('Default server of the organization').check()
	await addServer.getByRole('button', { name: 'Add server' }).click()
	await expect(page.getByText('SMTP server added')).toBeVisible()
	await saving.close()

	const contact = await seedContact(page.request)
	const sequence = await seedSequence(page.request, contact.id, { subject: 'Engines for Acme' })
	await page.goto(`/sequences/${sequence.id}`)
	const draft = page.getByRole('dialog', { name: 'Draft Sequence' })
	await expect(draft).toHaveAttribute('data-hydrated', 'true')
	await draft.getByRole('button', { name: 'Activate sequence' }).click()
	await expect(page.getByText('Sequence updated successfully')).toBeVisible()
	await expect.poll(() => stepStatuses(sequence.id), { timeout: 30_000 }).toEqual(['FAILED', 'CANCELED'])

	// The drawer: the failed step says why, and offers Retry.
	await page.goto(`/sequences/${sequence.id}`)
	const drawer = page.getByRole('dialog', { name: 'Failed Sequence' })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	const initial = drawer.getByRole('article', { name: 'Initial Email', exact: true })
	const failure = initial.getByTestId('step-failure')
	await expect(failure).toContainText('Not sent')
	await expect(failure).toContainText(
		new RegExp(
			`The SMTP server could not be reached \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\); gave up after 2 attempts`,
		),
	)
	await expect(initial.getByRole('button', { name: 'Retry' })).toBeVisible()
	await shot(page, 'drawer-failed-step')

	// The Sequences list: FAILED, the reason as its tooltip.
	await page.goto('/sequences')
	const row = page.getByRole('row', { name: /Engines for Acme/ })
	const status = row.getByTestId('sequence-failure')
	await expect(status).toContainText('Failed')
	await expect(status).toHaveAttribute('title', /The SMTP server could not be reached/)
	await status.hover()
	await expect(page.getByRole('tooltip')).toContainText('gave up after 2 attempts')
	await shot(page, 'sequences-list-failed')

	// Settings › Sending: the mailbox is flagged.
	await page.goto('/settings/sending')
	const flag = page.getByTestId('mailbox-unreachable')
	await expect(flag).toContainText('Server unreachable since')
	await expect(flag).toContainText(`connect ECONNREFUSED 127.0.0.1:${port}`)
	await flag.scrollIntoViewIfNeeded()
	await shot(page, 'settings-mailbox-unreachable')

	// The server comes back on its port; Retry sends the step once and the sequence carries on.
	sink = await startSmtpSink({ port })
	await page.goto(`/sequences/${sequence.id}`)
	const again = page.getByRole('dialog', { name: 'Failed Sequence' })
	await expect(again).toHaveAttribute('data-hydrated', 'true')
	await again
		.getByRole('article', { name: 'Initial Email', exact: true })
		.getByRole('button', { name: 'Retry' })
		.click()
	await expect(page.getByText('The step will be sent again')).toBeVisible()
	await expect.poll(() => stepStatuses(sequence.id), { timeout: 30_000 }).toEqual(['SENT', 'SCHEDULED'])
	expect(sink.messages.map((message) => message.subject)).toEqual(['Engines for Acme'])
	await page.goto('/settings/sending')
	await expect(page.getByTestId('mailbox-unreachable')).toHaveCount(0)
})
