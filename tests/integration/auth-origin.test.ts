import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { refuseForeignOrigin, trustProxySetting } from '#server/guards/origin.ts'

// The CSRF guard of server/app.ts over real HTTP: mutations from another origin are refused.
let baseUrl = ''
let close: () => Promise<void>

beforeAll(async () => {
	const app = express()
	app.use(refuseForeignOrigin())
	app.all('*', (_request, response) => void response.json({ ok: true }))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	close = () => new Promise((resolve) => server.close(() => resolve()))
})

afterAll(() => close())

function send(method: string, headers: Record<string, string> = {}, path = '/auth/google') {
	return fetch(`${baseUrl}${path}`, { method, headers })
}

describe('refuseForeignOrigin', () => {
	test('lets same-origin mutations and every read through', async () => {
		expect((await send('POST', { Origin: baseUrl })).status).toBe(200)
		expect((await send('GET', { Origin: 'https://evil.example' })).status).toBe(200)
		expect((await send('HEAD', { Origin: 'https://evil.example' })).status).toBe(200)
	})

	test('refuses a POST, PUT or DELETE from another origin with 403', async () => {
		for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
			const response = await send(method, { Origin: 'https://evil.example' })
			expect(response.status).toBe(403)
			expect(await response.json()).toEqual({
				error: 'forbidden_origin',
				message: 'Cross-origin requests are not allowed',
			})
		}
		// Same host name on another port is another origin.
		expect((await send('POST', { Origin: 'http://127.0.0.1:1' })).status).toBe(403)
		expect((await send('POST', { Origin: 'not a url' })).status).toBe(403)
	})

	test('compares the scheme too, and ignores forwarded headers unless TRUST_PROXY says so', async () => {
		const sameHostOtherScheme = baseUrl.replace('http://', 'https://')
		expect((await send('POST', { Origin: sameHostOtherScheme })).status).toBe(403)
		const forwarded = await send('POST', {
			Origin: 'https://app.reachout.example',
			'X-Forwarded-Host': 'app.reachout.example',
			'X-Forwarded-Proto': 'https',
		})
		expect(forwarded.status).toBe(403)
	})

	test('refuses Origin: null, and a cross-site Sec-Fetch-Site without Origin', async () => {
		expect((await send('POST', { Origin: 'null' })).status).toBe(403)
		expect((await send('POST', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
		expect((await send('POST', { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403)
		expect((await send('POST', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200)
	})

	test('lets requests without Origin or Sec-Fetch-Site (scripts, curl) through: no browser, no forged cookie', async () => {
		expect((await send('POST')).status).toBe(200)
	})

	test('lets one-click unsubscribe POSTs through from a mail provider (RFC 8058)', async () => {
		const origin = { Origin: 'https://mail.example' }
		expect((await send('POST', origin, '/unsubscribe/some-signed-token')).status).toBe(200)
		expect((await send('POST', origin, '/unsubscribed-elsewhere')).status).toBe(403)
	})

	test('with APP_URL, only its exact origin is ours', async () => {
		const app = express()
		app.set('trust proxy', trustProxySetting('true'))
		app.use(refuseForeignOrigin({ appUrl: 'https://app.reachout.example/' }))
		app.all('*', (_request, response) => void response.json({ ok: true }))
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`
		try {
			const post = (origin: string) => fetch(url, { method: 'POST', headers: { Origin: origin } })
			expect((await post('https://app.reachout.example')).status).toBe(200)
			expect((await post('http://app.reachout.example')).status).toBe(403)
			expect((await post('https://app.reachout.example:8443')).status).toBe(403)
			expect((await post(url)).status).toBe(403)
		} finally {
			await new Promise((resolve) => server.close(resolve))
		}
	})
})

test('TRUST_PROXY: unset trusts nothing; a number is hops; names pass through', () => {
	expect(trustProxySetting(undefined)).toBe(false)
	expect(trustProxySetting('false')).toBe(false)
	expect(trustProxySetting('true')).toBe(true)
	expect(trustProxySetting('1')).toBe(1)
	expect(trustProxySetting('loopback')).toBe('loopback')
})
