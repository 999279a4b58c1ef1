import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import { connectDatabase, seedContact, seedSequence } from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The drawer while the assistant writes a sequence (Cancel generation, with and without
// JavaScript) and after it failed to (the heading and the reason).

let client: pg.Client

test.beforeAll(async () => {
	client = await connectDatabase()
})

test.afterAll(async () => {
	await client?.end()
})

/** A sequence as a generation leaves it: no steps, in `status`. No job is queued, so it stays. */
async function seedGeneration(
	page: Page,
	status: 'CREATING' | 'FAILED',
	failureReason: string | null = null,
) {
	const contact = await seedContact(page.request, { firstName: 'Hedy', lastName: 'Lamarr' })
	const sequence = await seedSequence(page.request, contact.id)
	await client.query(`DELETE FROM "EmailStep" WHERE "sequenceId" = $1`, [sequence.id])
	await client.query(
		`UPDATE "Sequence" SET status = $2::"SequenceStatus", progress = 30, subject = '', "failureReason" = $3 WHERE id = $1`,
		[sequence.id, status, failureReason],
	)
	return sequence.id
}

async function sequenceExists(id: string) {
	const { rowCount } = await client.query(`SELECT 1 FROM "Sequence" WHERE id = $1`, [id])
	return rowCount === 1
}

test('Cancel generation removes the sequence and closes the drawer', async ({ page }) => {
	await signIn(page)
	const id = await seedGeneration(page, 'CREATING')
	await page.goto(`/sequences/${id}`)
	const drawer = page.getByRole('dialog', { name: 'Generating Sequence' })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	await expect(drawer.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible()
	await expect(drawer.getByRole('button', { name: 'Delete sequence' })).toHaveCount(0)
	await drawer.getByRole('button', { name: 'Cancel generation' }).click()
	await expect(page).toHaveURL(/\/sequences$/)
	await expect(page.getByText('Generation cancelled')).toBeVisible()
	await expect(page.getByRole('dialog', { name: 'Generating Sequence' })).toHaveCount(0)
	expect(await sequenceExists(id)).toBe(false)
})

test('a failed generation shows why', async ({ page }) => {
	await signIn(page)
	const id = await seedGeneration(page, 'FAILED', 'The model timed out')
	await page.goto(`/sequences/${id}`)
	const drawer = page.getByRole('dialog', { name: 'Failed Sequence' })
	await expect(drawer.getByRole('heading', { name: 'Failed to generate sequence' })).toBeVisible()
	await expect(drawer.getByText('The model timed out')).toBeVisible()
	await expect(drawer.getByRole('button', { name: 'Add Step' })).toHaveCount(0)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('Cancel generation is a plain form', async ({ page }) => {
		await signIn(page)
		const id = await seedGeneration(page, 'CREATING')
		await page.goto(`/sequences/${id}`)
		const drawer = page.getByRole('dialog', { name: 'Generating Sequence' })
		await drawer.getByRole('button', { name: 'Cancel generation' }).click()
		await expect(page).toHaveURL(/\/sequences$/)
		// The toast the server renders in <noscript>.
		await expect(
			page.getByRole('status').or(page.locator('noscript')).filter({ hasText: 'Generation cancelled' }),
		).toHaveCount(1)
		expect(await sequenceExists(id)).toBe(false)
	})
})
