// The Content-Security-Policy of every response (decision 019). Scripts run only from our
// origin or with this response's nonce (Remix's inline scripts carry it: app/entry.server.tsx);
// nothing is loaded from elsewhere, and nothing may frame us.

/** remix-auth-google sends the sign-in form's POST on to Google's consent screen. */
const GOOGLE_SIGN_IN_ORIGIN = 'https://accounts.google.com'

export function contentSecurityPolicy({ nonce, development }: { nonce: string; development: boolean }) {
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		// Not 'strict-dynamic' (it works too): under it a script our code inserts may come from any
		// host; without it every script is ours, from our origin or inline with this nonce.
		'script-src': ["'self'", `'nonce-${nonce}'`],
		// Vite's dev client injects <style> elements; in production a <style> needs the nonce
		// (the sonner stylesheet is a file, scripts/vite/sonner-stylesheet.ts).
		'style-src': development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
		// style="" in server-rendered markup (Radix's hidden inputs, the progress bar): an attribute
		// styles its own element only, it cannot read the page.
		'style-src-attr': ["'unsafe-inline'"],
		// Tailwind's form controls draw with data: SVGs.
		'img-src': ["'self'", 'data:'],
		// In development Vite's HMR socket is on its own port.
		'connect-src': development ? ["'self'", 'ws:'] : ["'self'"],
		// Chromium applies form-action to the redirects that follow a submission.
		'form-action': ["'self'", GOOGLE_SIGN_IN_ORIGIN],
		'frame-ancestors': ["'none'"],
		'base-uri': ["'self'"],
		'object-src': ["'none'"],
	}
	return Object.entries(directives)
		.map(([name, sources]) => `${name} ${sources.join(' ')}`)
		.join('; ')
}
