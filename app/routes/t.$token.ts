import { type LoaderFunctionArgs } from '@remix-run/node'
import {
	followTrackedLink,
	locationHeaderForUrl,
	type TrackedLinkClick,
} from '#app/models/tracking/tracked-links.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { escapeHtml } from '#app/utils/editor-json/safe-html.ts'
import { plainPage } from '#app/utils/plain-page.server.ts'

// The click redirect of tracked email links: public (recipients have no session). A link of an
// email that went out is one 302, recorded as LINK_CLICK; an old or much-clicked one shows where it
// goes and asks first; anything else is a 404 (decision 020).
// Scanners' and prefetchers' clicks redirect too, recorded as theirs (decision 044).
export async function loader({ params, request }: LoaderFunctionArgs) {
	const click = params.token
		? await followTrackedLink(params.token, {
				method: request.method,
				userAgent: request.headers.get('User-Agent'),
			})
		: ({ kind: 'not-found' } as const)
	if (click.kind === 'not-found') {
		return plainPage({
			title: 'Link not valid',
			body: '<p>This link is not valid. If it came in an email, reply to its sender to ask for the address.</p>',
			status: 404,
		})
	}
	if (click.kind === 'landing') return landingPage(click)
	return new Response(null, {
		status: 302,
		headers: {
			Location: locationHeaderForUrl(click.url),
			'Cache-Control': 'no-store',
			// The token names the email step; the destination need not see it.
			'Referrer-Policy': 'no-referrer',
		},
	})
}

function landingPage(click: Extract<TrackedLinkClick, { kind: 'landing' }>) {
	const href = locationHeaderForUrl(click.url)
	// The host as DNS sees it (punycode): a look-alike of a known name shows as what it is.
	const host = new URL(href).host
	const sender = escapeHtml(click.organizationName)
	const why =
		click.reason === 'expired'
			? `This link is from an email ${sender} sent on ${formatDate(click.sentAt)}. Links older than ${getEnv().TRACKED_LINK_DAYS} days no longer open by themselves.`
			: `This link, from an email ${sender} sent, was opened more often today than one reader of an email does, so it shows where it goes first.`
	return plainPage({
		title: 'Check where this link goes',
		body: `<p class="muted">${why}</p>
<p>It leads to:</p>
<p class="destination">${escapeHtml(click.url)}</p>
<p><a class="button" href="${escapeHtml(href)}" rel="noreferrer noopener">Continue to ${escapeHtml(host)}</a></p>
<p class="muted">If you do not know this address or did not expect the email, close this page.</p>`,
	})
}

function formatDate(date: Date) {
	return new Intl.DateTimeFormat('en-GB', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'UTC',
	}).format(date)
}
