import { readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createServer, type Plugin, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'

// What the browser loads in development, followed from every route module the way the dev
// server serves it (loaders and actions already removed by the Remix plugin): no server
// package may be in it. One there makes Vite bundle it for the browser and, found late,
// re-optimise its dependencies and reload the open page (issue 19).

const root = path.resolve(import.meta.dirname, '../..')

/** Packages that only run on the server; the name or its start (`@prisma/…`). */
const SERVER_PACKAGES = [
	'pg',
	'pg-',
	'@prisma/',
	'openai',
	'nodemailer',
	'googleapis',
	'@googleapis/',
	'google-auth-library',
	'graphile-worker',
	'imapflow',
	'mailparser',
	'smtp-server',
	'express',
	'@remix-run/node',
	'@remix-run/express',
	'pdf-parse',
	'csv-parse',
	'undici',
	'remix-auth',
	'remix-auth-google',
]

function packageOf(id: string) {
	const match = /node_modules\/(?:\.vite\/[^/]+\/deps\/)?((?:@[^/]+\/)?[^/]+)/.exec(id)
	return match?.[1]
}

function isServerPackage(name: string) {
	return SERVER_PACKAGES.some((entry) =>
		entry.endsWith('/') || entry.endsWith('-') ? name.startsWith(entry) : name === entry,
	)
}

async function routeModules() {
	const files = await readdir(path.join(root, 'app/routes'), { recursive: true })
	return files
		.filter((file) => /\.(tsx?|jsx?)$/.test(file))
		.filter((file) => !/(^|\/)(__|\.)|\.server\.|\.test\./.test(file))
		.map((file) => `/app/routes/${file}`)
}

let server: ViteDevServer
const cacheDir = path.join(os.tmpdir(), `reachout-client-graph-${process.pid}`)

beforeAll(async () => {
	server = await createServer({
		root,
		configFile: path.join(root, 'vite.config.ts'),
		logLevel: 'silent',
		// Its own cache, so the dev server's optimised dependencies are left alone.
		cacheDir,
		server: { middlewareMode: true, hmr: false, watch: null },
		plugins: [recordingWithoutOptimisation(), withoutOptimisation()],
	})
}, 120_000)

afterAll(async () => {
	await server?.close()
	await rm(cacheDir, { recursive: true, force: true })
})

/** The packages the app's own client modules import, by the specifier they use. */
const bareImports = new Set<string>()
/** optimizeDeps.include as configured (vite.config.ts and the Remix plugin). */
let configuredInclude: string[] = []
let configuredNoDiscovery: boolean | undefined

/**
 * Records what the project asks Vite to pre-bundle, then turns pre-bundling off for this
 * server: bare imports stay paths into node_modules, which name their package.
 */
function recordingWithoutOptimisation(): Plugin {
	return {
		name: 'client-graph:record',
		enforce: 'pre',
		config(config) {
			configuredInclude = [...(config.optimizeDeps?.include ?? [])]
			configuredNoDiscovery = config.optimizeDeps?.noDiscovery
		},
		resolveId(source, importer) {
			const fromApp = importer?.startsWith(path.join(root, 'app')) && !importer.includes('node_modules')
			if (fromApp && /^[@a-z]/i.test(source) && !source.startsWith('virtual:')) bareImports.add(source)
			return null
		},
	}
}

function withoutOptimisation(): Plugin {
	return {
		name: 'client-graph:no-optimise',
		enforce: 'post',
		config(config) {
			configuredInclude = [...new Set([...configuredInclude, ...(config.optimizeDeps?.include ?? [])])]
			config.optimizeDeps = { noDiscovery: true, include: [] }
		},
	}
}

test('no server package is in the browser module graph of any route', { timeout: 300_000 }, async () => {
	const importedBy = new Map<string, string>()
	const offenders: string[] = []
	const queue = ['/app/root.tsx', ...(await routeModules())]
	const seen = new Set(queue)
	while (queue.length > 0) {
		const url = queue.shift()!
		await server.transformRequest(url)
		const node = await server.moduleGraph.getModuleByUrl(url)
		for (const imported of node?.importedModules ?? []) {
			const id = imported.id ?? imported.url
			const name = packageOf(id)
			if (name) {
				if (isServerPackage(name)) offenders.push(`${name} ← ${chain(url, importedBy).join(' ← ')}`)
				continue
			}
			if (id.startsWith('\0') || /\.css(\?|$)/.test(id) || imported.url.includes('?')) continue
			if (seen.has(imported.url)) continue
			seen.add(imported.url)
			importedBy.set(imported.url, url)
			queue.push(imported.url)
		}
	}
	expect(seen.size).toBeGreaterThan(50)
	expect(offenders).toEqual([])
})

function chain(url: string, importedBy: Map<string, string>) {
	const links = [url]
	for (let at = importedBy.get(url); at; at = importedBy.get(at)) links.push(at)
	return links
}

// Every package the pages import is pre-bundled when the dev server starts; one found only when
// a page first asks for it makes Vite re-optimise and reload that page, losing what was typed.
// Discovery stays off: with it on, Vite also picked up the packages of the routes' server code
// (pg, openai, …), bundled them for the browser and reloaded the page (see vite.config.ts).
test('every package the pages import is listed in optimizeDeps.include, and no server package is', () => {
	expect(configuredNoDiscovery).toBe(true)
	expect(bareImports.size).toBeGreaterThan(10)
	const missing = [...bareImports]
		// Stylesheets and `?url` imports are assets, not pre-bundled modules.
		.filter((specifier) => !specifier.includes('?') && !specifier.endsWith('.css'))
		.filter((specifier) => !configuredInclude.includes(specifier))
		.sort()
	expect(missing).toEqual([])
	const serverPackages = configuredInclude.filter((specifier) => {
		const name = specifier.startsWith('@')
			? specifier.split('/').slice(0, 2).join('/')
			: specifier.split('/')[0]!
		return isServerPackage(name)
	})
	expect(serverPackages).toEqual([])
})
