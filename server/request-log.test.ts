import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { noteActingOrganization } from '#app/utils/request-context.server.ts'
import { createRemixHandler } from './remix-handler.ts'
import { acceptableRequestId, requestLog, type RequestLogLine } from './request-log.ts'

// A hand-made build with two resource routes: the real Remix handler matches and runs them.
function routeModule(loader: () => unknown) {
	return { loader } as unknown as ServerBuild['routes'][string]['module']
}
const build = {
	mode: 'production',
	entry: { module: { default: () => new Response('document') } },
	routes: {
		root: { id: 'root', path: '', module: { default: () => null } },
		contact: {
			id: 'contact',
			parentId: 'root',
			path: 'api/v1/contacts/:id',
			module: routeModule(() => {
				noteActingOrganization('org_1')
				return Response.json({ id: 'c1' })
			}),
		},
		broken: {
			id: 'broken',
			parentId: 'root',
			path: 'api/v1/broken',
			module: routeModule(() => {
				throw new Error('boom')
			}),
		},
		notFound: {
			id: 'notFound',
			parentId: 'root',
			path: '*',
			module: routeModule(() => new Response('not found', { status: 404 })),
		},
		home: { id: 'home', parentId: 'root', index: true, module: routeModule(() => new Response('home')) },
		health: {
			id: 'health',
			parentId: 'root',
			path: 'resources/healthcheck',
			module: routeModule(() => new Response('{}', { status: Number(healthStatus) })),
		},
	},
	assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' },
	publicPath: '/',
	assetsBuildDirectory: '',
	future: {},
	isSpaMode: false,
} as unknown as ServerBuild
let healthStatus = 200

const servers: Array<{ close: () => void }> = []
afterEach(() => {
	for (const server of servers.splice(0)) server.close()
	healthStatus = 200
})

async function serve(options: { enabled?: boolean; trustIncomingId?: boolean; quietRoutine?: boolean } = {}) {
	const lines: RequestLogLine[] = []
	const app = express()
	app.use(
		requestLog({
			enabled: options.enabled ?? true,
			trustIncomingId: options.trustIncomingId ?? false,
			quietRoutine: options.quietRoutine ?? false,
			write: (line) => lines.push(JSON.parse(line) as RequestLogLine),
		}),
	)
	app.get('/assets/app.js', (_request, response) => void response.type('js').send('1'))
	app.all('*', createRemixHandler({ build, mode: 'production' }))
	const server = app.listen(0)
	servers.push(server)
	await new Promise((resolve) => server.once('listening', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	async function get(path: string, headers: Record<string, string> = {}) {
		const response = await fetch(`${base}${path}`, { headers })
		await response.text()
		// The line is written on 'finish', which may follow the client's read by a tick.
		await new Promise((resolve) => setTimeout(resolve, 20))
		return response
	}
	return { get, lines }
}

describe('the request log', () => {
	test('one line per request: route pattern, status, duration, organization and the id sent back', async () => {
		const { get, lines } = await serve()
		const response = await get('/api/v1/contacts/c123')
		expect(response.status).toBe(200)
		expect(lines).toHaveLength(1)
		expect(lines[0]).toMatchObject({
			level: 'info',
			msg: 'request',
			method: 'GET',
			route: '/api/v1/contacts/:id',
			status: 200,
			organizationId: 'org_1',
			requestId: response.headers.get('x-request-id'),
		})
		expect(lines[0]!.durationMs).toBeGreaterThanOrEqual(0)
		expect(JSON.stringify(lines[0])).not.toContain('c123')
	})

	test('the index route is `/`, the catch-all `/*`: a splat loses to an exact match', async () => {
		const { get, lines } = await serve()
		await get('/')
		await get('/no/such/page')
		expect(lines.map((line) => [line.route, line.status])).toEqual([
			['/', 200],
			['/*', 404],
		])
	})

	test("the API's 500 quotes the request id of the header and of the log line", async () => {
		const { get, lines } = await serve()
		const response = await get('/api/v1/broken')
		const requestId = response.headers.get('x-request-id')
		expect(response.status).toBe(500)
		expect(lines).toEqual([expect.objectContaining({ level: 'error', status: 500, requestId })])
		expect(lines[0]!.organizationId).toBeNull()
	})

	test('an incoming X-Request-Id is used only behind a trusted proxy, and only if well formed', async () => {
		const direct = await serve()
		const ignored = await direct.get('/api/v1/contacts/1', { 'X-Request-Id': 'from-client-1' })
		expect(ignored.headers.get('x-request-id')).not.toBe('from-client-1')
		expect(ignored.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

		const proxied = await serve({ trustIncomingId: true })
		const kept = await proxied.get('/api/v1/contacts/1', { 'X-Request-Id': 'lb-7f3a:2' })
		expect(kept.headers.get('x-request-id')).toBe('lb-7f3a:2')
		expect(proxied.lines[0]!.requestId).toBe('lb-7f3a:2')
		expect(acceptableRequestId('two words')).toBeUndefined()
		expect(acceptableRequestId('x'.repeat(129))).toBeUndefined()
	})

	test('production leaves out static files and healthy healthchecks, never failures', async () => {
		const { get, lines } = await serve({ quietRoutine: true })
		await get('/assets/app.js')
		await get('/resources/healthcheck')
		healthStatus = 503
		await get('/resources/healthcheck')
		await get('/api/v1/contacts/2')
		expect(lines.map((line) => [line.route, line.status])).toEqual([
			['/resources/healthcheck', 503],
			['/api/v1/contacts/:id', 200],
		])
	})

	test('switched off, it writes nothing but still gives every request an id', async () => {
		const { get, lines } = await serve({ enabled: false })
		const response = await get('/api/v1/contacts/3')
		expect(response.headers.get('x-request-id')).toBeTruthy()
		expect(lines).toEqual([])
	})
})
