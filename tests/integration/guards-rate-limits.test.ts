import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApiToken } from '#app/models/api-token/create-api-token.server.ts'
import { budgetsFromEnv } from '#app/utils/rate-limit-budgets.ts'
import { createRateLimiter, type RateLimiter, resetRateLimiter } from '#app/utils/rate-limit.server.ts'
import { trustProxySetting } from '#server/guards/origin.ts'
import { rateLimits } from '#server/guards/rate-limits.ts'
import { createRemixHandler } from '#server/remix-handler.ts'
import { createSignedInUser } from '#tests/db-utils.ts'
import { loadServerBuild } from '#tests/server-build.ts'

// The rate limits over real HTTP: our Express guards in front of the real Remix handler and routes
// (the app's server build), counting in this file's PostgreSQL. Budgets are small here;
// RATE_LIMITS is on (the default). Windows of 10 minutes: on a loaded CI machine a test's few
// requests can take longer than a minute, and a window that ends mid-test lets the request that
// should be refused through.
const budgets = {
	RATE_LIMIT_SIGN_IN_PER_IP: '3/10m',
	RATE_LIMIT_SIGN_IN_PER_EMAIL: '2/10m',
	RATE_LIMIT_API_PER_SESSION: '5/10m',
	RATE_LIMIT_API_PER_ORG: '8/10m',
	RATE_LIMIT_GENERATION_PER_ORG: '2/10m',
	RATE_LIMIT_DOCUMENT_PARSING_PER_ORG: '2/10m',
	RATE_LIMIT_CONTACT_EXPORT_PER_ORG: '2/10m',
}
Object.assign(process.env, budgets)
delete process.env.RATE_LIMITS
resetRateLimiter()

let closeBuild = async () => {}
let build: ServerBuild
const servers: { close: () => Promise<void> }[] = []
const pools: pg.Pool[] = []

/** One web process: the guards and Remix, as server/app.ts puts them together. */
async function startInstance(limiter?: RateLimiter) {
	const app = express()
	// As TRUST_PROXY=true: each test is its own client through X-Forwarded-For.
	app.set('trust proxy', trustProxySetting('true'))
	app.use(rateLimits(limiter ? { limiter } : {}))
	app.all('*', createRemixHandler({ build: async () => build, mode: 'development' }))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	servers.push({ close: () => new Promise((resolve) => server.close(() => resolve())) })
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return function send(
		method: string,
		path: string,
		{
			ip,
			cookie,
			json,
			form,
			authorization,
		}: { ip: string; cookie?: string; json?: unknown; form?: Record<string, string>; authorization?: string },
	) {
		const headers: Record<string, string> = { 'X-Forwarded-For': ip }
		if (authorization) headers.Authorization = authorization
		if (cookie) headers.Cookie = cookie
		let body: string | undefined
		if (json !== undefined) {
			headers['Content-Type'] = 'application/json'
			body = JSON.stringify(json)
		} else if (form) {
			headers['Content-Type'] = 'application/x-www-form-urlencoded'
			body = new URLSearchParams(form).toString()
		}
		return fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' })
	}
}

let send: Awaited<ReturnType<typeof startInstance>>

beforeAll(async () => {
	const loaded = await loadServerBuild()
	build = loaded.build
	closeBuild = loaded.close
	send = await startInstance()
}, 300_000)

afterAll(async () => {
	for (const server of servers) await server.close()
	for (const pool of pools) await pool.end()
	await closeBuild()
})

/** A client address of its own for each test. */
let ipCounter = 0
function uniqueIp() {
	ipCounter += 1
	return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

async function expectRefusedApi(response: Response, message: RegExp) {
	expect(response.status).toBe(429)
	const retryAfter = Number(response.headers.get('Retry-After'))
	expect(retryAfter).toBeGreaterThanOrEqual(1)
	expect(retryAfter).toBeLessThanOrEqual(600)
	const body = await response.json()
	expect(body).toEqual({ error: 'rate_limited', message: expect.stringMatching(message) })
}

/** The development sign-in's answer: a redirect into the app with a session cookie. */
function expectSignedIn(response: Response) {
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe('/contacts')
	expect(response.headers.get('Set-Cookie')).toMatch(/^__session=/)
}

describe('sign-in and sign-up', () => {
	test('per IP: the 4th attempt in a window is a 429 with Retry-After; another IP is not affected', async () => {
		const ip = uniqueIp()
		for (let attempt = 1; attempt <= 3; attempt++) {
			const response = await send('POST', '/auth/dev', {
				ip,
				form: { email: `ip-${randomUUID()}@example.com` },
			})
			expectSignedIn(response)
		}
		// A page post: the rate-limited page, with the message a person reads.
		const refused = await send('POST', '/auth/dev', { ip, form: { email: `ip-${randomUUID()}@example.com` } })
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
		expect(refused.headers.get('Content-Type')).toMatch(/text\/html/)
		const page = await refused.text()
		expect(page).toContain('Too many requests')
		expect(page).toMatch(/Too many sign-in attempts\. Please try again in (\d+ minutes?|\d+ seconds)\./)
		expect(page).not.toMatch(/at .+\.(ts|js):\d+/) // no stack
		// The same post as single-fetch data (a form submitted with JavaScript): a 429 the page's
		// error boundary shows, in Remix's own encoding.
		const data = await send('POST', '/auth/dev.data', {
			ip,
			form: { email: `ip-${randomUUID()}@example.com` },
		})
		expect(data.status).toBe(429)
		expect(await data.text()).toContain('Too many sign-in attempts')
		// The API's sign-in from that IP spends the same budget.
		await expectRefusedApi(
			await send('POST', '/api/v1/auth/login', { ip, json: { code: 'x' } }),
			/^Too many sign-in attempts/,
		)

		const other = await send('POST', '/auth/dev', {
			ip: uniqueIp(),
			form: { email: `ip-${randomUUID()}@example.com` },
		})
		expectSignedIn(other)
	})

	test('per IP: the Google sign-in start and callback count too', async () => {
		const ip = uniqueIp()
		for (const path of ['/auth/google', '/auth/google/callback?code=x&state=y', '/auth/google']) {
			expect((await send('GET', path, { ip })).status).toBe(302)
		}
		const refused = await send('GET', '/auth/google/callback?code=x&state=y', { ip })
		expect(refused.status).toBe(429)
		expect(await refused.text()).toContain('Too many sign-in attempts')
	})

	test('per email: the 3rd sign-in of one email in a window goes back to the form with a message, from any IP', async () => {
		const email = `email-${randomUUID()}@example.com`
		for (let attempt = 1; attempt <= 2; attempt++) {
			const response = await send('POST', '/auth/dev', { ip: uniqueIp(), form: { email } })
			expectSignedIn(response)
		}
		const refused = await send('POST', '/auth/dev', {
			ip: uniqueIp(),
			form: { email, redirectTo: '/contacts' },
		})
		expect(refused.status).toBe(303)
		expect(refused.headers.get('Location')).toBe('/login?error=rate_limited&redirectTo=%2Fcontacts')
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
		const login = await send('GET', '/login?error=rate_limited', { ip: uniqueIp() })
		expect(await login.text()).toContain('Too many sign-in attempts for this email')
		// Another email is not affected.
		const other = await send('POST', '/auth/dev', {
			ip: uniqueIp(),
			form: { email: `email-${randomUUID()}@example.com` },
		})
		expectSignedIn(other)
	})
})

describe('the API', () => {
	test('per session: the 6th request in a window is a 429; another session of the organization is not affected', async () => {
		const ip = uniqueIp()
		const first = await createSignedInUser()
		const second = await createSignedInUser({ organizationId: first.organization.id })
		for (let request = 1; request <= 5; request++) {
			expect((await send('GET', '/api/v1/contacts', { ip, cookie: first.cookie })).status).toBe(200)
		}
		await expectRefusedApi(
			await send('GET', '/api/v1/contacts', { ip, cookie: first.cookie }),
			/^Too many requests/,
		)
		// Resource routes are the API too.
		await expectRefusedApi(
			await send('GET', '/resources/tags/coverage', { ip, cookie: first.cookie }),
			/^Too many/,
		)
		expect((await send('GET', '/api/v1/contacts', { ip, cookie: second.cookie })).status).toBe(200)
	})

	test('per organization: its members together; another organization is not affected', async () => {
		const ip = uniqueIp()
		const first = await createSignedInUser()
		const second = await createSignedInUser({ organizationId: first.organization.id })
		const outsider = await createSignedInUser()
		for (const member of [first, second]) {
			for (let request = 1; request <= 4; request++) {
				expect((await send('GET', '/api/v1/tags', { ip, cookie: member.cookie })).status).toBe(200)
			}
		}
		await expectRefusedApi(
			await send('GET', '/api/v1/tags', { ip, cookie: second.cookie }),
			/^Too many requests from your organization/,
		)
		expect((await send('GET', '/api/v1/tags', { ip, cookie: outsider.cookie })).status).toBe(200)
	})

	test("an API token spends its own budget and its organization's, as a session does (decision 041)", async () => {
		const ip = uniqueIp()
		const owner = await createSignedInUser()
		const { token } = await createApiToken({
			organizationId: owner.organization.id,
			userId: owner.user.id,
			name: 'Busy script',
			scope: 'READ',
		})
		const authorization = `Bearer ${token}`
		for (let request = 1; request <= 5; request++) {
			expect((await send('GET', '/api/v1/tags', { ip, authorization })).status).toBe(200)
		}
		await expectRefusedApi(await send('GET', '/api/v1/tags', { ip, authorization }), /^Too many requests/)
		// The token's 6 requests count for the organization (8 a window): the session's 3rd is refused.
		for (let request = 1; request <= 2; request++) {
			expect((await send('GET', '/api/v1/tags', { ip, cookie: owner.cookie })).status).toBe(200)
		}
		await expectRefusedApi(
			await send('GET', '/api/v1/tags', { ip, cookie: owner.cookie }),
			/^Too many requests from your organization/,
		)
	})

	test('without a session, per IP; a forged session cookie counts as none', async () => {
		const ip = uniqueIp()
		for (let request = 1; request <= 5; request++) {
			const cookie = `__session=${randomUUID()}` // unsigned: a new one every time does not help
			expect((await send('GET', '/api/v1/contacts', { ip, cookie })).status).toBe(401)
		}
		await expectRefusedApi(await send('GET', '/api/v1/contacts', { ip }), /^Too many requests/)
		expect((await send('GET', '/api/v1/contacts', { ip: uniqueIp() })).status).toBe(401)
	})

	test('the healthcheck is never limited', async () => {
		const ip = uniqueIp()
		for (let request = 1; request <= 8; request++) {
			expect((await send('GET', '/resources/healthcheck?worker=ignore', { ip })).status).toBe(200)
		}
	})
})

describe('expensive endpoints, per organization', () => {
	test('sequence generation: the API, the assistant routes and the Generate Sequences page share one budget', async () => {
		const ip = uniqueIp()
		const owner = await createSignedInUser()
		const member = await createSignedInUser({ organizationId: owner.organization.id })
		const outsider = await createSignedInUser()
		// Invalid bodies are refused by the routes (400), but each request spent the budget.
		expect(
			(await send('POST', '/api/v1/sequence-generations', { ip, cookie: owner.cookie, json: {} })).status,
		).toBe(400)
		expect(
			(await send('POST', '/api/sequences/modify', { ip, cookie: member.cookie, json: {} })).status,
		).toBe(400)
		// Reading is not generating.
		expect((await send('GET', '/api/v1/sequence-generations', { ip, cookie: owner.cookie })).status).toBe(200)
		await expectRefusedApi(
			await send('POST', '/api/sequences/background', { ip, cookie: member.cookie, json: {} }),
			/^Too many sequence generations/,
		)
		// The page's form post gets the rate-limited page.
		const page = await send('POST', '/sequences/generations/new', { ip, cookie: owner.cookie, form: {} })
		expect(page.status).toBe(429)
		expect(await page.text()).toContain('Too many sequence generations')
		// Another organization generates.
		const other = await send('POST', '/api/v1/sequence-generations', {
			ip,
			cookie: outsider.cookie,
			json: {},
		})
		expect(other.status).toBe(400)
	})

	test('document parsing and contact export', async () => {
		const ip = uniqueIp()
		const owner = await createSignedInUser()
		const outsider = await createSignedInUser()
		for (let request = 1; request <= 2; request++) {
			const parse = await send('POST', '/resources/documents/parse', { ip, cookie: owner.cookie, form: {} })
			expect(parse.status).not.toBe(429)
		}
		await expectRefusedApi(
			await send('POST', '/resources/documents/parse', { ip, cookie: owner.cookie, form: {} }),
			/^Too many document uploads/,
		)
		for (let request = 1; request <= 2; request++) {
			const exported = await send('POST', '/resources/contacts/export', {
				ip,
				cookie: outsider.cookie,
				form: {},
			})
			expect(exported.status).not.toBe(429)
		}
		await expectRefusedApi(
			await send('POST', '/resources/contacts/export', { ip, cookie: outsider.cookie, form: {} }),
			/^Too many contact exports/,
		)
		// Each organization's budget is its own.
		const parse = await send('POST', '/resources/documents/parse', { ip, cookie: outsider.cookie, form: {} })
		expect(parse.status).not.toBe(429)
	})
})

test('two web processes on one database share the budgets', async () => {
	// A second instance with its own limiter, its own connection pool and its own session cache:
	// nothing in memory is shared with the first.
	const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
	pools.push(pool)
	const sendToSecond = await startInstance(createRateLimiter({ pool, budgets: budgetsFromEnv() }))
	const ip = uniqueIp()
	expect((await send('POST', '/api/v1/auth/login', { ip, json: { code: 'x' } })).status).toBe(503)
	expect((await sendToSecond('POST', '/api/v1/auth/login', { ip, json: { code: 'x' } })).status).toBe(503)
	expect((await send('POST', '/api/v1/auth/login', { ip, json: { code: 'x' } })).status).toBe(503)
	await expectRefusedApi(
		await sendToSecond('POST', '/api/v1/auth/login', { ip, json: { code: 'x' } }),
		/^Too many sign-in attempts/,
	)

	const owner = await createSignedInUser()
	for (let request = 1; request <= 4; request++) {
		const target = request % 2 ? send : sendToSecond
		expect((await target('GET', '/api/v1/tags', { ip: uniqueIp(), cookie: owner.cookie })).status).toBe(200)
	}
	expect((await send('GET', '/api/v1/tags', { ip: uniqueIp(), cookie: owner.cookie })).status).toBe(200)
	await expectRefusedApi(
		await sendToSecond('GET', '/api/v1/tags', { ip: uniqueIp(), cookie: owner.cookie }),
		/^Too many requests/,
	)
})

describe('the limiter', () => {
	const windows = budgetsFromEnv({ RATE_LIMIT_API_PER_SESSION: '3/1m' })

	test('with the database unreachable it keeps counting in memory (fails over, not open)', async () => {
		const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' })
		pool.on('error', () => {})
		pools.push(pool)
		const limiter = createRateLimiter({ pool, budgets: windows })
		const spend = () => limiter.spend([{ budget: 'apiPerSession', key: 'ip:192.0.2.1' }])
		for (let request = 1; request <= 3; request++) expect(await spend()).toBeNull()
		expect(await spend()).toMatchObject({ budget: 'apiPerSession', retryAfterSeconds: expect.any(Number) })
	})

	test('RATE_LIMITS=off lets everything through', async () => {
		const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' })
		pools.push(pool)
		const limiter = createRateLimiter({ pool, budgets: windows, enabled: false })
		for (let request = 1; request <= 10; request++) {
			expect(await limiter.spend([{ budget: 'apiPerSession', key: 'ip:192.0.2.2' }])).toBeNull()
		}
	})

	test('a budget of several windows refuses when any of them is spent', async () => {
		const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
		pools.push(pool)
		const limiter = createRateLimiter({
			pool,
			budgets: budgetsFromEnv({ RATE_LIMIT_SIGN_IN_PER_IP: '5/1m,2/1h' }),
		})
		const spend = () => limiter.spend([{ budget: 'signInPerIp', key: `ip:${uniqueIp()}-windows` }])
		const key = `ip:${uniqueIp()}`
		const spendSame = () => limiter.spend([{ budget: 'signInPerIp', key }])
		expect(await spendSame()).toBeNull()
		expect(await spendSame()).toBeNull()
		const refusal = await spendSame()
		// The hour's window is the one spent: the client waits for it.
		expect(refusal?.retryAfterSeconds).toBeGreaterThan(60)
		expect(refusal?.message).toMatch(/Please try again in \d+ minutes\./)
		expect(await spend()).toBeNull()
	})
})
