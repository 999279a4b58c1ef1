import { afterAll, describe, expect, test } from 'vitest'
import { SCRAPE_URL_MESSAGES } from '#app/schemas/scrape-url.ts'
import { expectApiError, setupApiRouter } from '#tests/api-router.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// POST /api/v1/scrape-url through the real router, against a local site the allow-list lets in
// (set before the app's first request, which reads the environment once).
const site = await startFakeWebSite()
process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${site.port}`
process.env.WEB_FETCH_TIMEOUT_MS = '5000'
delete process.env.FIRECRAWL_API_KEY

const send = setupApiRouter()
afterAll(() => site.close())

describe('POST /api/v1/scrape-url', () => {
	test('401 without a session', async () => {
		expectApiError(await send('POST', '/api/v1/scrape-url', { json: { url: 'https://example.com' } }), 401)
	})

	test('400 with the spec’s messages for a missing, invalid or refused URL', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const post = (json: unknown) => send('POST', '/api/v1/scrape-url', { cookie, json })
		expectApiError(await post({}), 400, SCRAPE_URL_MESSAGES.noLink)
		expectApiError(await post({ url: '   ' }), 400, SCRAPE_URL_MESSAGES.noLink)
		expectApiError(await post({ url: 'http://' }), 400, SCRAPE_URL_MESSAGES.invalidUrl)
		expectApiError(await post({ url: 'javascript:alert(1)' }), 400, SCRAPE_URL_MESSAGES.invalidUrl)
		expectApiError(
			await post({ url: `https://${'a'.repeat(3000)}.com` }),
			400,
			SCRAPE_URL_MESSAGES.invalidUrl,
		)
		expectApiError(await post({ url: 42 }), 400)
		expectApiError(await post({ url: 'https://example.com', useFirecrawl: 'yes' }), 400)
		for (const url of [
			'http://169.254.169.254/latest/meta-data/',
			'http://10.0.0.1/',
			'http://[::1]/',
			'http://example.com:22/',
			'http://metadata.google.internal/',
		]) {
			const result = await post({ url })
			expectApiError(result, 400, SCRAPE_URL_MESSAGES.refusedUrl)
		}
	})

	test('200 with the page’s text; the site’s 403, 429 and an empty page give the spec’s messages', async () => {
		const { cookie } = await createSignedInUser({ role: 'MEMBER' })
		const post = (path: string) =>
			send('POST', '/api/v1/scrape-url', { cookie, json: { url: `${site.origin}${path}` } })
		site.html(
			'/companies',
			'<html><body><h1>Top startups</h1><ul><li>Acme — rockets</li><li>Globex — everything</li></ul></body></html>',
		)
		site.status('/closed', 403)
		site.status('/busy', 429)
		site.html('/empty', '<html><body><script>render()</script></body></html>')
		site.route('/robots.txt', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' })
			res.end('User-agent: *\nDisallow: /private\n')
		})

		const ok = await post('/companies')
		expect(ok.status).toBe(200)
		expect(ok.json).toEqual({
			text: 'Top startups\n\n- Acme — rockets\n\n- Globex — everything',
			warning: null,
		})
		expectApiError(await post('/closed'), 403, SCRAPE_URL_MESSAGES.forbidden)
		expectApiError(await post('/private/x'), 403, SCRAPE_URL_MESSAGES.forbidden)
		expectApiError(await post('/busy'), 429, SCRAPE_URL_MESSAGES.rateLimited)
		expectApiError(await post('/empty'), 422, SCRAPE_URL_MESSAGES.noContent)
		expectApiError(await post('/missing'), 422, SCRAPE_URL_MESSAGES.noContent)
	})
})
