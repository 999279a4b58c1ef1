import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { databaseUrlFor } from '../../scripts/database/embedded-postgres.ts'
import { e2ePostgresName, startTestPostgres } from '../setup/test-database.ts'
import { signIn, uniqueEmail } from './utils.ts'

// The local outbox page, on messages written straight into the e2e server's database.

let client: pg.Client

test.beforeAll(async () => {
	const { serverUrl } = await startTestPostgres(e2ePostgresName())
	client = new pg.Client({
		connectionString: databaseUrlFor(serverUrl, `reachout_e2e_${process.env.E2E_PORT ?? 3917}`),
	})
	await client.connect()
})

test.afterAll(async () => {
	await client?.end()
})

async function organizationOf(email: string) {
	const { rows } = await client.query<{ organizationId: string }>(
		`SELECT m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
		[email],
	)
	return rows[0]!.organizationId
}

async function insertOutboxMessage(
	organizationId: string,
	message: {
		subject: string
		html?: string
		text?: string
		createdAt: Date
		headers?: Record<string, string>
	},
) {
	const id = `out_${randomUUID().replaceAll('-', '')}`
	await client.query(
		`INSERT INTO "OutboxMessage" (id, "messageId", "fromAddress", "toAddress", subject, html, text, headers, "organizationId", "createdAt")
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)`,
		[
			id,
			`<${id}@reachout.test>`,
			'"Ada Sales" <ada@acme.test>',
			'lead@example.org',
			message.subject,
			message.html ?? `<p>${message.subject}</p>`,
			message.text ?? message.subject,
			JSON.stringify(message.headers ?? {}),
			organizationId,
			message.createdAt,
		],
	)
	return id
}

test('lists what was sent, newest first, a page at a time, and shows a message safely', async ({ page }) => {
	const email = await signIn(page)
	await page.goto('/outbox')
	await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible()
	await expect(page.getByText(`Your mailbox ${email} sends to this local outbox`)).toBeVisible()
	await expect(page.getByText('No emails in the outbox yet.')).toBeVisible()

	const organizationId = await organizationOf(email)
	const start = Date.now() - 60 * 60_000
	for (let index = 1; index <= 30; index++) {
		await insertOutboxMessage(organizationId, {
			subject: `Follow-up ${index}`,
			createdAt: new Date(start + index * 60_000),
		})
	}
	const unsubscribe = '<http://localhost/unsubscribe/abc.def>'
	await insertOutboxMessage(organizationId, {
		subject: 'Quick question about rockets',
		html: `<p id="body">Hello from the outbox</p><script>document.getElementById('body').textContent = 'script ran'; parent.document.title = 'pwned'</script>`,
		text: 'Hello from the outbox (text)',
		headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
		createdAt: new Date(),
	})
	const otherOrganization = `org_${randomUUID().slice(0, 8)}`
	await client.query(`INSERT INTO "Organization" (id, name, "updatedAt") VALUES ($1, 'Other', now())`, [
		otherOrganization,
	])
	const foreignId = await insertOutboxMessage(otherOrganization, {
		subject: 'Not yours',
		createdAt: new Date(),
	})

	await page.reload()
	await expect(page.getByRole('heading', { name: '31 messages' })).toBeVisible()
	const rows = page.getByRole('table', { name: 'Outbox messages' }).getByRole('row')
	await expect(rows).toHaveCount(26)
	await expect(rows.nth(1)).toContainText('Quick question about rockets')
	await expect(rows.nth(1)).toContainText('lead@example.org')
	await expect(rows.nth(2)).toContainText('Follow-up 30')
	await expect(page.getByText('Not yours')).toHaveCount(0)
	await expect(page.getByText('Page 1 of 2')).toBeVisible()

	await page.getByRole('link', { name: 'Older' }).click()
	await expect(page.getByText('Page 2 of 2')).toBeVisible()
	await expect(rows).toHaveCount(7)
	await expect(rows.nth(6)).toContainText('Follow-up 1')
	await page.getByRole('link', { name: 'Newer' }).click()
	await expect(page.getByText('Page 1 of 2')).toBeVisible()

	await page.getByRole('link', { name: 'Quick question about rockets' }).click()
	const message = page.getByRole('region', { name: 'Message' })
	await expect(message.getByRole('heading', { name: 'Quick question about rockets' })).toBeVisible()
	const body = page.frameLocator('iframe[title="Email body"]')
	await expect(body.locator('#body')).toHaveText('Hello from the outbox')
	await expect(page).toHaveTitle('Outbox · Reachout')
	await message.getByText('Headers').click()
	await expect(message.getByText(unsubscribe)).toBeVisible()
	await message.getByText('Plain text').click()
	await expect(message.getByText('Hello from the outbox (text)')).toBeVisible()

	// Another organization's message is not found.
	const response = await page.goto(`/outbox?message=${foreignId}`)
	expect(response?.status()).toBe(404)
	await expect(page.getByText('Not yours')).toHaveCount(0)
})

test('a new user without a session is sent to sign in', async ({ page }) => {
	await page.goto('/outbox')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Foutbox/)
	// And a member of another organization sees only their own outbox.
	await signIn(page, uniqueEmail('other'))
	await page.goto('/outbox')
	await expect(page.getByText('No emails in the outbox yet.')).toBeVisible()
})
