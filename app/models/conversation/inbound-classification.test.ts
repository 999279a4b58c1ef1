import { describe, expect, test } from 'vitest'
import { classifierInputOf, inboundSamples } from '#tests/fixtures/inbound-mail.ts'
import { bounceClassOf, classifyInbound } from './inbound-classification.ts'

const classify = (raw: string) => classifyInbound(classifierInputOf(raw))
const context = {
	mailbox: 'sam@reachout.example',
	contact: 'lee@example.org',
	originalMessageId: '<step-1@reachout.example>',
	subject: 'Quick question about Example Org',
}

describe('delivery reports', () => {
	test("Gmail's address-not-found is a permanent recipient bounce", () => {
		expect(classify(inboundSamples.gmailAddressNotFound())).toEqual({
			kind: 'BOUNCE',
			bounceClass: 'PERMANENT_RECIPIENT',
			status: '5.1.1',
			diagnostic: expect.stringContaining('The email account that you tried to reach does not exist'),
		})
	})

	test("Gmail's Delivery Status Notification (Delay) is a delay notice, not a bounce", () => {
		expect(classify(inboundSamples.gmailDelay())).toEqual({ kind: 'DELAY_NOTICE', status: '4.7.1' })
	})

	test("Gmail's 5.7.1 message blocked is a policy block", () => {
		expect(classify(inboundSamples.gmailPolicyBlock())).toMatchObject({
			kind: 'BOUNCE',
			bounceClass: 'POLICY_BLOCK',
			status: '5.7.1',
			diagnostic: expect.stringContaining('local policy'),
		})
	})

	test('Postfix: user unknown bounces, "Delayed Mail (still being retried)" is a delay', () => {
		expect(classify(inboundSamples.postfixUserUnknown())).toMatchObject({
			kind: 'BOUNCE',
			bounceClass: 'PERMANENT_RECIPIENT',
			status: '5.1.1',
			diagnostic: expect.stringContaining('User unknown in virtual mailbox table'),
		})
		expect(classify(inboundSamples.postfixDelay())).toEqual({ kind: 'DELAY_NOTICE', status: '4.4.1' })
	})

	test('Exchange: 5.1.10 recipient not found is permanent; 5.7.606 banned sending IP is policy', () => {
		expect(classify(inboundSamples.exchangeRecipientNotFound())).toMatchObject({
			kind: 'BOUNCE',
			bounceClass: 'PERMANENT_RECIPIENT',
			status: '5.1.10',
		})
		expect(classify(inboundSamples.exchangeBannedSender())).toMatchObject({
			kind: 'BOUNCE',
			bounceClass: 'POLICY_BLOCK',
			status: '5.7.606',
		})
	})

	test('Exim: a generic 5.0.0 Status takes the precise code from the diagnostic (not from an IP address)', () => {
		expect(classify(inboundSamples.eximGenericStatus())).toMatchObject({
			kind: 'BOUNCE',
			bounceClass: 'PERMANENT_RECIPIENT',
			status: '5.1.1',
		})
		const mailboxFull = inboundSamples.eximGenericStatus(
			context,
			'552 5.2.2 <lee@example.org>: mailbox full, quota exceeded',
		)
		expect(classify(mailboxFull)).toMatchObject({ kind: 'BOUNCE', bounceClass: 'OTHER', status: '5.2.2' })
		const spam = inboundSamples.eximGenericStatus(
			context,
			'550 Message rejected as spam by Content Filtering',
		)
		expect(classify(spam)).toMatchObject({ kind: 'BOUNCE', bounceClass: 'POLICY_BLOCK', status: '5.0.0' })
	})

	test('qmail: a free-form failure notice with the code in the text', () => {
		expect(classify(inboundSamples.qmailFailureNotice())).toMatchObject({
			kind: 'BOUNCE',
			bounceClass: 'PERMANENT_RECIPIENT',
			status: '5.1.1',
		})
	})

	test('a read receipt is automatic, not a bounce', () => {
		expect(classify(inboundSamples.readReceipt())).toEqual({ kind: 'AUTO_REPLY', signal: 'read receipt' })
	})
})

describe('automatic replies', () => {
	test.each([
		['outlookAutomaticReply', 'Auto-Submitted: auto-generated'],
		['gmailVacation', 'Auto-Submitted: auto-replied'],
		['cpanelAutoresponder', 'x-autorespond: Quick question about Example Org'],
		['outlookOutOfOfficeSubject', 'Subject: Out of Office: Quick question about Example Org'],
	] as const)('%s is an automatic reply (%s)', (name, signal) => {
		expect(classify(inboundSamples[name](context))).toEqual({ kind: 'AUTO_REPLY', signal })
	})

	test('Precedence: bulk counts only with an away message', () => {
		const base = { from: 'lee@example.org', subject: 'Re: Quick question', headers: { Precedence: 'bulk' } }
		expect(classifyInbound({ ...base, text: 'I am on parental leave until March.' })).toMatchObject({
			kind: 'AUTO_REPLY',
		})
		expect(classifyInbound({ ...base, text: 'Sounds good, call me.' })).toEqual({ kind: 'REPLY' })
	})

	test('Auto-Submitted: no is a person', () => {
		expect(
			classifyInbound({ headers: { 'Auto-Submitted': 'no', From: 'Lee <lee@example.org>' }, text: 'Yes' }),
		).toEqual({ kind: 'REPLY' })
	})
})

describe('replies', () => {
	test('a person writing from Outlook about being out of office last week is a reply', () => {
		expect(classify(inboundSamples.outlookHumanReply())).toEqual({ kind: 'REPLY' })
	})

	test('a reply whose subject mentions a failure is still a reply', () => {
		expect(
			classifyInbound({
				headers: { from: 'lee@example.org', subject: 'Re: Undeliverable invoices' },
				text: 'We fixed the delivery failure, thanks.',
			}),
		).toEqual({ kind: 'REPLY' })
	})
})

describe('bounce classes', () => {
	test.each([
		['5.1.1', '', 'PERMANENT_RECIPIENT'],
		['5.1.2', 'host unknown', 'PERMANENT_RECIPIENT'],
		['5.2.1', 'account disabled', 'PERMANENT_RECIPIENT'],
		['5.5.0', 'Requested action not taken: mailbox unavailable', 'PERMANENT_RECIPIENT'],
		['5.5.0', 'rejected by policy', 'POLICY_BLOCK'],
		['5.7.1', 'user unknown', 'POLICY_BLOCK'],
		['5.7.26', 'DMARC policy', 'POLICY_BLOCK'],
		['4.4.7', 'message expired', 'OTHER'],
		['5.4.4', 'unable to route', 'OTHER'],
		[null, 'no such user here', 'PERMANENT_RECIPIENT'],
		[null, 'something went wrong', 'OTHER'],
	] as const)('%s "%s" → %s', (status, evidence, expected) => {
		expect(bounceClassOf(status, evidence)).toBe(expected)
	})
})
