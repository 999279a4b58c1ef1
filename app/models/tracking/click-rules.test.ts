import { describe, expect, test } from 'vitest'
import { CLICK_BURST_LIMIT, decideClick, type SentStepFacts } from './click-rules.ts'

const NOW = new Date('2026-11-26T12:00:00Z')
const DAY = 86_400_000
const URL_IN_BODY = 'https://acme.test/pricing?plan=pro&x=1'

function sent(overrides: Partial<SentStepFacts> = {}): SentStepFacts {
	return {
		status: 'SENT',
		sentAt: new Date(NOW.getTime() - DAY),
		repliedAt: null,
		bodyHtml: `<p><a title="x > y" href=" https://acme.test/pricing?plan=pro&amp;x=1 ">Pricing</a></p>`,
		recentClicks: 0,
		...overrides,
	}
}

const decide = (step: SentStepFacts | null, url = URL_IN_BODY) =>
	decideClick(step, url, { now: NOW, linkDays: 365 })

describe('decideClick', () => {
	test('a link of a sent email redirects, its URL read from the body as a browser reads the href', () => {
		expect(decide(sent())).toEqual({ kind: 'redirect' })
		expect(decide(sent({ status: 'REPLIED' }))).toEqual({ kind: 'redirect' })
	})

	test('an unsent, failed or missing step, or a URL not among the links, is not found', () => {
		for (const status of ['PENDING', 'SCHEDULED', 'SENDING', 'FAILED', 'CANCELED', 'DELETED'])
			expect(decide(sent({ status })), status).toEqual({ kind: 'not-found' })
		expect(decide(null)).toEqual({ kind: 'not-found' })
		expect(decide(sent({ sentAt: null }))).toEqual({ kind: 'not-found' })
		expect(decide(sent(), 'https://evil.example/')).toEqual({ kind: 'not-found' })
		// Text of the email is not a link of it; nor is an image.
		const body = '<p>Visit https://evil.example/ <img src="https://evil.example/x.png"></p>'
		expect(decide(sent({ bodyHtml: body }), 'https://evil.example/')).toEqual({ kind: 'not-found' })
		// Only web addresses, even if a body held another scheme.
		const script = '<a href="javascript:alert(1)">x</a>'
		expect(decide(sent({ bodyHtml: script }), 'javascript:alert(1)')).toEqual({ kind: 'not-found' })
	})

	test('past the link time (from the send, or the reply when no send was recorded) the page asks first', () => {
		expect(decide(sent({ sentAt: new Date(NOW.getTime() - 365 * DAY) }))).toEqual({ kind: 'redirect' })
		expect(decide(sent({ sentAt: new Date(NOW.getTime() - 365 * DAY - 1) }))).toEqual({
			kind: 'landing',
			reason: 'expired',
		})
		const repliedOnly = sent({
			status: 'REPLIED',
			sentAt: null,
			repliedAt: new Date(NOW.getTime() - 400 * DAY),
		})
		expect(decide(repliedOnly)).toEqual({ kind: 'landing', reason: 'expired' })
	})

	test('a burst of clicks on one email turns its links into pages', () => {
		expect(decide(sent({ recentClicks: CLICK_BURST_LIMIT - 1 }))).toEqual({ kind: 'redirect' })
		expect(decide(sent({ recentClicks: CLICK_BURST_LIMIT }))).toEqual({ kind: 'landing', reason: 'busy' })
	})
})
