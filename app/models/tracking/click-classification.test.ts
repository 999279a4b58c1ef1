import { expect, test } from 'vitest'
import { classifyClick, isScannerUserAgent } from './click-classification.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const sentAt = new Date('2026-11-27T10:00:00Z')

test('known scanners, previews and HTTP libraries, or no agent at all; browsers are people', () => {
	for (const agent of [
		'',
		null,
		'python-requests/2.32',
		'curl/8.5.0',
		'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
		'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
		'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.5)',
		'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
		'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
	]) {
		expect(isScannerUserAgent(agent), String(agent)).toBe(true)
	}
	expect(isScannerUserAgent(CHROME)).toBe(false)
	expect(isScannerUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe(false)
})

test('HEAD first, then the agent, then a click within seconds of the send', () => {
	const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000)
	expect(classifyClick({ method: 'HEAD', userAgent: CHROME, sentAt, now: at(3600) })).toBe('head')
	expect(classifyClick({ method: 'GET', userAgent: 'curl/8', sentAt, now: at(3600) })).toBe('user-agent')
	expect(classifyClick({ method: 'GET', userAgent: CHROME, sentAt, now: at(4) })).toBe('too-fast')
	expect(classifyClick({ method: 'GET', userAgent: CHROME, sentAt, now: at(11) })).toBeNull()
	expect(classifyClick({ method: 'GET', userAgent: CHROME, sentAt: null, now: at(0) })).toBeNull()
})
