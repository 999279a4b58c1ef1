import { expect, test } from '@playwright/test'
import { signIn } from './utils.ts'

// Issue 12 against the production build over HTTP: hostile text, oversized bodies, foreign
// origins and wrong methods get a clear 4xx in the API's shape, never a 500.

test.beforeEach(async ({ page }) => {
	await signIn(page)
})

test('NUL in a path, a query or a JSON string is a 400, not a database error', async ({ page }) => {
	for (const response of [
		await page.request.put('/api/v1/companies/%00', { data: { name: 'x' } }),
		await page.request.get('/api/v1/contacts?search=%00'),
		await page.request.post('/api/v1/tags', { data: { name: 'bad\u0000tag' } }),
		await page.request.post('/api/v1/tags', {
			data: '{"name":"\\ud800"}',
			headers: { 'Content-Type': 'application/json' },
		}),
	]) {
		expect(response.status()).toBe(400)
		expect(await response.json()).toEqual({
			error: 'invalid_text',
			message: 'Text must not contain NUL characters or broken Unicode',
		})
	}
	// Real text still goes through.
	const fine = await page.request.get('/api/v1/contacts?search=Zo%C3%AB')
	expect(fine.status()).toBe(200)
})

test('a JSON body over 1 MB is a 413 with the API shape', async ({ page }) => {
	const response = await page.request.post('/api/v1/tags', {
		data: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
		headers: { 'Content-Type': 'application/json' },
	})
	expect(response.status()).toBe(413)
	expect(await response.json()).toEqual({
		error: 'payload_too_large',
		message: 'The request body is larger than 1 MB',
	})
})

test('Origin: null and a foreign scheme are refused on the API and on forms', async ({ page, baseURL }) => {
	for (const origin of ['null', baseURL!.replace('http://', 'https://'), 'https://evil.example']) {
		const api = await page.request.post('/api/v1/tags', { data: { name: 'x' }, headers: { Origin: origin } })
		expect(api.status()).toBe(403)
		const form = await page.request.post('/settings', { form: { intent: 'x' }, headers: { Origin: origin } })
		expect(form.status()).toBe(403)
	}
})

test('a wrong method is a 405 with Allow and the API shape', async ({ page }) => {
	const post = await page.request.post('/api/v1/sequences/any/stats', { data: {} })
	expect(post.status()).toBe(405)
	expect(post.headers()['allow']).toBe('GET, HEAD')
	expect(await post.json()).toEqual({ error: 'method_not_allowed', message: 'POST is not allowed here' })
	const get = await page.request.get('/api/v1/sequences/reply')
	expect(get.status()).toBe(405)
	expect(get.headers()['allow']).toBe('POST, PUT, PATCH, DELETE')
	expect(await get.json()).toEqual({ error: 'method_not_allowed', message: 'GET is not allowed here' })
})

test('security headers: no framing, a permissions policy, no-store when signed in, one Referrer-Policy', async ({
	page,
	playwright,
	baseURL,
}) => {
	const signedIn = await page.request.get('/contacts')
	const headers = signedIn.headers()
	expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
	expect(headers['x-frame-options']).toBe('DENY')
	expect(headers['permissions-policy']).toContain('camera=()')
	expect(headers['cache-control']).toBe('private, no-store')
	const anonymous = await playwright.request.newContext({ baseURL })
	const login = await anonymous.get('/login')
	expect(login.headers()['cache-control'] ?? '').not.toContain('no-store')
	// The unsubscribe page's own Referrer-Policy replaces the default instead of adding a second one.
	const unsubscribe = await anonymous.get('/unsubscribe/not-a-token')
	const policies = unsubscribe
		.headersArray()
		.filter((header) => header.name.toLowerCase() === 'referrer-policy')
	expect(policies.map((header) => header.value)).toEqual(['no-referrer'])
	await anonymous.dispose()
})
