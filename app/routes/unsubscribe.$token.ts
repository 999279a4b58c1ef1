import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { findUnsubscribeTarget, unsubscribeByToken } from '#app/models/unsubscribe/unsubscribe.server.ts'

/**
 * The unsubscribe link of every email (public: recipients have no session). GET asks to
 * confirm; POST unsubscribes — both the confirm button and RFC 8058 one-click requests from
 * mail providers (`List-Unsubscribe=One-Click`), which come without cookies from anywhere.
 * A resource route answering plain HTML, so it needs no JavaScript and Remix's document
 * CSRF check does not refuse a mail provider's POST; the token is the authorization.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
	const target = params.token ? await findUnsubscribeTarget(params.token) : null
	if (!target) return notFound(context.cspNonce)
	if (target.unsubscribed)
		return page(
			'You are unsubscribed',
			`<p>You will not receive more emails from ${escapeHtml(target.organizationName)}.</p>`,
			{ nonce: context.cspNonce },
		)
	return page(
		'Unsubscribe',
		`<p>Stop receiving emails from ${escapeHtml(target.organizationName)}?</p>
		<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click" /><button type="submit">Unsubscribe</button></form>`,
		{ nonce: context.cspNonce },
	)
}

export async function action({ params, context }: ActionFunctionArgs) {
	const result = params.token ? await unsubscribeByToken(params.token) : null
	if (!result) return notFound(context.cspNonce)
	return page(
		'You are unsubscribed',
		`<p>You will not receive more emails from ${escapeHtml(result.organizationName)}.</p>`,
		{ nonce: context.cspNonce },
	)
}

function notFound(nonce: string | undefined) {
	return page(
		'Link not valid',
		'<p>This unsubscribe link is not valid. Reply to the email to ask to be removed.</p>',
		{ status: 404, nonce },
	)
}

/** `nonce`: the response's Content-Security-Policy nonce, without which the <style> is refused. */
function page(
	title: string,
	body: string,
	{ status = 200, nonce }: { status?: number; nonce?: string } = {},
) {
	const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(title)}</title>
<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>
body { font-family: system-ui, sans-serif; color: #111827; background: #f9fafb; margin: 0; }
main { max-width: 28rem; margin: 15vh auto; padding: 2rem; background: #fff; border: 1px solid #e5e7eb; border-radius: 0.75rem; }
h1 { font-size: 1.25rem; margin: 0 0 1rem; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 0; background: #111827; color: #fff; cursor: pointer; }
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
		},
	})
}

function escapeHtml(value: string) {
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
