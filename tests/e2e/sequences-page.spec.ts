import { expect, test } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence, sequenceStates } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The Sequences page: the organization's sequences with their stats, the status filter (links,
// so it works without JavaScript), pages of 25, and the drawer opened over the list.

let client: pg.Client
let states: ReturnType<typeof sequenceStates>

test.beforeAll(async () => {
	client = await connectDatabase()
	states = sequenceStates(client)
})

test.afterAll(async () => {
	await client?.end()
})

test.describe('Sequences page', () => {
	test('stats, the status filter and the drawer over the filtered list', async ({ page }) => {
		await signIn(page)
		const ada = await seedContact(page.request)
		const grace = await seedContact(page.request, { firstName: 'Grace', lastName: 'Hopper' })
		await seedSequence(page.request, ada.id, { subject: 'A draft for Ada' })
		const active = await seedSequence(page.request, grace.id, { subject: 'Compilers' })
		await states.setSequence(active.id, 'ACTIVE')
		await states.setEmailStep(active.emailSteps[0]!.id, 'SENT')
		await states.addClick(active.id, active.emailSteps[0]!.id)
		await states.addClick(active.id, active.emailSteps[0]!.id)

		await page.goto('/sequences')
		const table = page.getByRole('table', { name: 'Sequences' })
		await expect(table.getByRole('columnheader')).toHaveText([
			'Contact',
			'Subject',
			'Status',
			'Steps',
			'Progress',
			'Sent',
			'Replies',
			'Clicks',
			'Created',
		])
		await expect(table.getByRole('row')).toHaveCount(3)
		const activeRow = table.getByRole('row').filter({ hasText: 'Compilers' })
		await expect(activeRow.getByRole('cell')).toHaveText([
			/Grace Hopper/,
			'Compilers',
			'Active',
			'2',
			'50%',
			'1',
			'0',
			'2',
			/\w+ \d+, \d{4}/,
		])
		await expect(
			table.getByRole('row').filter({ hasText: 'A draft for Ada' }).getByText('Draft', { exact: true }),
		).toBeVisible()
		await expect(page.getByText('2 sequences')).toBeVisible()

		const filters = page.getByRole('navigation', { name: 'Filter by status' })
		await filters.getByRole('link', { name: 'Active' }).click()
		await expect(page).toHaveURL(/\/sequences\?status=ACTIVE$/)
		await expect(filters.getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'page')
		await expect(table.getByRole('row')).toHaveCount(2)
		await expect(table.getByText('A draft for Ada')).toHaveCount(0)

		await table.getByRole('link', { name: 'Grace Hopper' }).click()
		const drawer = page.getByRole('dialog', { name: 'Active Sequence' })
		await expect(drawer).toHaveAttribute('data-hydrated', 'true')
		await expect(page).toHaveURL(new RegExp(`/sequences/${active.id}\\?status=ACTIVE$`))
		await drawer.getByRole('link', { name: 'Close' }).click()
		await expect(drawer).toBeHidden()
		await expect(page).toHaveURL(/\/sequences\?status=ACTIVE$/)

		await filters.getByRole('link', { name: 'Failed' }).click()
		await expect(page.getByText('No sequences found')).toBeVisible()
		await filters.getByRole('link', { name: 'All' }).click()
		await expect(table.getByRole('row')).toHaveCount(3)
	})

	test('pages of 25', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		for (let index = 1; index <= 26; index++) {
			await seedSequence(page.request, contact.id, {
				subject: `Sequence ${index}`,
				steps: [{ daysAfter: 0 }],
			})
		}
		await page.goto('/sequences')
		const table = page.getByRole('table', { name: 'Sequences' })
		await expect(table.getByRole('row')).toHaveCount(26)
		const pages = page.getByRole('navigation', { name: 'Sequences pages' })
		await expect(pages.getByText('Page 1 of 2')).toBeVisible()
		await pages.getByRole('link', { name: 'Next' }).click()
		await expect(page).toHaveURL(/\/sequences\?page=2$/)
		await expect(table.getByRole('row')).toHaveCount(2)
		// Newest first: the first one made is alone on the last page.
		await expect(table.getByText('Sequence 1', { exact: true })).toBeVisible()
	})
})

test.describe('Sequences page without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the filter and the drawer work as links', async ({ page }) => {
		await signIn(page)
		const contact = await seedContact(page.request)
		const sequence = await seedSequence(page.request, contact.id, { subject: 'No scripts here' })
		await page.goto('/sequences')
		await page
			.getByRole('navigation', { name: 'Filter by status' })
			.getByRole('link', { name: 'Draft' })
			.click()
		await expect(page).toHaveURL(/\/sequences\?status=PENDING$/)
		await page.getByRole('link', { name: 'Ada Lovelace' }).click()
		await expect(page).toHaveURL(new RegExp(`/sequences/${sequence.id}\\?status=PENDING$`))
		const drawer = page.getByRole('dialog', { name: 'Draft Sequence' })
		await expect(drawer).toBeVisible()
		await drawer.getByRole('button', { name: 'Activate sequence' }).click()
		await expect(page).toHaveURL(/\/sequences\?status=PENDING$/)
		await expect(page.getByText('No sequences found')).toBeVisible()
		await page
			.getByRole('navigation', { name: 'Filter by status' })
			.getByRole('link', { name: 'Active' })
			.click()
		await expect(page.getByRole('table', { name: 'Sequences' }).getByText('No scripts here')).toBeVisible()
	})
})
