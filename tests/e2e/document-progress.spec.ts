import { expect, type Page, test } from '@playwright/test'
import { createPdf } from '#tests/pdf-fixtures.ts'
import { signIn } from './utils.ts'

// The e2e server parses with DOCUMENT_PARSE_PAGE_DELAY_MS (tests/e2e/serve.ts), so a
// few pages take long enough to watch the bar move.

async function openAddDocumentDialog(page: Page) {
	await signIn(page)
	await page.goto('/settings')
	const dialog = page.getByRole('dialog', { name: 'Add Document' })
	// The button only works once React has hydrated the page: retry the click until the dialog opens.
	await expect(async () => {
		await page.getByRole('button', { name: 'Add Document' }).click()
		await expect(dialog).toBeVisible({ timeout: 1_000 })
	}).toPass()
	return dialog
}

/** Every aria-valuenow the progress bar shows, recorded in the page as it changes. */
async function recordProgressValues(page: Page) {
	await page.evaluate(() => {
		const values: number[] = []
		;(window as unknown as { __progressValues: number[] }).__progressValues = values
		const read = () => {
			const bar = document.querySelector('[role="progressbar"]')
			const value = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN
			if (!Number.isNaN(value) && values.at(-1) !== value) values.push(value)
		}
		new MutationObserver(read).observe(document.body, {
			subtree: true,
			childList: true,
			attributes: true,
			attributeFilter: ['aria-valuenow'],
		})
		read()
	})
	return () => page.evaluate(() => (window as unknown as { __progressValues: number[] }).__progressValues)
}

test('a PDF parses with live progress over Server-Sent Events, without polling', async ({ page }) => {
	const dialog = await openAddDocumentDialog(page)
	const progressValues = await recordProgressValues(page)

	const apiRequests: Array<{ url: string; at: number }> = []
	const streamRequests: string[] = []
	page.on('request', (request) => {
		const url = new URL(request.url())
		if (url.pathname.startsWith('/api/v1/queueables/'))
			apiRequests.push({ url: url.pathname, at: Date.now() })
		if (url.pathname.startsWith('/resources/queueables/')) streamRequests.push(url.pathname)
	})

	const uploaded = page.waitForResponse(
		(response) => new URL(response.url()).pathname === '/resources/documents/parse',
	)
	await dialog.getByLabel('PDF file').setInputFiles({
		name: 'Company overview.pdf',
		mimeType: 'application/pdf',
		buffer: Buffer.from(await createPdf({ pages: 4, text: 'Rockets for small satellites' })),
	})
	const { queueableId } = (await (await uploaded).json()) as { queueableId: string }
	expect(queueableId).toBeTruthy()

	const bar = dialog.getByRole('progressbar', { name: 'Parsing Company overview.pdf' })
	// An intermediate value first: the job is running and the page has heard about it.
	await expect
		.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000, intervals: [50] })
		.toBeGreaterThan(0)
	const intermediate = Number(await bar.getAttribute('aria-valuenow'))
	expect(intermediate).toBeLessThan(100)
	await expect(dialog.getByText(/Processed: [1-3] \/ 4/)).toBeVisible()
	const requestsAtIntermediate = apiRequests.length

	// Then 100 and the text preview.
	const content = dialog.getByRole('textbox', { name: 'Content' })
	await expect(content).toHaveValue(/Rockets for small satellites page 4/, { timeout: 15_000 })
	await expect(bar).toHaveAttribute('aria-valuenow', '100')
	await expect(dialog.getByText('Processed: 4 / 4')).toBeVisible()
	await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Company overview')

	const values = await progressValues()
	expect(values.at(-1)).toBe(100)
	expect(values.some((value) => value > 0 && value < 100)).toBe(true)
	expect(values).toEqual([...values].sort((a, b) => a - b))
	// No polling: the updates came over the event stream.
	expect(apiRequests.length).toBe(requestsAtIntermediate)
	expect(apiRequests).toEqual([])
	expect(streamRequests).toContain(`/resources/queueables/${queueableId}/events`)

	// The polling endpoint tells the same story.
	const polled = await page.request.get(`/api/v1/queueables/${queueableId}?exclude=payload`)
	expect(polled.status()).toBe(200)
	const { data } = (await polled.json()) as { data: { data: Record<string, unknown> } }
	expect(data.data).toMatchObject({
		id: queueableId,
		type: 'document.parse',
		status: 'COMPLETED',
		progress: 100,
		metadata: { completed: 4, total: 4 },
		result: { name: 'Company overview', pages: 4 },
	})
	expect(data.data).not.toHaveProperty('payload')
	expect((data.data.result as { content: string }).content).toBe(await content.inputValue())

	// Add is enabled only with content.
	const add = dialog.getByRole('button', { name: 'Add', exact: true })
	await content.fill('   ')
	await expect(add).toBeDisabled()
	await content.fill('Rockets for small satellites, launched on demand.')
	await expect(add).toBeEnabled()
	await add.click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('table', { name: 'Documents' }).getByText('Company overview')).toBeVisible()
})

test('errors are shown by their message', async ({ page }) => {
	const dialog = await openAddDocumentDialog(page)
	const fileInput = dialog.getByLabel('PDF file')

	await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
	await expect(dialog.getByRole('alert')).toHaveText('Only PDF files are supported')

	await fileInput.setInputFiles({
		name: 'long.pdf',
		mimeType: 'application/pdf',
		buffer: Buffer.from(await createPdf({ pages: 16 })),
	})
	await expect(dialog.getByRole('alert')).toHaveText('PDF has more than 15 pages', { timeout: 15_000 })

	await dialog.getByRole('button', { name: 'Choose another file' }).click()
	await dialog.getByLabel('PDF file').setInputFiles({
		name: 'empty.pdf',
		mimeType: 'application/pdf',
		buffer: Buffer.from(await createPdf({ pages: 0 })),
	})
	await expect(dialog.getByRole('alert')).toHaveText('PDF has no pages', { timeout: 15_000 })
})
