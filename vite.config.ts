import { vitePlugin as remix } from '@remix-run/dev'
import { flatRoutes } from 'remix-flat-routes'
import { createHash } from 'node:crypto'
import { defineConfig } from 'vite'
import { sonnerStylesheet } from './scripts/vite/sonner-stylesheet.ts'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

export default defineConfig({
	// One cache per checkout, so clones sharing node_modules do not invalidate each other's.
	cacheDir: `node_modules/.vite/${createHash('sha256')
		.update(import.meta.dirname)
		.digest('hex')
		.slice(0, 8)}`,
	server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
	// Known up front, so the first page load does not find them one by one and reload
	// (a late re-optimisation can load two copies of React in the open tab).
	optimizeDeps: {
		include: [
			'react',
			'react-dom',
			'react-dom/client',
			'@remix-run/react',
			'@conform-to/react',
			'@conform-to/zod/v4',
			'zod',
			'sonner',
			'lucide-react',
			'clsx',
			'tailwind-merge',
			'class-variance-authority',
			'@radix-ui/react-slot',
			'@radix-ui/react-label',
			'@radix-ui/react-dialog',
			'@radix-ui/react-tooltip',
			'@radix-ui/react-progress',
			'@radix-ui/react-radio-group',
			'@radix-ui/react-dropdown-menu',
			'@radix-ui/react-tabs',
			'get-nonce',
			// Seen by the scanner in loaders and resource routes; Remix strips them from the browser bundle.
			'@remix-run/node',
			'@prisma/adapter-pg',
			'@prisma/client/runtime/client',
		],
	},
	build: { target: 'es2022', cssMinify: process.env.NODE_ENV === 'production' },
	plugins: [
		sonnerStylesheet(),
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
