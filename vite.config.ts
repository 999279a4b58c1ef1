import { vitePlugin as remix } from '@remix-run/dev'
import { flatRoutes } from 'remix-flat-routes'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

export default defineConfig({
	// Per checkout (gitignored), so clones sharing node_modules do not invalidate each other's cache.
	cacheDir: '.cache/vite',
	server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
	build: { target: 'es2022', cssMinify: process.env.NODE_ENV === 'production' },
	plugins: [
		remix({
			ignoredRouteFiles: ['**/*'],
			serverModuleFormat: 'esm',
			future: {
				v3_fetcherPersist: true,
				v3_relativeSplatPath: true,
				v3_throwAbortReason: true,
				v3_singleFetch: true,
				v3_lazyRouteDiscovery: true,
			},
			routes: async (defineRoutes) =>
				flatRoutes('routes', defineRoutes, {
					ignoredRouteFiles: ['**/.*', '**/*.css', '**/*.test.{js,jsx,ts,tsx}', '**/__*.*'],
				}),
		}),
	],
})
