import { getDomain } from 'tldts'
import { webFetcher, type WebFetcher } from '#app/integrations/web/web-fetcher.server.ts'
import { WebFetchError } from '#app/integrations/web/web-fetch-error.ts'
import { forEachConcurrently } from '#app/utils/concurrent-each.ts'

/**
 * The pre-flight check's links (decision 051): each distinct URL of the launch asked once, through
 * the safe fetcher (HEAD, then GET when HEAD is refused), with a short deadline. A link fails
 * when it does not answer or answers an error; it is suspicious when its redirects end on
 * another site than the one written in the email.
 */

export const LINK_CHECK_TIMEOUT_MS = 5_000
export const LINK_CHECK_CONCURRENCY = 6
/** A launch of personalized drafts may hold a link per contact; beyond this many, the rest is not asked. */
export const MAX_CHECKED_LINKS = 100

export type LinkVerdict =
	| { url: string; ok: true; finalUrl: string }
	| { url: string; ok: false; kind: 'broken_link'; reason: string }
	| { url: string; ok: false; kind: 'unexpected_redirect'; finalUrl: string }

export async function checkLinks(
	urls: Iterable<string>,
	{
		fetcher = webFetcher(),
		timeoutMs = LINK_CHECK_TIMEOUT_MS,
	}: { fetcher?: WebFetcher; timeoutMs?: number } = {},
) {
	const distinct = [...new Set(urls)]
	const checked = distinct.slice(0, MAX_CHECKED_LINKS)
	const verdicts = new Map<string, LinkVerdict>()
	await forEachConcurrently(checked, LINK_CHECK_CONCURRENCY, async (url) => {
		verdicts.set(url, await checkLink(url, fetcher, Math.min(timeoutMs, fetcher.settings.timeoutMs)))
	})
	return { verdicts, unchecked: distinct.length - checked.length }
}

async function checkLink(url: string, fetcher: WebFetcher, timeoutMs: number): Promise<LinkVerdict> {
	try {
		const answer = await fetcher.probe(url, { timeoutMs })
		// 3xx here is a redirect without a Location: nowhere to go either.
		if (answer.status >= 300)
			return { url, ok: false, kind: 'broken_link', reason: `it answers ${answer.status}` }
		if (!sameSite(url, answer.url))
			return { url, ok: false, kind: 'unexpected_redirect', finalUrl: answer.url }
		return { url, ok: true, finalUrl: answer.url }
	} catch (error) {
		if (error instanceof WebFetchError)
			return { url, ok: false, kind: 'broken_link', reason: reasonOf(error) }
		throw error
	}
}

/** Same registrable domain (www.acme.com and acme.com/pricing are one site; bit.ly → acme.com is not). */
function sameSite(from: string, to: string) {
	const a = new URL(from)
	const b = new URL(to)
	const siteA = getDomain(a.hostname, { allowPrivateDomains: true }) ?? a.host
	const siteB = getDomain(b.hostname, { allowPrivateDomains: true }) ?? b.host
	return siteA === siteB
}

function reasonOf(error: WebFetchError) {
	switch (error.code) {
		case 'dns_failed':
			return 'its address does not exist'
		case 'timeout':
			return 'it did not answer within 5 seconds'
		case 'too_many_redirects':
			return 'it redirects too many times'
		case 'invalid_url':
			return 'it is not a valid web address'
		case 'blocked_address':
		case 'blocked_port':
			return 'it points to a private or unsafe address'
		case 'network':
			return 'the site could not be reached'
		default:
			return error.status ? `it answers ${error.status}` : 'the site could not be reached'
	}
}

/** http(s) links of an email step: its HTML's anchors and any written out in its text. */
export function linksOfText(text: string) {
	return [...text.matchAll(/\bhttps?:\/\/[^\s<>"')\]]+/gi)].map((match) => match[0].replace(/[.,;:!?]+$/, ''))
}
