import { expect, test } from '@playwright/test'
import { verifyWebhookSignature } from '../../app/models/webhook/webhook-signature.ts'
import { startWebhookReceiver } from '../fakes/webhook-receiver.ts'
import { signIn } from './utils.ts'

// Registering a webhook in Settings and seeing a test delivery arrive — at a local receiver the
// e2e server allows (tests/e2e/serve.ts: 127.0.0.1:<E2E_PORT + 2500>) — and in the delivery log.

const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3917) + 2500
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>

test.beforeAll(async () => {
	receiver = await startWebhookReceiver({ port: RECEIVER_PORT })
})
test.afterAll(async () => {
	await receiver?.close()
})

test('register a webhook, send a test event, see it delivered and signed', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 900 })
	await signIn(page)
	await page.goto('/settings')
	await page.getByRole('link', { name: 'Webhooks' }).click()
	await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible()
	await expect(page.getByText('No webhooks yet.')).toBeVisible()

	const form = page.getByRole('form', { name: 'Add a webhook' })
	// A private address is refused with a clear message.
	await form.getByLabel('Endpoint URL').fill('http://10.0.0.5/hook')
	await form.getByRole('button', { name: 'Add webhook' }).click()
	await expect(form.getByText('This URL points to a private or local address.', { exact: false })).toBeVisible()

	const url = `${receiver.origin}/reachout`
	await form.getByLabel('Endpoint URL').fill(url)
	await form.getByLabel('Description').fill('CRM sync')
	// Every event is ticked by default; this one only wants replies and unsubscribes.
	for (const label of ['Step sent', 'Step bounced', 'Import completed', 'Sequence completed']) {
		await form.getByLabel(label).uncheck()
	}
	await form.getByRole('button', { name: 'Add webhook' }).click()

	const endpoint = page.getByRole('listitem', { name: url })
	await expect(endpoint).toBeVisible()
	await expect(endpoint.getByText('Enabled')).toBeVisible()
	await expect(endpoint.getByText('Contact replied')).toBeVisible()
	await expect(endpoint.getByText('Step sent')).toHaveCount(0)
	await endpoint.getByText('Signing secret').click()
	const secret = (await endpoint.getByTestId('webhook-secret').textContent())!.trim()
	expect(secret).toMatch(/^whsec_/)

	await endpoint.getByRole('button', { name: 'Send test event' }).click()
	const log = page.getByRole('table', { name: 'Delivery log' })
	// The log refreshes itself while the delivery is on its way.
	await expect(log.getByText('Delivered')).toBeVisible({ timeout: 20_000 })
	await expect(log.getByText('webhook.test')).toBeVisible()
	await expect(log.getByText('HTTP 200')).toBeVisible()

	expect(receiver.received).toHaveLength(1)
	const [request] = receiver.received
	const body = JSON.parse(request!.body)
	expect(body).toMatchObject({ type: 'webhook.test' })
	expect(request!.headers['reachout-event-id']).toBe(body.id)
	expect(verifyWebhookSignature(secret, String(request!.headers['reachout-signature']), request!.body).valid).toBe(true)
	await page.screenshot({ path: 'test-results/webhooks-settings.png', fullPage: true })

	// Disabling it is one click, and shows.
	await endpoint.getByRole('button', { name: 'Disable' }).click()
	await expect(endpoint.getByText('Disabled')).toBeVisible()
})
