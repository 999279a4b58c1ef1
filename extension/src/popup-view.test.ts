import { expect, test } from 'vitest'
import { describePopup } from './popup-view.ts'

const NOW = new Date('2026-11-26T12:00:00Z')
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()

test('logged in and connected, with the last check and action', () => {
	const view = describePopup({
		linkedinLoggedIn: true,
		now: NOW,
		state: {
			appToken: 'tok',
			lastClaim: { at: ago(0.5), ok: true, reason: 'OUTSIDE_ACTIVE_HOURS' },
			lastAction: { at: ago(5), kind: 'CONNECT', outcome: 'SENT' },
		},
	})
	expect(view).toEqual({
		linkedin: { label: 'Logged in', tone: 'ok', detail: expect.any(String) },
		app: { label: 'Connected', tone: 'ok', detail: 'Outside your active hours; actions resume later.' },
		lastCheck: 'just now',
		lastAction: 'Connection request, sent (5 min ago)',
		canCheckNow: true,
	})
})

test('nothing connected yet', () => {
	const view = describePopup({ linkedinLoggedIn: false, now: NOW, state: {} })
	expect(view.linkedin).toMatchObject({ label: 'Not logged in', tone: 'bad' })
	expect(view.app).toMatchObject({ label: 'Not connected', tone: 'warn' })
	expect(view).toMatchObject({ lastCheck: 'Never', lastAction: 'None yet', canCheckNow: false })
})

test('a rejected token and a failing app are shown as problems', () => {
	const rejected = describePopup({
		linkedinLoggedIn: true,
		now: NOW,
		state: { lastClaim: { at: ago(120), ok: false, error: 'Reachout no longer accepts this browser' } },
	})
	expect(rejected.app).toEqual({
		label: 'Not connected',
		tone: 'bad',
		detail: 'Reachout no longer accepts this browser',
	})
	expect(rejected.lastCheck).toBe('2 h ago')

	const failing = describePopup({
		linkedinLoggedIn: true,
		now: NOW,
		state: {
			appToken: 'tok',
			lastClaim: { at: ago(1), ok: false, error: 'Could not reach Reachout' },
			lastAction: { at: ago(2), kind: 'MESSAGE', outcome: 'ERROR', error: 'RATE_LIMITED' },
		},
	})
	expect(failing.app).toEqual({ label: 'Problem', tone: 'bad', detail: 'Could not reach Reachout' })
	expect(failing.lastAction).toBe('Message, error: LinkedIn asked to slow down (2 min ago)')
})
