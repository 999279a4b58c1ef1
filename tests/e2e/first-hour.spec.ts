import { expect, test, type Page } from '@playwright/test'
import { connectDatabase, seedContact, seedSequence, sequenceStates } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// Issue 19 (a flawless first hour), items 4 and 5: what a new user tripped over, each seen as
// the user sees it. Real clicks (not focus + Enter), since a lost click was one of the trips.

async function campaignWith(page: Page, name: string, contactIds: string[]) {
	const created = await page.request.post('/api/v1/campaigns', { data: { name, channels: ['EMAIL'] } })
	const { id } = (await created.json()) as { id: string }
	const added = await page.request.post(`/api/v1/campaigns/${id}/contacts/batch`, {
		data: { contact_ids: contactIds },
	})
	expect(added.ok()).toBe(true)
	return id
}

test('every page has a favicon: /favicon.ico answers, nothing on the page is a 404', async ({ page }) => {
	await signIn(page)
	const missing: string[] = []
	page.on('response', (response) => {
		if (response.status() === 404) missing.push(response.url())
	})
	await page.goto('/contacts')
	await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /favicon/)
	const icon = await page.request.get('/favicon.ico')
	expect(icon.status()).toBe(200)
	expect(icon.headers()['content-type']).toMatch(/^image\//)
	const svg = await page.request.get('/favicon.svg')
	expect(svg.headers()['content-type']).toContain('image/svg+xml')
	expect(missing).toEqual([])
})

test('the empty New Company dialog flags every required field at the first click', async ({ page }) => {
	await signIn(page)
	await page.setViewportSize({ width: 1280, height: 800 })
	await page.goto('/companies')
	await page.getByRole('button', { name: 'New Company' }).first().click()
	const dialog = page.getByRole('dialog', { name: 'New Company' })
	// Name has the focus; a mouse click on Create must not be lost to Name's blur message.
	await expect(dialog.getByLabel('Name')).toBeFocused()
	await dialog.getByRole('button', { name: 'Create Company' }).click()
	await expect(dialog.getByText('Company name is required')).toBeVisible()
	await expect(dialog.getByText('Company description is required')).toBeVisible()
})

test('contact names on a company page open the contact', async ({ page }) => {
	await signIn(page)
	const contact = await seedContact(page.request, { firstName: 'Linus', lastName: 'Linked' })
	const detail = await (await page.request.get(`/api/v1/contacts/${contact.id}`)).json()
	const companyId = (detail.companyId ?? detail.company?.id ?? detail.data?.companyId) as string
	await page.goto(`/companies/${companyId}`)
	await page
		.getByRole('table', { name: 'Contacts at this company' })
		.getByRole('link', { name: 'Linus Linked' })
		.click()
	await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`))
})

test('Create List says, before the click, that only administrators may use it', async ({ page }) => {
	await signIn(page)
	await page.goto('/lists')
	const create = page.getByRole('button', { name: 'Create List' })
	await expect(create).toBeDisabled()
	await expect(create).toHaveAccessibleDescription('Only administrators can create lists')
	await expect(page.getByText('Only administrators can create lists')).toBeVisible()
})

test('Generate Sequence on the contact page opens the assistant, as in the contact dialog', async ({
	page,
}) => {
	await signIn(page)
	const contact = await seedContact(page.request, { firstName: 'Gen', lastName: 'Erate' })
	await page.goto(`/contacts/${contact.id}`)
	await page.getByRole('link', { name: 'Generate Sequence' }).click()
	await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}/sequences/generate$`))
	await expect(page.getByRole('heading', { level: 1, name: 'Generate Sequence' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Switch to Manual' })).toBeVisible()
})

test('a campaign whose contacts have sequences: who is skipped and why, up front; Add All counts the new', async ({
	page,
}) => {
	await signIn(page)
	const drafted = await seedContact(page.request, { firstName: 'Drafted', lastName: 'Already' })
	const fresh = await seedContact(page.request, { firstName: 'Fresh', lastName: 'Face' })
	await seedContact(page.request, { firstName: 'Outside', lastName: 'Campaign' })
	await seedSequence(page.request, drafted.id)
	const campaignId = await campaignWith(page, 'Skip check', [drafted.id, fresh.id])

	await page.goto(`/campaigns/${campaignId}`)
	await page.getByRole('link', { name: 'Add Contacts' }).click()
	const add = page.getByRole('dialog', { name: 'Add Contacts' })
	await expect(add.getByRole('table', { name: 'Contacts to add' }).getByRole('row')).toHaveCount(4)
	// Two of the three are in the campaign already: Add All adds one.
	await expect(add.getByRole('button', { name: 'Add All (1)' })).toBeVisible()
	await page.keyboard.press('Escape')

	await page.getByRole('link', { name: 'Generate Sequences' }).click()
	const dialog = page.getByRole('dialog', { name: 'Generate Sequences' })
	const skipped = dialog.getByRole('region', { name: 'Contacts that will be skipped' })
	await expect(skipped).toContainText('1 draft will be written; 1 contact will be skipped.')
	await expect(skipped.getByRole('listitem')).toHaveText([
		/Drafted Already\s*Already has an open sequence \(Draft\)/,
	])
	await page.screenshot({ path: 'test-results/first-hour-skips.png' })
})

test('badges speak one vocabulary; a sequence a reply stopped reads Replied', async ({ page }) => {
	await signIn(page)
	const db = await connectDatabase()
	try {
		const states = sequenceStates(db)
		const replied = await seedContact(page.request, { firstName: 'Rita', lastName: 'Replied' })
		const drafted = await seedContact(page.request, { firstName: 'Dora', lastName: 'Draft' })
		const sequence = await seedSequence(page.request, replied.id)
		await seedSequence(page.request, drafted.id)
		await states.setSequence(sequence.id, 'PAUSED')
		await states.setEmailStep(sequence.emailSteps[0]!.id, 'REPLIED')
		await db.query(
			`INSERT INTO "SequenceEvent" (id, type, metadata, "organizationId", "sequenceId")
			 SELECT gen_random_uuid()::text, 'REPLY', '{}'::jsonb, "organizationId", id FROM "Sequence" WHERE id = $1`,
			[sequence.id],
		)
		await page.goto('/sequences')
		const table = page.getByRole('table', { name: 'Sequences' })
		const row = (name: string) => table.getByRole('row').filter({ hasText: name })
		await expect(row('Rita Replied').getByText('Replied', { exact: true })).toBeVisible()
		await expect(row('Rita Replied').getByText(/paused/i)).toHaveCount(0)
		await expect(row('Dora Draft').getByText('Draft', { exact: true })).toBeVisible()
		await page.screenshot({ path: 'test-results/first-hour-badges.png' })
	} finally {
		await db.end()
	}
})
