import robotsParser from 'robots-parser'
import { WebFetchError } from './web-fetch-error.ts'

/**
 * robots.txt, as RFC 9309 reads it: fetched once per origin and cached for a while; a 4xx (no
 * robots.txt) allows everything; a 5xx or an unreachable file means "assume complete disallow"
 * for a short while; a group for our product token wins over `*`.
 */

/** What fetching `<origin>/robots.txt` gave: a status and the text, or nothing when it could not be read. */
export type RobotsAnswer = { status: number; body: string } | null

export type RobotsPolicy = {
	/** Throws robots_disallowed or robots_unreachable; resolves when the URL may be fetched. */
	assertAllowed(url: URL, signal: AbortSignal): Promise<void>
}

const READ_TTL_MS = 60 * 60 * 1000
const UNREACHABLE_TTL_MS = 60 * 1000
const MAX_ORIGINS = 2000

type Verdict =
	{ kind: 'rules'; rules: ReturnType<typeof robotsParser> } | { kind: 'allow-all' } | { kind: 'unreachable' }

type Entry = { expiresAt: number; verdict: Promise<Verdict> }

export function createRobotsPolicy({
	productToken,
	fetchRobots,
	now = Date.now,
}: {
	/** The User-Agent's product token (`ReachoutBot`), matched against robots.txt groups. */
	productToken: string
	fetchRobots: (robotsUrl: URL, signal: AbortSignal) => Promise<RobotsAnswer>
	now?: () => number
}): RobotsPolicy {
	const cache = new Map<string, Entry>()

	async function load(robotsUrl: URL, signal: AbortSignal): Promise<Verdict> {
		const answer = await fetchRobots(robotsUrl, signal)
		if (!answer || answer.status >= 500) return { kind: 'unreachable' }
		if (answer.status >= 400) return { kind: 'allow-all' }
		if (answer.status < 200 || answer.status >= 300) return { kind: 'unreachable' }
		return { kind: 'rules', rules: robotsParser(robotsUrl.href, answer.body) }
	}

	function verdictFor(origin: string, signal: AbortSignal): Promise<Verdict> {
		const cached = cache.get(origin)
		if (cached && cached.expiresAt > now()) return cached.verdict
		const robotsUrl = new URL('/robots.txt', origin)
		// Shared while in flight, so ten enrichments of one site fetch robots.txt once.
		const verdict = load(robotsUrl, signal)
		const entry: Entry = { expiresAt: now() + READ_TTL_MS, verdict }
		cache.delete(origin)
		cache.set(origin, entry)
		if (cache.size > MAX_ORIGINS) cache.delete(cache.keys().next().value!)
		verdict.then(
			(settled) => {
				if (settled.kind === 'unreachable') entry.expiresAt = now() + UNREACHABLE_TTL_MS
			},
			// A cancelled or failed load is not remembered.
			() => {
				if (cache.get(origin) === entry) cache.delete(origin)
			},
		)
		return verdict
	}

	return {
		async assertAllowed(url, signal) {
			const verdict = await verdictFor(url.origin, signal)
			if (verdict.kind === 'unreachable') {
				throw new WebFetchError('robots_unreachable', `${url.origin}/robots.txt could not be read`)
			}
			if (verdict.kind === 'rules' && verdict.rules.isAllowed(url.href, productToken) === false) {
				throw new WebFetchError('robots_disallowed', `robots.txt of ${url.origin} disallows ${url.pathname}`)
			}
		},
	}
}
