import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ServerBuild } from '@remix-run/node'
import { createServer } from 'vite'

/**
 * The app's Remix server build for tests that send real requests through the router: the
 * production bundle when TEST_SERVER_BUILD names one (`npm test` builds it once and sets it, so
 * the files do not each transform the whole app through Vite — minutes apiece on a loaded
 * 2-core machine), else a Vite SSR load of the sources (a single file run while editing).
 * Either way the app is a module graph of its own, apart from the test file's imports.
 */
export async function loadServerBuild(): Promise<{ build: ServerBuild; close: () => Promise<void> }> {
	const bundle = process.env.TEST_SERVER_BUILD
	if (bundle) {
		const build = (await import(/* @vite-ignore */ pathToFileURL(resolve(bundle)).href)) as ServerBuild
		return { build, close: async () => {} }
	}
	const vite = await createServer({
		server: { middlewareMode: true, hmr: false },
		appType: 'custom',
		logLevel: 'silent',
	})
	const build = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
	return { build, close: () => vite.close() }
}
