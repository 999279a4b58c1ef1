import { anchorUrls } from './anchor-links.ts'
import { isWebUrl } from '#app/utils/web-url.ts'

/**
 * What a click on a tracked link gets (decision 020). The token says which step and URL; the
 * step, as stored, says whether that link really went out:
 *   - not found (404) unless the step was sent (SENT, or REPLIED since) and the URL is one of the
 *     links of its HTML — a sent step's body no longer changes (only PENDING steps are edited),
 *     so the stored body is what was sent, and the sending path stores nothing more;
 *   - a landing page that shows the destination and asks to continue, instead of a redirect,
 *     once the link is older than TRACKED_LINK_DAYS (counted from the send), or when its email's
 *     links were clicked more often in the last day than one reader of one email does;
 *   - otherwise one 302, recorded as LINK_CLICK.
 */
export type ClickDecision =
	{ kind: 'not-found' } | { kind: 'redirect' } | { kind: 'landing'; reason: LandingReason }

export type LandingReason = 'expired' | 'busy'

export type SentStepFacts = {
	status: string
	sentAt: Date | null
	repliedAt: Date | null
	bodyHtml: string
	/** LINK_CLICKs recorded for this step since CLICK_BURST_WINDOW_MS ago. */
	recentClicks: number
}

const SENT_STATUSES = new Set(['SENT', 'REPLIED'])
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * One email goes to one person. Reading it, opening a link twice, forwarding it to a colleague and
 * a mail scanner testing each link stay well under this; a link posted on a web page or sent to a
 * list does not, and from then on its readers see where it goes before they go.
 */
export const CLICK_BURST_LIMIT = 20
export const CLICK_BURST_WINDOW_MS = DAY_MS

export function decideClick(
	step: SentStepFacts | null,
	url: string,
	{ now, linkDays }: { now: Date; linkDays: number },
): ClickDecision {
	if (!step || !SENT_STATUSES.has(step.status) || !isWebUrl(url)) return { kind: 'not-found' }
	// A step taken over while SENDING can be marked REPLIED before its send is recorded.
	const sentAt = step.sentAt ?? step.repliedAt
	if (!sentAt || !anchorUrls(step.bodyHtml).has(url)) return { kind: 'not-found' }
	if (now.getTime() - sentAt.getTime() > linkDays * DAY_MS) return { kind: 'landing', reason: 'expired' }
	if (step.recentClicks >= CLICK_BURST_LIMIT) return { kind: 'landing', reason: 'busy' }
	return { kind: 'redirect' }
}
