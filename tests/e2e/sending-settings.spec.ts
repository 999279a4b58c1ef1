import { expect, test, type Page } from '@playwright/test'
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts'
import { signIn, uniqueEmail } from './utils.ts'

// The app server (another process) sends to this sink, started in the test process.
let sink: SmtpSink
const SMTP_PASSWORD = 'sink-password'

test.beforeAll(async () => {
	sink = await startSmtpSink({ users: { mailer: SMTP_PASSWORD } })
})

test.afterAll(async () => {
	await sink?.close()
})

function verificationLink(text: string | null) {
	const link = /(http:\/\/\S+\/verify-sender\/[\w-]+)/.exec(text ?? '')?.[1]
	expect(link).toBeTruthy()
	return link!
}

function formWith(page: Page, heading: string) {
	return page.locator('form').filter({ has: page.getByRole('heading', { name: heading }) })
}

test('SMTP server, verified sender address, tracking domain, daily limits and send window', async ({
	page,
}) => {
	// One long walk through the page (two emails, the verification pages): more than the default 30 s here.
	test.setTimeout(90_000)
	const email = await signIn(page)
	await page.goto('/settings')
	await page.getByRole('link', { name: 'Sending settings' }).click()
	await expect(page).toHaveURL(/\/settings\/sending$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Sending' })).toBeVisible()
	await expect(page.getByText('Add an SMTP server first')).toBeVisible()

	// An SMTP server, the organization's default.
	const addServer = formWith(page, 'Add an SMTP server')
	await expect(addServer).toHaveAttribute('novalidate', '')
	await addServer.getByLabel('Name', { exact: true }).fill('Sink')
	await addServer.getByLabel('Host').fill('not a host!')
	await addServer.getByRole('button', { name: 'Add server' }).click()
	await expect(addServer.getByText('Please enter a host name such as smtp.example.com')).toBeVisible()
	await addServer.getByLabel('Host').fill(sink.host)
	await addServer.getByLabel('Port', { exact: true }).fill(String(sink.port))
	// The sink is a plain development server on this machine: no TLS.
	await addServer.getByLabel('Connection security').selectOption('NONE')
	await addServer.getByLabel('User name').fill('mailer')
	await addServer.getByLabel('Password').fill(SMTP_PASSWORD)
	await addServer.getByLabel('Default server of the organization').check()
	await addServer.getByRole('button', { name: 'Add server' }).click()
	await expect(page.getByText('SMTP server added')).toBeVisible()
	const servers = page.getByRole('table', { name: 'SMTP servers' })
	await expect(servers.getByRole('row', { name: /Sink/ })).toContainText('Default')
	await expect(page.getByText(SMTP_PASSWORD)).toHaveCount(0)

	// A sender address: the verification email goes through the server; its link verifies.
	const sender = uniqueEmail('sales')
	const addSender = formWith(page, 'Add a sender address')
	await addSender.getByLabel('Email address').fill(sender)
	await addSender.getByLabel('Display name').fill('Ada from Acme')
	const before = sink.messages.length
	await addSender.getByRole('button', { name: 'Add and send verification' }).click()
	await expect(page.getByText('Verification email sent')).toBeVisible()
	const senders = page.getByRole('table', { name: 'Sender addresses' })
	await expect(senders.getByRole('row', { name: new RegExp(sender) })).toContainText(
		'Waiting for verification',
	)
	const [verification] = (await sink.waitForMessages(before + 1)).slice(before)
	expect(verification!.envelopeTo).toEqual([sender])
	expect(verification!.user).toBe('mailer')
	const firstLink = verificationLink(verification!.text)

	// Resend verification: a new email, whose link replaces the first one.
	await senders
		.getByRole('row', { name: new RegExp(sender) })
		.getByRole('button', { name: 'Resend verification' })
		.click()
	await expect(page.getByText('Verification email sent').first()).toBeVisible()
	const [resent] = (await sink.waitForMessages(before + 2)).slice(before + 1)
	const link = verificationLink(resent!.text)
	expect(link).not.toBe(firstLink)
	await page.goto(firstLink)
	await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible()

	// Opening the link verifies nothing (mail scanners open links): Confirm does.
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Verify sender address' })).toBeVisible()
	await expect(page.getByText(sender)).toBeVisible()
	await page.goto('/settings/sending')
	await expect(senders.getByRole('row', { name: new RegExp(sender) })).toContainText(
		'Waiting for verification',
	)
	await page.goto(link)
	await page.getByRole('button', { name: 'Confirm' }).click()
	await expect(page.getByRole('heading', { name: 'Sender address verified' })).toBeVisible()
	await page.getByRole('link', { name: 'Go to the sending settings' }).click()
	await expect(senders.getByRole('row', { name: new RegExp(sender) })).toContainText('Verified')
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible()
	await page.goto('/settings/sending')

	// The tracking domain: a host name, with the CNAME record to create.
	const tracking = page.locator('form#tracking-domain')
	await expect(tracking.getByText('track.example.com CNAME localhost')).toBeVisible()
	await tracking.getByLabel('Tracking domain').fill('https://links.acme.test/')
	await tracking.getByRole('button', { name: 'Save tracking domain' }).click()
	await expect(tracking.getByText('Please enter a host name such as track.example.com')).toBeVisible()
	await tracking.getByLabel('Tracking domain').fill('links.acme.test')
	await tracking.getByRole('button', { name: 'Save tracking domain' }).click()
	await expect(page.getByText('Tracking domain saved')).toBeVisible()
	await page.reload()
	await expect(tracking.getByLabel('Tracking domain')).toHaveValue('links.acme.test')
	await expect(tracking.getByText('links.acme.test CNAME localhost')).toBeVisible()

	// Daily limits of the user's own mailbox, with today's usage.
	const limits = page.getByRole('form', { name: `Daily limits of ${email}` })
	await expect(limits.getByText('Today: 0 of 50 sent')).toBeVisible()
	await limits.getByLabel('First day').fill('0')
	await limits.getByRole('button', { name: 'Save limits' }).click()
	await expect(limits.getByText('The first day must be a whole number from 1 to 10,000')).toBeVisible()
	await limits.getByLabel('First day').fill('30')
	await limits.getByLabel('Maximum per day').fill('120')
	await limits.getByRole('button', { name: 'Save limits' }).click()
	await expect(page.getByText('Daily limits saved')).toBeVisible()
	await page.reload()
	await expect(limits.getByLabel('First day')).toHaveValue('30')
	await expect(limits.getByText('Today: 0 of 30 sent')).toBeVisible()

	// The send window, in the organization's time zone.
	const window = page.locator('form#send-window')
	await window.getByLabel('Organization time zone').fill('Europe/Paris')
	await window.getByLabel('Only send inside the send window').check()
	await window.getByLabel('Fri').uncheck()
	await window.getByLabel('From').fill('08:30')
	await window.getByLabel('Until').fill('18:00')
	await window.getByRole('button', { name: 'Save send window' }).click()
	await expect(page.getByText('Send window saved')).toBeVisible()
	await page.reload()
	await expect(window.getByLabel('Organization time zone')).toHaveValue('Europe/Paris')
	await expect(window.getByLabel('Only send inside the send window')).toBeChecked()
	await expect(window.getByLabel('Fri')).not.toBeChecked()
	await expect(window.getByLabel('Mon')).toBeChecked()
	await expect(window.getByLabel('From')).toHaveValue('08:30')
	await expect(window.getByLabel('Until')).toHaveValue('18:00')

	// Edit the server (the password stays), then delete it after confirming.
	await servers.getByRole('link', { name: 'Edit Sink' }).click()
	const edit = formWith(page, 'Edit Sink')
	await expect(edit.getByLabel('Password')).toHaveAttribute('placeholder', 'Unchanged')
	await edit.getByLabel('Name', { exact: true }).fill('Sink renamed')
	await edit.getByRole('button', { name: 'Save server' }).click()
	await expect(page.getByText('SMTP server saved')).toBeVisible()
	await expect(servers.getByRole('row', { name: /Sink renamed/ })).toBeVisible()
	await servers.getByRole('button', { name: 'Delete Sink renamed' }).click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
	await expect(page.getByText('SMTP server deleted')).toBeVisible()
	await expect(page.getByText('No SMTP servers yet.')).toBeVisible()
})
