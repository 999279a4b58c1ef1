/**
 * Whether a click on a tracked link was a person or a machine (decision 044). Mail security
 * gateways (Microsoft Safe Links, Mimecast, Proofpoint, Barracuda…) and link prefetchers open every
 * link of an email as it arrives; counted as clicks they make a click rate nobody earned. Such
 * clicks are still recorded (the redirect answers them like any other) but with a reason, and the
 * analytics count them apart and leave them out of the rates.
 *
 * Decided when the click is recorded, from what the request and the step say:
 *   - 'head'       a HEAD request: a link checker, never a person's browser;
 *   - 'user-agent' no User-Agent, or one of a known scanner, crawler, preview or HTTP library;
 *   - 'too-fast'   within BOT_CLICK_AFTER_SEND_SECONDS of the send: scanners open links as the mail
 *                  is delivered, people read first;
 *   - 'burst'      BURST_DISTINCT_LINKS different links of one email within BURST_WINDOW_SECONDS:
 *                  a scanner opening every link at once. The earlier clicks of the burst, recorded
 *                  as a person's before it was one, are reclassified with it.
 */
export type BotReason = 'head' | 'user-agent' | 'too-fast' | 'burst'

export const BOT_REASONS: readonly BotReason[] = ['head', 'user-agent', 'too-fast', 'burst']

export const BOT_CLICK_AFTER_SEND_SECONDS = 10
export const BURST_DISTINCT_LINKS = 3
export const BURST_WINDOW_SECONDS = 10

// Names in the User-Agent of security gateways, preview fetchers and HTTP libraries. A person's
// browser says Mozilla/… and none of these; a headless browser says HeadlessChrome.
const SCANNER_AGENTS =
	/bot\b|bot\/|crawler|spider|scanner|preview|headless|phantomjs|python|curl\/|wget|go-http-client|okhttp|java\/|libwww|httpclient|axios|node-fetch|undici|ruby|perl|barracuda|mimecast|proofpoint|ppops|symantec|messagelabs|forcepoint|websense|trend ?micro|zscaler|sophos|fortinet|fortiguard|cisco|ironport|safelinks|microsoft office|ms-office|outlook-ios-linkpreview|skypeuripreview|google-safety|googleimageproxy|yahoo! slurp|facebookexternalhit|linkedinbot|slackbot|twitterbot|whatsapp|telegrambot|discordbot/i

export function isScannerUserAgent(userAgent: string | null | undefined) {
	const agent = userAgent?.trim() ?? ''
	return agent === '' || SCANNER_AGENTS.test(agent)
}

/** What the request and the send time alone tell; the burst needs the other clicks (SQL). */
export function classifyClick({
	method,
	userAgent,
	sentAt,
	now,
}: {
	method: string
	userAgent: string | null
	sentAt: Date | null
	now: Date
}): BotReason | null {
	if (method.toUpperCase() === 'HEAD') return 'head'
	if (isScannerUserAgent(userAgent)) return 'user-agent'
	if (sentAt && now.getTime() - sentAt.getTime() < BOT_CLICK_AFTER_SEND_SECONDS * 1000) return 'too-fast'
	return null
}
