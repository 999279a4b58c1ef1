import type { Plugin } from 'vite'

/**
 * sonner writes its CSS into a <style> element when it loads, which a Content-Security-Policy
 * with a style nonce refuses (decision 019). In the browser build this removes that call; the
 * same rules come as a file (`sonner/dist/styles.css`, linked by app/root.tsx). The build fails
 * if a new sonner no longer matches, rather than shipping toasts without their styles.
 * Development keeps the <style> (its policy allows inline styles for Vite).
 */
export function sonnerStylesheet(): Plugin {
	return {
		name: 'reachout:sonner-stylesheet',
		apply: 'build',
		transform(code, id, options) {
			if (options?.ssr || !/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null
			const insertion = /^__insertCSS\(".*"\);$/m
			if (!insertion.test(code)) this.error('sonner no longer inserts its CSS as expected (decision 019)')
			return { code: code.replace(insertion, ''), map: null }
		},
	}
}
