import { prisma } from '#app/utils/db.server.ts'
import { appUrl, getEnv } from '#app/utils/env.server.ts'
import { ANCHOR_TAG, decodeHtmlEntities, HREF_ATTRIBUTE, hrefUrl } from './anchor-links.ts'
import { isWebUrl } from '#app/utils/web-url.ts'
import {
	BURST_DISTINCT_LINKS,
	BURST_WINDOW_SECONDS,
	type BotReason,
	classifyClick,
} from './click-classification.ts'
import { CLICK_BURST_WINDOW_MS, decideClick, type LandingReason } from './click-rules.ts'
import { openToken, sealToken } from './signed-token.server.ts'

/**
 * Click tracking. Every http(s) link of an email becomes `<base>/t/<token>` — the base is the
 * organization's tracking domain, else the app (tracking-domain.server.ts); the token is sealed
 * and carries the email step id and the link's exact URL, unreadable (decision 015), so
 * `/t/<token>` can record LINK_CLICK and redirect to precisely what the author wrote — and
 * nothing else: a forged or altered token is a 404, and so is a token whose link was not in an
 * email that went out, or a link past its time without asking (click-rules.ts, decision 020).
 *
 * A link whose visible text is itself a URL ("https://acme.test/demo", "acme.test/demo") is left
 * as written: a tracked href under a URL text is what phishing filters look for (the text names
 * one address, the link goes to another).
 */

const ANCHOR_END = /<\/a\s*>/gi
// A text that reads as an address: a scheme, "www.", or a host name with a dot (and maybe a path).
const URL_LIKE_TEXT =
	/^(?:[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?)$/i

export function trackingUrl(emailStepId: string, url: string, baseUrl = appUrl()) {
	return `${baseUrl}/t/${sealToken('link', [emailStepId, url])}`
}

/** The HTML with its http(s) links pointing at the click redirect; everything else untouched. */
export function rewriteLinksForTracking(html: string, emailStepId: string, baseUrl = appUrl()) {
	const ownPrefixes = [...new Set([appUrl(), baseUrl])].flatMap((base) => [
		`${base}/t/`,
		`${base}/unsubscribe/`,
	])
	return html.replace(ANCHOR_TAG, (tag, offset: number) => {
		if (URL_LIKE_TEXT.test(anchorText(html, offset + tag.length))) return tag
		return tag.replace(HREF_ATTRIBUTE, (attribute, prefix: string, ...values: Array<string | undefined>) => {
			const url = hrefUrl(values.slice(0, 3).find((value) => value !== undefined) ?? '')
			if (!isWebUrl(url)) return attribute
			if (ownPrefixes.some((own) => url.startsWith(own))) return attribute
			return `${prefix}"${trackingUrl(emailStepId, url, baseUrl)}"`
		})
	})
}

/** The visible text of the anchor whose start tag ends at `from`: up to its `</a>`, tags removed. */
function anchorText(html: string, from: number) {
	ANCHOR_END.lastIndex = from
	const end = ANCHOR_END.exec(html)
	const inner = html.slice(from, end ? end.index : from)
	return decodeHtmlEntities(inner.replace(/<[^>]*>/g, ''))
		.replace(/[\s\u00a0\u200b]+/g, ' ')
		.trim()
}

/** The step and URL a token was issued for, or null for anything we did not issue. */
export function readTrackedLink(token: string) {
	const value = openToken('link', token)
	if (!Array.isArray(value) || value.length !== 2) return null
	const [emailStepId, url] = value as unknown[]
	if (typeof emailStepId !== 'string' || typeof url !== 'string') return null
	return { emailStepId, url }
}

export type TrackedLinkClick =
	| { kind: 'not-found' }
	| { kind: 'redirect'; url: string }
	| { kind: 'landing'; url: string; reason: LandingReason; organizationName: string; sentAt: Date }

/** The request's part in classifying a click (click-classification.ts). */
export type ClickRequest = { method?: string; userAgent?: string | null; now?: Date }

/**
 * What a click on `/t/<token>` gets (click-rules.ts): one read of the step, with its recent clicks
 * counted in the same statement, then LINK_CLICK recorded for a redirect only. A landing page
 * records nothing: its reader has not gone anywhere yet, and its link leads straight on. A
 * scanner's click redirects like any other but is recorded with its reason (decision 044).
 */
export async function followTrackedLink(
	token: string,
	{ method = 'GET', userAgent = null, now = new Date() }: ClickRequest = {},
): Promise<TrackedLinkClick> {
	const link = readTrackedLink(token)
	if (!link) return { kind: 'not-found' }
	const step = await prisma.emailStep.findUnique({
		where: { id: link.emailStepId },
		select: {
			id: true,
			organizationId: true,
			sequenceId: true,
			status: true,
			sentAt: true,
			repliedAt: true,
			bodyHtml: true,
			organization: { select: { name: true } },
			_count: {
				select: {
					events: {
						where: { type: 'LINK_CLICK', createdAt: { gt: new Date(now.getTime() - CLICK_BURST_WINDOW_MS) } },
					},
				},
			},
		},
	})
	const facts = step && { ...step, recentClicks: step._count.events }
	const decision = decideClick(facts, link.url, { now, linkDays: getEnv().TRACKED_LINK_DAYS })
	if (decision.kind === 'not-found' || !step) return { kind: 'not-found' }
	if (decision.kind === 'landing') {
		return {
			kind: 'landing',
			url: link.url,
			reason: decision.reason,
			organizationName: step.organization.name,
			sentAt: (step.sentAt ?? step.repliedAt)!,
		}
	}
	await recordClick({
		step,
		url: link.url,
		now,
		botReason: classifyClick({ method, userAgent, sentAt: step.sentAt ?? step.repliedAt, now }),
	})
	return { kind: 'redirect', url: link.url }
}

/**
 * LINK_CLICK, in one statement with the burst check: when this click makes BURST_DISTINCT_LINKS
 * different links of the email within BURST_WINDOW_SECONDS, it and the window's earlier clicks
 * are the burst's. Two clicks racing may each miss the other; the next one of the burst marks both.
 */
async function recordClick({
	step,
	url,
	now,
	botReason,
}: {
	step: { id: string; sequenceId: string; organizationId: string }
	url: string
	now: Date
	botReason: BotReason | null
}) {
	const since = new Date(now.getTime() - BURST_WINDOW_SECONDS * 1000)
	await prisma.$executeRaw`
		WITH burst AS (
			SELECT count(DISTINCT e.url) FILTER (WHERE e.url <> ${url}) + 1 >= ${BURST_DISTINCT_LINKS} AS yes
			FROM "SequenceEvent" e
			WHERE e."emailStepId" = ${step.id} AND e.type = 'LINK_CLICK' AND e."createdAt" > ${since}
		), marked AS (
			UPDATE "SequenceEvent" e SET "botReason" = 'burst'
			WHERE e."emailStepId" = ${step.id} AND e.type = 'LINK_CLICK' AND e."createdAt" > ${since}
				AND e."botReason" IS NULL AND (SELECT yes FROM burst)
		)
		INSERT INTO "SequenceEvent" (id, type, url, "organizationId", "sequenceId", "emailStepId", "botReason", "createdAt")
		SELECT gen_random_uuid()::text, 'LINK_CLICK', ${url}, ${step.organizationId}, ${step.sequenceId}, ${step.id},
			coalesce(${botReason}::text, CASE WHEN burst.yes THEN 'burst' END), ${now}
		FROM burst`
}

/**
 * The URL as an HTTP Location header can carry it (headers are ASCII): an internationalised
 * host in punycode and every other non-ASCII or blank character percent-encoded as UTF-8 —
 * exactly what a browser does with the original link — while everything already ASCII
 * (%-escapes, `+`, the query, the fragment) stays byte for byte.
 */
export function locationHeaderForUrl(url: string) {
	const authority = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#\\]*)/i.exec(url)
	let prefix = ''
	let rest = url
	if (authority) {
		const [whole, scheme = '', hostPart = ''] = authority
		const at = hostPart.lastIndexOf('@')
		const userinfo = hostPart.slice(0, at + 1)
		const hostAndPort = hostPart.slice(at + 1)
		const portMatch = /:\d*$/.exec(hostAndPort)
		const host = portMatch ? hostAndPort.slice(0, portMatch.index) : hostAndPort
		const port = portMatch?.[0] ?? ''
		const asciiHost = isAscii(host) ? host : toAsciiHost(url, host)
		prefix = `${scheme}${percentEncodeNonAscii(userinfo)}${asciiHost}${port}`
		rest = url.slice(whole.length)
	}
	return prefix + percentEncodeNonAscii(rest)
}

function isAscii(value: string) {
	return /^[\x21-\x7e]*$/.test(value)
}

function toAsciiHost(url: string, host: string) {
	try {
		return new URL(url).hostname
	} catch {
		return percentEncodeNonAscii(host)
	}
}

function percentEncodeNonAscii(value: string) {
	let encoded = ''
	for (const character of value) {
		if (/^[\x21-\x7e]$/.test(character)) encoded += character
		else encoded += encodeURIComponent(isLoneSurrogate(character) ? '\uFFFD' : character)
	}
	return encoded
}

function isLoneSurrogate(character: string) {
	const code = character.codePointAt(0) ?? 0
	return code >= 0xd800 && code <= 0xdfff
}
