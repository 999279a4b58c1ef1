import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { setupApiRouter } from '#tests/api-router.ts'

// Every resource route (`/resources/…`) answers a request without a session by one rule
// (auth.server.ts, decision 020): an API client gets 401 { error, message }; a browser page goes to
// sign in. The routes are read from app/routes/resources+, so a new one is covered when it is added.

const send = setupApiRouter()

// Public on purpose: load balancers call it without a session.
const PUBLIC = new Set(['/resources/healthcheck'])

const ROUTE_DIR = new URL('../../app/routes/resources+/', import.meta.url)

/**
 * `outbox.$messageId.reply.ts` → `/resources/outbox/x1/reply` (flat routes: dots are slashes), with
 * the methods its module has a handler for (a loader serves GET, an action POST).
 */
function resourceRoutes() {
	return readdirSync(ROUTE_DIR)
		.filter((file) => /\.tsx?$/.test(file) && !file.startsWith('_') && !file.includes('.test.'))
		.map((file) => {
			const source = readFileSync(new URL(file, ROUTE_DIR), 'utf8')
			const exported = (name: string) =>
				new RegExp(`export (async function|function|const) ${name}\\b`).test(source)
			// Remix's flat routes: dots separate segments, except escaped ones (`companion[.]zip`).
			const segments = file
				.replace(/\.tsx?$/, '')
				.replaceAll('[.]', '\u0000')
				.split('.')
				.map((part, index) => (part.startsWith('$') ? `x${index}` : part.replaceAll('\u0000', '.')))
			return {
				path: `/resources/${segments.join('/')}`,
				methods: [...(exported('loader') ? ['GET'] : []), ...(exported('action') ? ['POST'] : [])],
			}
		})
}

const API_CLIENTS: Array<[string, Record<string, string>]> = [
	['no Accept (curl, scripts)', {}],
	['Accept: application/json', { Accept: 'application/json' }],
	['X-Requested-With', { 'X-Requested-With': 'XMLHttpRequest', Accept: 'text/html, */*' }],
]
const NAVIGATION = {
	Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
	'Sec-Fetch-Mode': 'navigate',
	'Sec-Fetch-Site': 'same-origin',
}

const routes = resourceRoutes()

test('the route list is read', () => {
	expect(routes.map((route) => route.path)).toEqual(
		expect.arrayContaining([
			'/resources/outbox/x1/reply',
			'/resources/contacts/export',
			'/resources/healthcheck',
		]),
	)
})

describe.each(routes.filter((route) => !PUBLIC.has(route.path)))(
	'$path without a session',
	({ path, methods }) => {
		test('API clients get 401 { error, message }; browser pages go to sign in', async () => {
			let served = 0
			for (const method of methods) {
				const form = method === 'POST' ? { body: 'x' } : undefined
				// A handler that only answers 405 says nothing about sessions.
				if ((await send(method, path, { form })).status === 405) continue
				served++
				for (const [client, headers] of API_CLIENTS) {
					const result = await send(method, path, { headers, form })
					expect(result.status, `${method} ${client}: ${result.text.slice(0, 200)}`).toBe(401)
					expect(result.json).toEqual({ error: 'unauthorized', message: 'Authentication required' })
					expect(result.headers.get('Location')).toBeNull()
				}
				const page = await send(method, path, { headers: NAVIGATION, form })
				expect(page.status, `${method} navigation`).toBe(302)
				expect(page.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
			}
			expect(served, 'the route serves GET or POST').toBeGreaterThan(0)
		})
	},
)
