import { escapeHtml } from './editor-json/safe-html.ts'

/**
 * A small page for people who are not users of the app (recipients of our users' email): plain
 * server-rendered HTML in the app's colours, no scripts, no session, kept out of caches and indexes.
 */
export function plainPage({ title, body, status = 200 }: { title: string; body: string; status?: number }) {
	const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(title)}</title>
<style>
body { font-family: ui-sans-serif, system-ui, sans-serif; color: #0f172a; background: #f8fafc; margin: 0; line-height: 1.5; }
main { max-width: 32rem; margin: 12vh auto; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; box-shadow: 0 1px 2px rgb(0 0 0 / 0.05); }
h1 { font-size: 1.25rem; font-weight: 600; margin: 0 0 1rem; }
p { margin: 0 0 1rem; font-size: 0.875rem; }
.muted { color: #64748b; }
.destination { padding: 0.75rem; background: #f1f5f9; border-radius: 0.5rem; font-family: ui-monospace, monospace; font-size: 0.8125rem; overflow-wrap: anywhere; }
.button { display: inline-block; padding: 0.5rem 1rem; border-radius: 0.375rem; background: #0f172a; color: #f8fafc; font-size: 0.875rem; font-weight: 500; text-decoration: none; overflow-wrap: anywhere; }
.button:hover, button:hover { background: #1e293b; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 0; background: #0f172a; color: #f8fafc; cursor: pointer; }
</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`
	return new Response(html, {
		status,
		headers: {
			'Content-Type': 'text/html; charset=utf-8',
			'Cache-Control': 'no-store',
			'Referrer-Policy': 'no-referrer',
			'X-Robots-Tag': 'noindex',
			// Its own policy, stricter than the app's: no script at all, only its inline styles.
			'Content-Security-Policy':
				"default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
		},
	})
}
