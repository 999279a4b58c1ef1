import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createDevServerBuild } from '#server/dev-build.ts'

// `npm run dev` serves its first page from the routes that page needs (issue 19's cold start),
// then compiles the rest. What a partial build holds decides whether that first page is right.
const root = path.resolve(import.meta.dirname, '../..')
let vite: ViteDevServer

beforeAll(async () => {
	vite = await createServer({
		root,
		logLevel: 'silent',
		cacheDir: path.join(root, 'node_modules/.vite/dev-server-build-test'),
		server: { middlewareMode: true, hmr: false, watch: null },
	})
}, 120_000)

afterAll(async () => {
	await vite?.close()
})

function loadedRoutes(build: Awaited<ReturnType<ReturnType<typeof createDevServerBuild>['buildFor']>>) {
	return Object.values(build.routes)
		.filter((route) => Object.keys(route.module).length > 0)
		.map((route) => route.id)
		.sort()
}

test('a page before the whole build: its own route and layouts are loaded, every other route listed empty', async () => {
	const devBuild = createDevServerBuild(vite)
	const build = await devBuild.buildFor('/login')
	expect(loadedRoutes(build)).toEqual(['root', 'routes/_auth+/login'])
	// Every route is still in the build (Remix matches and serves the route manifest from it).
	expect(Object.keys(build.routes).length).toBeGreaterThan(100)
	expect(build.routes['routes/_auth+/login']!.module.default).toBeTypeOf('function')
	expect(build.entry.module.default).toBeTypeOf('function')
	expect(build.assets.routes['routes/_app+/contacts._index']).toBeDefined()

	// A data request is its page's; a page with parameters matches its layouts.
	const data = await devBuild.buildFor('/contacts/abc.data')
	expect(loadedRoutes(data)).toEqual(['root', 'routes/_app+/_layout', 'routes/_app+/contacts.$contactId'])
	// An unknown address needs the root and the catch-all only.
	expect(loadedRoutes(await devBuild.buildFor('/no/such/page'))).toEqual(['root', 'routes/$'])
}, 120_000)

test('once compiled, every request gets the whole build', async () => {
	const devBuild = createDevServerBuild(vite)
	await devBuild.compileWholeBuild()
	const build = await devBuild.buildFor('/login')
	const routes = Object.values(build.routes)
	expect(routes.every((route) => route.module && typeof route.module === 'object')).toBe(true)
	expect(loadedRoutes(build).length).toBe(routes.length)
	// The same build object each time while nothing changes: Remix's handler is made once per build.
	expect(await devBuild.buildFor('/contacts')).toBe(build)
}, 180_000)
