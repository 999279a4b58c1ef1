import { expect, test } from 'vitest'
import { describeStepDecision, foldStepLedger, formatWhen } from './describe-step-decision.ts'

// Decided on Friday 27 Nov 2026, 14:00 UTC.
const decidedAt = '2026-11-27T14:00:00.000Z'

function entry(
	decision: Parameters<typeof describeStepDecision>[0]['decision'],
	reason: string,
	detail = {},
) {
	return { decision, reason, detail, createdAt: decidedAt }
}

test('a cap deferral names the time in its zone and the cap', () => {
	expect(
		describeStepDecision(
			entry('DEFERRED', 'DAILY_CAP', { until: '2026-12-01T08:00:00.000Z', timeZone: 'Europe/Oslo', cap: 50 }),
		),
	).toBe('Deferred to Tue 09:00 Europe/Oslo: mailbox at its daily cap of 50')
})

test('a time without a zone of its own is shown in the fallback zone; far times name the day', () => {
	const window = entry('DEFERRED', 'WINDOW', { until: '2026-11-30T14:30:00.000Z' })
	expect(describeStepDecision(window, 'America/New_York')).toBe(
		'Deferred to Mon 09:30 America/New_York: outside the send window',
	)
	expect(formatWhen('2026-12-20T09:00:00.000Z', 'UTC', decidedAt)).toBe('Sun 20 Dec 09:00 UTC')
	expect(formatWhen('2026-12-01T09:00:00.000Z', 'Not/AZone', decidedAt)).toBe('Tue 09:00 UTC')
})

test('each kind of decision in plain words', () => {
	expect(describeStepDecision(entry('SCHEDULED', 'ACTIVATED', { until: '2026-11-27T15:00:00.000Z' }))).toBe(
		'Scheduled for Fri 15:00 UTC: the sequence started',
	)
	expect(describeStepDecision(entry('SCHEDULED', 'UNPLANNED'))).toBe(
		'Waiting for the earlier steps: planned when the earlier steps go',
	)
	expect(describeStepDecision(entry('SKIPPED', 'UNSUBSCRIBED'))).toBe('Skipped: the contact unsubscribed')
	expect(describeStepDecision(entry('SKIPPED', 'BOUNCED'))).toBe("Skipped: the contact's address bounced")
	expect(describeStepDecision(entry('SKIPPED', 'NO_EMAIL'))).toBe('Skipped: the contact has no email address')
	expect(describeStepDecision(entry('STOPPED', 'REPLY', { intent: 'OUT_OF_OFFICE' }))).toBe(
		'Stopped: the contact replied (out of office)',
	)
	expect(
		describeStepDecision(entry('STOPPED', 'REPLY', { intent: 'OUT_OF_OFFICE', until: '2026-12-08T00:00:00.000Z' })),
	).toBe('Stopped: the contact replied (out of office); resumes Tue 8 Dec 00:00 UTC')
	expect(describeStepDecision(entry('STOPPED', 'PAUSED'))).toBe('Stopped: the sequence was paused')
	expect(describeStepDecision(entry('SENDING', 'CLAIMED', { attempt: 1 }))).toBe('Sending')
	expect(describeStepDecision(entry('SENDING', 'LEASE_TAKEOVER', { attempt: 2 }))).toBe(
		'Sending again after an interrupted attempt (attempt 2)',
	)
	expect(describeStepDecision(entry('SENT', 'SENT', { transport: 'GMAIL', messageId: '<a@b.c>' }))).toBe(
		'Sent via Gmail (message id <a@b.c>)',
	)
	expect(
		describeStepDecision(
			entry('RETRYING', 'TEMPORARY_FAILURE', {
				until: '2026-11-27T14:05:00.000Z',
				attempt: 1,
				message: 'The SMTP server could not be reached',
			}),
		),
	).toBe('Retrying at Fri 14:05 UTC after attempt 1 failed: The SMTP server could not be reached')
	expect(describeStepDecision(entry('FAILED', 'REFUSED', { message: '535 Authentication failed' }))).toBe(
		'Failed: 535 Authentication failed',
	)
	expect(describeStepDecision(entry('FAILED', 'SEND_FAILED'))).toBe('Failed: Send failed')
	expect(describeStepDecision(entry('REPLIED', 'REPLY', { intent: 'INTERESTED' }))).toBe(
		'The contact replied (interested)',
	)
	expect(describeStepDecision(entry('DONE', 'CALL_LOGGED', { outcome: 'NO_ANSWER' }))).toBe(
		'Call logged (no answer)',
	)
	expect(describeStepDecision(entry('CANCELED', 'CANCELED', { message: 'The sequence was cancelled' }))).toBe(
		'Cancelled: The sequence was cancelled',
	)
	expect(describeStepDecision(entry('STOPPED', 'SOMETHING_NEW'))).toBe('Stopped: Something new')
})

test('entries of one transaction for one step fold into the last; other steps and transactions stay', () => {
	const rows = [
		{ id: '1', stepId: 'a', transactionId: '10' },
		{ id: '2', stepId: 'b', transactionId: '10' },
		{ id: '3', stepId: 'a', transactionId: '10' },
		{ id: '4', stepId: 'a', transactionId: '11' },
		{ id: '5', stepId: 'b', transactionId: '12' },
	]
	expect(foldStepLedger(rows).map((row) => row.id)).toEqual(['2', '3', '4', '5'])
})
