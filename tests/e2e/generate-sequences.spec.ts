import { expect, test, type Page } from '@playwright/test'
import { connectDatabase, seedContact } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Generate Sequences: a campaign's contacts, one progress view that follows the run live,
// review in the drawer, then Activate drafts; the same page works without JavaScript; and
// "Generating N%" moves live on the Sequences page.

async function campaignWithContacts(page: Page, name: string, firstNames: string[]) {
	const campaign = await page.request.post('/api/v1/campaigns', { data: { name, channels: ['EMAIL'] } })
	const { id } = (await campaign.json()) as { id: string }
	const contacts = []
	for (const firstName of firstNames)
		contacts.push(await seedContact(page.request, { firstName, lastName: 'Tester' }))
	const added = await page.request.post(`/api/v1/campaigns/${id}/contacts/batch`, {
		data: { contact_ids: contacts.map((contact) => contact.id) },
	})
	expect(added.ok()).toBe(true)
	return { id, contacts }
}

test('a campaign generates a draft for every contact, followed in one view, then activated together', async ({
	page,
}) => {
	const email = await signIn(page)
	const campaign = await campaignWithContacts(page, 'Autumn push', ['Ada', 'Grace', 'Edsger'])
	await page.goto(`/campaigns/${campaign.id}`)
	await page.getByRole('link', { name: 'Generate Sequences' }).click()
	const dialog = page.getByRole('dialog', { name: 'Generate Sequences' })
	await expect(dialog.getByText('Autumn push')).toBeVisible()
	await expect(dialog.getByLabel('Organization Prompt')).toBeChecked()
	await expect(dialog.getByLabel('Phone Call Request')).toHaveCount(0)

	await dialog.getByLabel('Sender email').selectOption('')
	await dialog.getByRole('button', { name: 'Generate Sequences' }).click()
	await expect(dialog.getByText('Please select a sender email')).toBeVisible()

	await dialog.getByLabel('Sender email').selectOption({ label: email.toLowerCase() })
	await dialog.getByLabel('Additional information').fill('Invite them to our autumn webinar.')
	await dialog.getByRole('button', { name: 'Generate Sequences' }).click()

	await expect(page).toHaveURL(/\/sequences\/generations\/[^/]+$/)
	await expect(page.getByRole('heading', { name: 'Generate Sequences: Autumn push' })).toBeVisible()
	await expect(page.getByText('Your sequences are being generated. Give them a moment.')).toBeVisible()
	// The inline worker writes them; the view follows without a reload.
	await expect(page.getByRole('status').filter({ hasText: 'Generation finished' })).toBeVisible({
		timeout: 30_000,
	})
	const table = page.getByRole('table', { name: 'Generated sequences' })
	await expect(table.getByText('Draft')).toHaveCount(3)
	await expect(page.getByText('Invite them to our autumn webinar.')).toBeVisible()

	// Review one in the drawer.
	await table.getByRole('link', { name: 'Grace Tester' }).click()
	const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
	await expect(drawer).toBeVisible()
	await expect(drawer.getByText('Grace', { exact: false }).first()).toBeVisible()
	await page.keyboard.press('Escape')
	await expect(drawer).toBeHidden()

	await page.getByRole('button', { name: 'Activate 3 drafts' }).click()
	await expect(page.getByText('3 sequences activated')).toBeVisible()
	await expect(table.getByText('ACTIVE')).toHaveCount(3)
	await expect(page.getByRole('button', { name: 'Activate 0 drafts' })).toBeDisabled()

	// The Sequences page leads back to the run.
	await page.goto('/sequences')
	await page
		.getByRole('navigation', { name: 'Recent generations' })
		.getByRole('link', { name: /Autumn push/ })
		.click()
	await expect(page.getByRole('heading', { name: 'Generate Sequences: Autumn push' })).toBeVisible()
})

test('without JavaScript: the Generate Sequences page starts a run and shows it', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	const email = await signIn(page)
	const campaign = await campaignWithContacts(page, 'Plain HTML', ['Barbara', 'John'])
	await page.goto(`/campaigns/${campaign.id}`)
	await page.getByRole('link', { name: 'Generate Sequences' }).click()
	await expect(page).toHaveURL(/\/sequences\/generations\/new\?campaignId=/)
	await page.getByLabel('Sender email').selectOption('')
	await page.getByRole('button', { name: 'Generate Sequences' }).click()
	await expect(page.getByText('Please select a sender email')).toBeVisible()
	await page.getByLabel('Sender email').selectOption({ label: email.toLowerCase() })
	await page.getByRole('button', { name: 'Generate Sequences' }).click()
	await expect(page).toHaveURL(/\/sequences\/generations\/[^/]+$/)
	await expect(page.getByRole('heading', { name: 'Generate Sequences: Plain HTML' })).toBeVisible()
	await expect(async () => {
		await page.reload()
		await expect(page.getByRole('status').filter({ hasText: 'Generation finished' })).toBeVisible({
			timeout: 1_000,
		})
	}).toPass({ timeout: 30_000 })
	await page.getByRole('button', { name: 'Activate 2 drafts' }).click()
	await expect(page.getByRole('table', { name: 'Generated sequences' }).getByText('ACTIVE')).toHaveCount(2)
	await context.close()
})

test('the Sequences page shows Generating N% live, then the draft', async ({ page }) => {
	await signIn(page)
	const contact = await seedContact(page.request, { firstName: 'Katherine', lastName: 'Johnson' })
	const db = await connectDatabase()
	try {
		// A generating sequence with no job: the test moves it as the worker would.
		const mailboxes = (await (await page.request.get('/api/v1/ses/email')).json()) as Array<{ id: string }>
		const {
			rows: [sequence],
		} = await db.query<{ id: string }>(
			`INSERT INTO "Sequence" (id, status, progress, "organizationId", "contactId", "mailboxId", "updatedAt")
			 SELECT gen_random_uuid()::text, 'CREATING', 10, c."organizationId", c.id, $2, now() FROM "Contact" c WHERE c.id = $1
			 RETURNING id`,
			[contact.id, mailboxes[0]!.id],
		)
		await page.goto('/sequences')
		const table = page.getByRole('table', { name: 'Sequences' })
		await expect(table.getByText('Generating 10%')).toBeVisible()
		// Wait for the stream to be open before moving it.
		await expect
			.poll(
				async () =>
					(
						await db.query(
							`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN %sequence_generation%' AND pid <> pg_backend_pid()`,
						)
					).rows[0].n,
			)
			.toBeGreaterThan(0)
		await db.query(`UPDATE "Sequence" SET progress = 60 WHERE id = $1`, [sequence!.id])
		await expect(table.getByText('Generating 60%')).toBeVisible()
		await db.query(
			`UPDATE "Sequence" SET status = 'PENDING', progress = 100, subject = 'Orbits and you' WHERE id = $1`,
			[sequence!.id],
		)
		await expect(table.getByText('Draft')).toBeVisible()
		await expect(table.getByText('Orbits and you')).toBeVisible()
	} finally {
		await db.end()
	}
})

test('a campaign rotates across its sending mailboxes: chosen on its page, one per contact', async ({
	page,
}) => {
	const email = await signIn(page)
	const campaign = await campaignWithContacts(page, 'Two mailboxes', ['Mary', 'Alan', 'Ada', 'Edsger'])
	const db = await connectDatabase()
	try {
		// A verified sender address of the organization beside the user's own mailbox.
		await db.query(
			`INSERT INTO "Mailbox" (id, address, kind, "organizationId", "verifiedAt", "updatedAt")
			 SELECT gen_random_uuid()::text, 'team@rotation.example', 'SENDER', m."organizationId", now(), now()
			 FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
			[email],
		)
		await page.goto(`/campaigns/${campaign.id}`)
		const card = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save mailboxes' }) })
		await expect(
			card.getByText('Today: 0 of 50 sent · 0 waiting for a first email · room for 50'),
		).toHaveCount(2)
		await card.getByRole('checkbox', { name: 'team@rotation.example' }).check()
		await card.getByRole('checkbox', { name: email.toLowerCase() }).check()
		await card.getByRole('button', { name: 'Save mailboxes' }).click()
		await expect(page.getByText('Sending mailboxes saved')).toBeVisible()
		await expect(card.getByRole('checkbox', { name: 'team@rotation.example' })).toBeChecked()

		await page.getByRole('link', { name: 'Generate Sequences' }).click()
		const dialog = page.getByRole('dialog', { name: 'Generate Sequences' })
		const sender = dialog.getByLabel('Sender email')
		await expect(sender.locator('option:checked')).toHaveText(
			`Rotate across the campaign’s 2 mailboxes (team@rotation.example, ${email.toLowerCase()})`,
		)
		await dialog.getByRole('button', { name: 'Generate Sequences' }).click()
		await expect(page).toHaveURL(/\/sequences\/generations\/[^/]+$/)
		const runId = page.url().split('/').pop()!
		// Equal room: the four contacts are shared two and two.
		const { rows } = await db.query<{ address: string; n: number }>(
			`SELECT m.address, count(*)::int AS n FROM "Sequence" s JOIN "Mailbox" m ON m.id = s."mailboxId"
			 WHERE s."generationId" = $1 GROUP BY m.address ORDER BY m.address`,
			[runId],
		)
		expect(rows).toEqual([
			{ address: 'team@rotation.example', n: 2 },
			{ address: email.toLowerCase(), n: 2 },
		])
	} finally {
		await db.end()
	}
})

test('without JavaScript: the Sending mailboxes card is a plain form, and the run page offers the rotation', async ({
	browser,
}) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	const email = await signIn(page)
	const campaign = await campaignWithContacts(page, 'Plain mailboxes', ['Barbara'])
	const db = await connectDatabase()
	try {
		await db.query(
			`INSERT INTO "Mailbox" (id, address, kind, "organizationId", "verifiedAt", "updatedAt")
			 SELECT gen_random_uuid()::text, 'plain@rotation.example', 'SENDER', m."organizationId", now(), now()
			 FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
			[email],
		)
	} finally {
		await db.end()
	}
	await page.goto(`/campaigns/${campaign.id}`)
	const card = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save mailboxes' }) })
	await card.getByRole('checkbox', { name: 'plain@rotation.example' }).check()
	await card.getByRole('button', { name: 'Save mailboxes' }).click()
	// Posted and redirected back: the page as the server now reads it.
	await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`))
	await expect(card.getByRole('checkbox', { name: 'plain@rotation.example' })).toBeChecked()
	await expect(card.getByRole('checkbox', { name: email.toLowerCase() })).not.toBeChecked()

	await page.getByRole('link', { name: 'Generate Sequences' }).click()
	await expect(page).toHaveURL(/\/sequences\/generations\/new\?campaignId=/)
	await expect(page.getByLabel('Sender email').locator('option:checked')).toHaveText(
		'Rotate across the campaign’s mailbox (plain@rotation.example)',
	)
	await context.close()
})
