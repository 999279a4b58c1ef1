import { describe, expect, test } from 'vitest'
import { messageIds, parseHeaders } from './imap-client.server.ts'

describe('parseHeaders', () => {
	test('reads folded references, an encoded subject and the sender address', () => {
		const raw = Buffer.from(
			[
				'From: =?UTF-8?Q?Ren=C3=A9e?= <Renee@Example.org>',
				'To: Sales <sales@acme.test>, other@acme.test',
				'Subject: =?UTF-8?B?UmU6IENhZsOp?=',
				'Message-ID: <r1@example.org>',
				'In-Reply-To: <step-2@acme.test>',
				'References: <step-1@acme.test>',
				'\t<step-2@acme.test>',
				'Content-Type: multipart/report; report-type=delivery-status;',
				' boundary="x"',
				'',
			].join('\r\n'),
		)
		expect(parseHeaders(7, raw)).toMatchObject({
			uid: 7,
			from: 'renee@example.org',
			to: 'sales@acme.test, other@acme.test',
			subject: 'Re: Café',
			messageId: '<r1@example.org>',
			inReplyTo: '<step-2@acme.test>',
			references: ['<step-1@acme.test>', '<step-2@acme.test>'],
			contentType: 'multipart/report; report-type=delivery-status; boundary="x"',
		})
	})

	test('messageIds keeps only bracketed ids', () => {
		expect(messageIds('<a@b> junk <c@d>')).toEqual(['<a@b>', '<c@d>'])
		expect(messageIds(null)).toEqual([])
	})
})
