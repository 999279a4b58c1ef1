import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { findUnsubscribeTarget, unsubscribeByToken } from '#app/models/unsubscribe/unsubscribe.server.ts'
import { escapeHtml } from '#app/utils/editor-json/safe-html.ts'
import { plainPage } from '#app/utils/plain-page.server.ts'

/**
 * The unsubscribe link of every email (public: recipients have no session). GET asks to
 * confirm; POST unsubscribes — both the confirm button and RFC 8058 one-click requests from
 * mail providers (`List-Unsubscribe=One-Click`), which come without cookies from anywhere.
 * A resource route answering plain HTML, so it needs no JavaScript and Remix's document
 * CSRF check does not refuse a mail provider's POST; the token is the authorization.
 */
export async function loader({ params }: LoaderFunctionArgs) {
	const target = params.token ? await findUnsubscribeTarget(params.token) : null
	if (!target) return notFound()
	if (target.unsubscribed) return unsubscribed(target.organizationName)
	return plainPage({
		title: 'Unsubscribe',
		body: `<p>Stop receiving emails from ${escapeHtml(target.organizationName)}?</p>
		<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click" /><button type="submit">Unsubscribe</button></form>`,
	})
}

export async function action({ params }: ActionFunctionArgs) {
	const result = params.token ? await unsubscribeByToken(params.token) : null
	if (!result) return notFound()
	return unsubscribed(result.organizationName)
}

function unsubscribed(organizationName: string) {
	return plainPage({
		title: 'You are unsubscribed',
		body: `<p>You will not receive more emails from ${escapeHtml(organizationName)}.</p>`,
	})
}

function notFound() {
	return plainPage({
		title: 'Link not valid',
		body: '<p>This unsubscribe link is not valid. Reply to the email to ask to be removed.</p>',
		status: 404,
	})
}
