import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { startImapServer, type ImapServer } from '../fakes/imap-server.ts'
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts'
import { connectDatabase, seedContact, sequenceStates } from './sequence-fixtures.ts'
import { signIn, uniqueEmail } from './utils.ts'

// A verified sender on SMTP: the screens say plainly that replies will not stop its sequences,
// the drawer offers "Mark as replied", and IMAP settings (tested against Dovecot on save) end that.

const SMTP_PASSWORD = 'sink-password'
const IMAP_PASSWORD = 'imap-password'
const SHOTS = '/tmp/shots-imap'
let sink: SmtpSink
let imap: ImapServer
let db: pg.Client
let imapAccount: string

test.beforeAll(async () => {
	mkdirSync(SHOTS, { recursive: true })
	sink = await startSmtpSink({ users: { mailer: SMTP_PASSWORD } })
	imapAccount = uniqueEmail('inbox')
	imap = await startImapServer({ users: { [imapAccount]: IMAP_PASSWORD } })
	db = await connectDatabase()
})

test.afterAll(async () => {
	await db?.end()
	await imap?.stop()
	await sink?.close()
})

function formWith(page: Page, heading: string | RegExp) {
	return page.locator('form').filter({ has: page.getByRole('heading', { name: heading }) })
}

async function verifiedSender(page: Page) {
	await page.goto('/settings/sending')
	const addServer = formWith(page, 'Add an SMTP server')
	await addServer.getByLabel('Name', { exact: true }).fill('Sink')
	await addServer.getByLabel('Host').fill(sink.host)
	await addServer.getByLabel('Port', { exact: true }).fill(String(sink.port))
	await addServer.getByLabel('User name').fill('mailer')
	await addServer.getByLabel('Password').fill(SMTP_PASSWORD)
	await addServer.getByLabel('Connection security').selectOption('NONE')
	await addServer.getByLabel('Default server of the organization').check()
	await addServer.getByRole('button', { name: 'Add server' }).click()
	await expect(page.getByText('SMTP server added')).toBeVisible()
	const sender = uniqueEmail('sales')
	const addSender = formWith(page, 'Add a sender address')
	await addSender.getByLabel('Email address').fill(sender)
	const before = sink.messages.length
	await addSender.getByRole('button', { name: 'Add and send verification' }).click()
	await expect(page.getByText('Verification email sent')).toBeVisible()
	const [verification] = (await sink.waitForMessages(before + 1)).slice(before)
	const link = /(http:\/\/\S+\/verify-sender\/[\w-]+)/.exec(verification!.text ?? '')?.[1]
	await page.goto(link!)
	// Opening the link verifies nothing (a mail scanner may open it): Confirm does (decision 015).
	await page.getByRole('button', { name: 'Confirm' }).click()
	await expect(page.getByRole('heading', { name: 'Sender address verified' })).toBeVisible()
	return sender
}

test('no IMAP: the notices and "Mark as replied"; then IMAP settings with their connection test', async ({
	page,
}) => {
	// Two servers to set up, a verification round trip and two IMAP logins (Dovecot delays a refused one by 2 s).
	test.setTimeout(120_000)
	await page.setViewportSize({ width: 1280, height: 900 })
	await signIn(page)
	const sender = await verifiedSender(page)

	// Settings › Sending says it plainly.
	await page.goto('/settings/sending')
	const senders = page.getByRole('table', { name: 'Sender addresses' })
	const row = senders.getByRole('row', { name: new RegExp(sender) })
	await expect(row).toContainText('Replies will not stop its sequences')
	await expect(
		page.getByRole('note').filter({ hasText: `Replies will not stop the sequences of ${sender}` }),
	).toBeVisible()
	await page.getByRole('heading', { name: 'Sender addresses' }).scrollIntoViewIfNeeded()
	await page.screenshot({ path: `${SHOTS}/sending-no-imap.png` })

	// The Create sequence form, with that sender chosen.
	const contact = await seedContact(page.request, { firstName: 'Grace', lastName: 'Hopper' })
	await page.goto(`/contacts/${contact.id}/sequences/new`)
	// The rate limits are explained on the first visit.
	await page.getByRole('dialog', { name: 'Rate limits' }).getByRole('button', { name: 'Got it' }).click()
	await page.getByLabel('From').selectOption({ label: sender })
	await expect(
		page.getByRole('note').filter({ hasText: 'Replies will not stop this sequence' }),
	).toBeVisible()
	await page.screenshot({ path: `${SHOTS}/create-sequence-no-imap.png` })

	// A running sequence from that sender, its first email sent: the drawer offers "Mark as replied".
	const mailboxes = (await (await page.request.get('/api/v1/ses/email')).json()) as Array<{
		id: string
		address: string
	}>
	const senderId = mailboxes.find((mailbox) => mailbox.address === sender)!.id
	const created = await page.request.post('/api/v1/sequences', {
		data: {
			contactId: contact.id,
			subject: 'Quick question',
			steps: [
				{ daysAfter: 0, body: 'Hello Grace', emailAddressId: senderId },
				{ daysAfter: 3, body: 'Following up', emailAddressId: senderId },
			],
			linkedInSteps: [],
		},
	})
	expect(created.ok()).toBe(true)
	const sequence = (await created.json()) as { id: string; emailSteps: Array<{ id: string; order: number }> }
	const states = sequenceStates(db)
	await states.setSequence(sequence.id, 'ACTIVE')
	await states.setEmailStep(sequence.emailSteps.find((step) => step.order === 1)!.id, 'SENT')
	await states.setEmailStep(sequence.emailSteps.find((step) => step.order === 2)!.id, 'SCHEDULED')
	await page.goto(`/sequences/${sequence.id}`)
	const drawer = page.getByRole('dialog').filter({ hasText: 'Quick question' })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	const notice = drawer.getByRole('note').filter({ hasText: 'Replies will not stop this sequence' })
	await expect(notice).toBeVisible()
	await page.screenshot({ path: `${SHOTS}/drawer-mark-as-replied.png` })
	await notice.getByRole('button', { name: 'Mark as replied' }).click()
	await expect(page.getByText('Marked as replied')).toBeVisible()
	await expect(drawer.getByRole('region', { name: 'Conversation' })).toBeVisible()
	const { rows } = await db.query<{ status: string }>(`SELECT status::text FROM "Sequence" WHERE id = $1`, [
		sequence.id,
	])
	expect(rows[0]!.status).toBe('PAUSED')

	// IMAP settings: the login is tested on save; a wrong password saves nothing.
	await page.goto('/settings/sending')
	await row.getByRole('link', { name: `IMAP settings of ${sender}` }).click()
	const form = formWith(page, `IMAP for ${sender}`)
	await expect(form.getByLabel('IMAP port')).toHaveValue('993')
	await expect(form.getByLabel('IMAP user name')).toHaveValue('mailer')
	await form.getByLabel('IMAP host').fill(imap.host)
	await form.getByLabel('IMAP port').fill(String(imap.port))
	await form.getByLabel('Use TLS (port 993)').uncheck()
	await form.getByLabel('IMAP user name').fill(imapAccount)
	await form.getByLabel('IMAP password').fill('wrong password')
	await form.getByRole('button', { name: 'Test and save' }).click()
	await expect(
		form.getByText(
			/Could not log in to the IMAP server: .*refused the user name or password.*Nothing was saved\./,
		),
	).toBeVisible({
		timeout: 20_000,
	})
	await page.screenshot({ path: `${SHOTS}/imap-settings-refused.png` })
	await expect(row).toContainText('Replies will not stop its sequences')
	await form.getByLabel('IMAP password').fill(IMAP_PASSWORD)
	await form.getByRole('button', { name: 'Test and save' }).click()
	await expect(page.getByText('IMAP settings saved')).toBeVisible({ timeout: 20_000 })
	await expect(row).toContainText(`IMAP · ${imap.host}`)
	await expect(page.getByRole('note').filter({ hasText: 'Replies will not stop' })).toHaveCount(0)
	await page.getByRole('heading', { name: 'Sender addresses' }).scrollIntoViewIfNeeded()
	await page.screenshot({ path: `${SHOTS}/sending-with-imap.png` })
})
