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
	// Every package the pages import, known up front: one found only when a page first asks for
	// it makes Vite re-optimise and reload that page (a half-filled form lost; a late
	// re-optimisation can even load two copies of React). Server packages never belong here: this
	// list is bundled for the browser. tests/lint/client-module-graph.test.ts keeps it complete.
	optimizeDeps: {
		// Nothing is found later. With discovery on, Vite found pg, openai, nodemailer… while the
		// routes' server code was compiled (the Remix plugin's inner compiler shares this config
		// and cache), bundled them for the browser mid-session and reloaded the open page.
		noDiscovery: true,
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
			'@radix-ui/react-popover',
			'@radix-ui/react-switch',
			'@radix-ui/react-tabs',
			'get-nonce',
			// Analytics charts.
			'recharts',
			// The email editor.
			'lexical',
			'@lexical/history',
			'@lexical/link',
			'@lexical/list',
			'@lexical/rich-text',
			'@lexical/utils',
			'@lexical/react/LexicalComposerContext',
			'@lexical/react/LexicalContentEditable',
			'@lexical/react/LexicalExtensionComposer',
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
