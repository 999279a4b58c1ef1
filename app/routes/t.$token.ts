import { type LoaderFunctionArgs } from '@remix-run/node'
import { locationHeaderForUrl, recordLinkClick } from '#app/models/tracking/tracked-links.server.ts'

// The click redirect of tracked email links: public (recipients have no session), records
// LINK_CLICK, then sends the browser exactly where the author's link pointed.
export async function loader({ params }: LoaderFunctionArgs) {
	const url = params.token ? await recordLinkClick(params.token) : null
	if (!url) {
		return new Response('This link is not valid.', {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
		})
	}
	return new Response(null, {
		status: 302,
		headers: {
			Location: locationHeaderForUrl(url),
			'Cache-Control': 'no-store',
			// The token names the email step; the destination need not see it.
			'Referrer-Policy': 'no-referrer',
		},
	})
}
