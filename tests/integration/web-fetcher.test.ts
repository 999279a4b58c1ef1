import { Readable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type Resolver } from '#app/integrations/web/guarded-connector.server.ts'
import { readWebPage } from '#app/integrations/web/read-web-page.server.ts'
import {
	createWebFetcher,
	type WebFetcher,
	type WebFetcherSettings,
} from '#app/integrations/web/web-fetcher.server.ts'
import { startFakeFirecrawl } from '#tests/fakes/firecrawl-server.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// The safe fetcher against a real local site (allowed through the allow-list, as in development)
// and a fake resolver where a test needs a name to point somewhere (DNS is the boundary).

let site: Awaited<ReturnType<typeof startFakeWebSite>>
let firecrawl: Awaited<ReturnType<typeof startFakeFirecrawl>>
const fetchers: WebFetcher[] = []

beforeAll(async () => {
	site = await startFakeWebSite()
	firecrawl = await startFakeFirecrawl()
})
afterEach(() => site.reset())
afterAll(async () => {
	await Promise.all(fetchers.map((fetcher) => fetcher.close()))
	await site.close()
	await firecrawl.close()
})

function fetcherFor(overrides: Partial<WebFetcherSettings> = {}) {
	const fetcher = createWebFetcher({
		allowList: new Set([`127.0.0.1:${site.port}`]),
		timeoutMs: 5_000,
		...overrides,
	})
	fetchers.push(fetcher)
	return fetcher
}

const COMPANY_PAGE = `<!doctype html><html><head><title>Acme</title>
<meta property="og:site_name" content="Acme"><meta property="og:description" content="Rockets for roadrunners">
<script type="application/ld+json">{"@type":"Organization","name":"Acme Rockets","sameAs":["https://www.linkedin.com/company/acme"],"foundingDate":"1949"}</script>
</head><body><main><h1>Acme</h1><p>Acme builds rockets for roadrunners in Phoenix.</p></main></body></html>`

async function failure(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		return error as { code?: string; message: string }
	}
	throw new Error('expected a failure')
}

describe('the safe fetcher', () => {
	test('reads a page: readable text, JSON-LD and OpenGraph facts, our User-Agent', async () => {
		site.html('/', COMPANY_PAGE)
		const page = await readWebPage(`${site.origin}/`, { fetcher: fetcherFor(), fallback: null })
		expect(page.text).toContain('Acme builds rockets for roadrunners in Phoenix.')
		expect(page.facts).toMatchObject({
			name: 'Acme Rockets',
			description: 'Rockets for roadrunners',
			linkedinUrl: 'https://www.linkedin.com/company/acme',
			foundingDate: '1949',
		})
		expect(page.source).toBe('direct')
		expect(site.received.map((r) => r.path)).toEqual(['/robots.txt', '/'])
		expect(site.received[1]!.userAgent).toMatch(/^ReachoutBot\/1\.0 \(\+http.*\/bot\)$/)
	})

	test('follows 5 redirects, refuses the 6th', async () => {
		for (let hop = 1; hop <= 6; hop++) site.status(`/hop${hop}`, 302, { location: `/hop${hop + 1}` })
		site.html('/hop7', '<p>arrived</p>')
		site.html('/hop6-end', '<p>arrived</p>')
		site.status('/five1', 301, { location: '/five2' })
		site.status('/five2', 302, { location: '/five3' })
		site.status('/five3', 303, { location: '/five4' })
		site.status('/five4', 307, { location: '/five5' })
		site.status('/five5', 308, { location: '/hop7' })
		const fetcher = fetcherFor()
		const page = await fetcher.fetchPage(`${site.origin}/five1`)
		expect(page.body).toBe('<p>arrived</p>')
		expect(page.visited).toHaveLength(6)
		expect(await failure(fetcher.fetchPage(`${site.origin}/hop1`))).toMatchObject({
			code: 'too_many_redirects',
		})
	})

	test('a redirect to a private, loopback or metadata address is refused', async () => {
		const targets = [
			'http://10.0.0.1/',
			'http://169.254.169.254/latest/meta-data/',
			'http://[::1]/',
			'http://127.0.0.1:5432/',
			'http://metadata.google.internal/',
			'file:///etc/passwd',
		]
		const fetcher = fetcherFor()
		for (const [index, target] of targets.entries()) {
			site.status(`/away${index}`, 302, { location: target })
			const error = await failure(fetcher.fetchPage(`${site.origin}/away${index}`))
			expect(['blocked_address', 'blocked_port', 'invalid_url'], `${target}: ${error.message}`).toContain(
				error.code,
			)
		}
	})

	test('a name that resolves to 127.0.0.1 (localhost) is refused when not allow-listed', async () => {
		const fetcher = fetcherFor({ allowList: new Set() })
		expect(await failure(fetcher.fetchPage('http://localhost:8080/'))).toMatchObject({
			code: 'blocked_address',
		})
		// …and reachable once allow-listed, so the refusal above is the address check and nothing else.
		const allowed = fetcherFor({ allowList: new Set([`localhost:${site.port}`]) })
		site.html('/', '<p>local</p>')
		expect((await allowed.fetchPage(`http://localhost:${site.port}/`)).body).toBe('<p>local</p>')
	})

	test('names resolving to any refused class are refused at connect time, mixed answers too', async () => {
		const addresses = [
			'10.0.0.1',
			'172.16.0.1',
			'192.168.0.1',
			'169.254.169.254',
			'100.64.0.1',
			'0.0.0.0',
			'224.0.0.1',
			'255.255.255.255',
			'::1',
			'::ffff:127.0.0.1',
			'fd00:ec2::254',
			'fe80::1',
			'198.51.100.1',
		]
		for (const address of addresses) {
			const resolve: Resolver = async () => [{ address, family: address.includes(':') ? 6 : 4 }]
			const error = await failure(fetcherFor({ resolve }).fetchPage('http://innocent.example/'))
			expect(error.code, address).toBe('blocked_address')
		}
		const mixed: Resolver = async () => [
			{ address: '8.8.8.8', family: 4 },
			{ address: '127.0.0.1', family: 4 },
		]
		expect(await failure(fetcherFor({ resolve: mixed }).fetchPage('http://mixed.example/'))).toMatchObject({
			code: 'blocked_address',
		})
	})

	test('DNS rebinding: every new connection resolves and checks again', async () => {
		site.route('/', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' })
			res.end('first answer')
		})
		const answers = ['127.0.0.1', '169.254.169.254']
		const lookups: string[] = []
		const resolve: Resolver = async () => {
			const address = answers[Math.min(lookups.length, answers.length - 1)]!
			lookups.push(address)
			return [{ address, family: 4 }]
		}
		const fetcher = fetcherFor({ resolve, respectRobots: false })
		expect((await fetcher.fetchPage(`http://rebind.example:${site.port}/`)).body).toBe('first answer')
		expect(await failure(fetcher.fetchPage(`http://rebind.example:${site.port}/`))).toMatchObject({
			code: 'blocked_address',
		})
		expect(lookups).toEqual(['127.0.0.1', '169.254.169.254'])
		expect(site.received).toHaveLength(1)
	})

	test('a body over 5 MB is refused, declared or streamed', async () => {
		site.route('/declared', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(6 * 1024 * 1024) })
			res.end('x'.repeat(6 * 1024 * 1024))
		})
		site.route('/streamed', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' })
			const chunk = 'y'.repeat(256 * 1024)
			Readable.from(
				(function* () {
					for (let sent = 0; sent < 6 * 1024 * 1024; sent += chunk.length) yield chunk
				})(),
			).pipe(res)
		})
		const fetcher = fetcherFor()
		expect(await failure(fetcher.fetchPage(`${site.origin}/declared`))).toMatchObject({ code: 'too_large' })
		expect(await failure(fetcher.fetchPage(`${site.origin}/streamed`))).toMatchObject({ code: 'too_large' })
	})

	test('a slow site times out', async () => {
		site.route('/slow', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' })
			res.write('a little')
			// …and nothing more.
		})
		site.route('/silent', () => {})
		const fetcher = fetcherFor({ timeoutMs: 300 })
		expect(await failure(fetcher.fetchPage(`${site.origin}/slow`))).toMatchObject({ code: 'timeout' })
		expect(await failure(fetcher.fetchPage(`${site.origin}/silent`))).toMatchObject({ code: 'timeout' })
	})

	test('robots.txt: a disallow for our agent or * is honoured; fetched once per origin', async () => {
		site.route('/robots.txt', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' })
			res.end('User-agent: ReachoutBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /everyone-else\n')
		})
		site.html('/public', '<p>public</p>')
		site.html('/private/page', '<p>secret</p>')
		const fetcher = fetcherFor()
		expect((await fetcher.fetchPage(`${site.origin}/public`)).body).toBe('<p>public</p>')
		expect(await failure(fetcher.fetchPage(`${site.origin}/private/page`))).toMatchObject({
			code: 'robots_disallowed',
		})
		expect(site.received.filter((r) => r.path === '/robots.txt')).toHaveLength(1)
		expect(site.received.some((r) => r.path === '/private/page')).toBe(false)

		site.reset()
		site.route('/robots.txt', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' })
			res.end('User-agent: *\nDisallow: /\n')
		})
		expect(await failure(fetcherFor().fetchPage(`${site.origin}/public`))).toMatchObject({
			code: 'robots_disallowed',
		})
		site.reset()
		site.status('/robots.txt', 503)
		expect(await failure(fetcherFor().fetchPage(`${site.origin}/public`))).toMatchObject({
			code: 'robots_unreachable',
		})
	})

	test("the site's 429, 403 and 404 and binary content are told apart", async () => {
		site.status('/busy', 429)
		site.status('/closed', 403)
		site.status('/gone', 404)
		site.route('/logo.png', (_req, res) => {
			res.writeHead(200, { 'content-type': 'image/png' })
			res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
		})
		const fetcher = fetcherFor()
		expect(await failure(fetcher.fetchPage(`${site.origin}/busy`))).toMatchObject({ code: 'rate_limited' })
		expect(await failure(fetcher.fetchPage(`${site.origin}/closed`))).toMatchObject({ code: 'forbidden' })
		expect(await failure(fetcher.fetchPage(`${site.origin}/gone`))).toMatchObject({ code: 'not_found' })
		expect(await failure(fetcher.fetchPage(`${site.origin}/logo.png`))).toMatchObject({
			code: 'unsupported_content',
		})
	})
})

describe('the Firecrawl-compatible fallback', () => {
	const settings = () => ({ apiKey: firecrawl.apiKey, baseUrl: firecrawl.url })

	test('a page with no text is read through the fallback only when one is configured', async () => {
		site.html('/app', '<html><body><div id="root"></div><script src="/app.js"></script></body></html>')
		const url = `${site.origin}/app`
		firecrawl.setPage(url, '# Acme\n\nRendered text about Acme.')
		const fetcher = fetcherFor()
		expect(await failure(readWebPage(url, { fetcher, fallback: null }))).toMatchObject({ code: 'no_content' })
		expect(firecrawl.received).toHaveLength(0)

		const page = await readWebPage(url, { fetcher, fallback: settings() })
		expect(page).toMatchObject({ source: 'fallback', text: '# Acme\n\nRendered text about Acme.' })
		expect(firecrawl.received.at(-1)).toEqual({
			url,
			formats: ['markdown'],
			authorization: `Bearer ${firecrawl.apiKey}`,
		})
	})

	test('never around a refusal: robots.txt, a 429 or a refused address do not reach the fallback', async () => {
		const before = firecrawl.received.length
		site.route('/robots.txt', (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' })
			res.end('User-agent: *\nDisallow: /no\n')
		})
		site.status('/busy', 429)
		const fetcher = fetcherFor()
		const options = { fetcher, fallback: settings() }
		expect(await failure(readWebPage(`${site.origin}/no`, options))).toMatchObject({
			code: 'robots_disallowed',
		})
		expect(
			await failure(readWebPage(`${site.origin}/no`, { ...options, preferFallback: true })),
		).toMatchObject({ code: 'robots_disallowed' })
		expect(await failure(readWebPage(`${site.origin}/busy`, options))).toMatchObject({ code: 'rate_limited' })
		expect(
			await failure(readWebPage('http://10.0.0.1/', { ...options, preferFallback: true })),
		).toMatchObject({ code: 'blocked_address' })
		expect(firecrawl.received.length).toBe(before)
	})
})
